// The dashboard's charts, drawn by ECharts (the console serves its WebJar; the page loads it as window.echarts).
// Each chart's time axis spans exactly its series' range (from, to); every bucket of the range has a slot, a bar
// fills its slot, and a bucket without runs is a gap (no bar, a break in the lines). The axis is a value axis of
// epoch milliseconds with time labels: ECharts widens a time axis that holds bars beyond its min and max.
import { t } from './i18n.js';

const STATUS_COLORS = {
  SUCCEEDED: '#1e7d32', FAILED: '#b3261e', TIMED_OUT: '#e8710a', LOST: '#8e24aa', NO_WORKER: '#c2185b',
  KILLED: '#6d4c41', SKIPPED: '#8a93a3'
};
const STATUS_ORDER = Object.keys(STATUS_COLORS);
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** The steps between axis labels, the first that gives at most {@value MAX_LABELS} labels is used. */
const LABEL_STEPS = [1, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440, 2880, 10080].map(minutes => minutes * MINUTE_MS);
const MAX_LABELS = 8;
/** The part of its slot a bar fills; the rest parts it from its neighbours. */
const BAR_FILL = '80%';
/**
 * A slot's point is [value, middle of the slot], drawn with the value up and the time along: on two value axes
 * ECharts stacks the first dimension of the data, so a point [time, value] would stack the times and draw every
 * status from zero, the last series hiding the others.
 */
const SLOT_ENCODE = { x: 1, y: 0 };

function chartOf(id) {
  const element = document.getElementById(id);
  return window.echarts.getInstanceByDom(element) || window.echarts.init(element);
}

function statuses(buckets) {
  const seen = new Set(buckets.flatMap(bucket => Object.keys(bucket.byStatus)));
  return [...STATUS_ORDER.filter(status => seen.has(status)), ...[...seen].filter(s => !STATUS_ORDER.includes(s))];
}

function showEmpty(id, empty) {
  document.getElementById(id).style.visibility = empty ? 'hidden' : 'visible';
  document.getElementById(id + '-empty').hidden = !empty;
}

/** The start of every bucket of {@code series}, oldest first. */
function slots(series) {
  const from = Date.parse(series.from);
  const to = Date.parse(series.to);
  const starts = [];
  for (let start = from; start < to; start += series.bucketMs) starts.push(start);
  return starts;
}

function pad(number) {
  return String(number).padStart(2, '0');
}

/** A bucket's start as the axis shows it: the local minute, or the UTC day for day buckets. */
function bucketLabel(start, bucketMs) {
  const at = new Date(start);
  if (bucketMs >= DAY_MS) return at.getUTCFullYear() + '-' + pad(at.getUTCMonth() + 1) + '-' + pad(at.getUTCDate());
  return at.getFullYear() + '-' + pad(at.getMonth() + 1) + '-' + pad(at.getDate()) + ' ' + pad(at.getHours()) + ':'
      + pad(at.getMinutes());
}

/** An axis label: the local time (with the date over more than a day), or the UTC date for day buckets. */
function axisLabel(series) {
  const span = Date.parse(series.to) - Date.parse(series.from);
  return value => {
    const label = bucketLabel(value, series.bucketMs);
    if (series.bucketMs >= DAY_MS) return label.substring(5);
    return span > DAY_MS ? label.substring(5) : label.substring(11);
  };
}

function labelStep(series) {
  const span = Date.parse(series.to) - Date.parse(series.from);
  const step = LABEL_STEPS.find(candidate => candidate >= series.bucketMs && span / candidate <= MAX_LABELS);
  return step || span;
}

/** The tooltip of one slot: its bucket and the exact value of each series there (a slot without any says so). */
function tooltip(series, unit) {
  return params => {
    const points = Array.isArray(params) ? params : [params];
    if (points.length === 0) return '';
    const start = points[0].value[1] - series.bucketMs / 2;
    const lines = points.filter(point => point.value[0] != null && point.value[0] !== 0)
        .map(point => point.seriesName + ': ' + point.value[0].toLocaleString() + unit);
    return bucketLabel(start, series.bucketMs) + '\n' + (lines.length ? lines.join('\n') : t('No runs'));
  };
}

// Tooltips are drawn on the canvas (richText): ECharts' HTML tooltips carry inline styles, which the console's
// Content-Security-Policy refuses.
function baseOption(series, legend, unit) {
  return {
    animation: false,
    tooltip: {
      trigger: 'axis', renderMode: 'richText', formatter: tooltip(series, unit),
      axisPointer: { type: 'line', label: { show: false } }
    },
    legend: { data: legend, top: 0 },
    grid: { left: 56, right: 24, top: 32, bottom: 28 },
    xAxis: {
      type: 'value', min: Date.parse(series.from), max: Date.parse(series.to), interval: labelStep(series),
      axisLabel: { formatter: axisLabel(series), hideOverlap: true }, splitLine: { show: false }
    },
    yAxis: { type: 'value', minInterval: 1 }
  };
}

/** Each slot's {@code valueOf(bucket)}, or null for a slot without a bucket, with the slot's middle. */
function slotValues(series, valueOf) {
  const byStart = new Map(series.buckets.map(bucket => [Date.parse(bucket.start), bucket]));
  return slots(series).map(start => {
    const bucket = byStart.get(start);
    const value = bucket ? valueOf(bucket) : null;
    return [value == null ? null : value, start + series.bucketMs / 2];
  });
}

/**
 * Draws the runs by status of {@code series} (a dashboard series: from, to, bucketMs, buckets) as stacked bars, one
 * per bucket at the bucket's width, in the chart {@code id}.
 */
export function drawStatusChart(id, series) {
  showEmpty(id, series.buckets.length === 0);
  const names = statuses(series.buckets);
  const option = baseOption(series, names.map(status => t(status)), '');
  option.series = names.map(status => ({
    name: t(status), type: 'bar', stack: 'runs', color: STATUS_COLORS[status], barWidth: BAR_FILL,
    encode: SLOT_ENCODE, data: slotValues(series, bucket => bucket.byStatus[status] || 0)
  }));
  chartOf(id).setOption(option, true);
}

/** Draws the lateness p50 and p99 of {@code series} as lines broken where no run started, in the chart {@code id}. */
export function drawLatenessChart(id, series) {
  const measured = series.buckets.filter(bucket => bucket.latenessP50Ms != null);
  showEmpty(id, measured.length === 0);
  const option = baseOption(series, ['p50', 'p99'], ' ms');
  option.yAxis = { type: 'value' };
  const line = (name, field) => ({
    name, type: 'line', showSymbol: true, symbolSize: 4, connectNulls: false, encode: SLOT_ENCODE,
    data: slotValues(series, bucket => bucket[field])
  });
  option.series = [line('p50', 'latenessP50Ms'), line('p99', 'latenessP99Ms')];
  chartOf(id).setOption(option, true);
}

/** Fits every drawn chart to its element's size. */
export function resizeCharts(ids) {
  for (const id of ids) {
    const chart = window.echarts.getInstanceByDom(document.getElementById(id));
    if (chart) chart.resize();
  }
}
