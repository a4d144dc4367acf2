// The dashboard's charts, drawn by ECharts (the console serves its WebJar; the page loads it as window.echarts).

const STATUS_COLORS = {
  SUCCEEDED: '#1e7d32', FAILED: '#b3261e', TIMED_OUT: '#e8710a', LOST: '#8e24aa', NO_WORKER: '#c2185b',
  KILLED: '#6d4c41', SKIPPED: '#8a93a3'
};
const STATUS_ORDER = Object.keys(STATUS_COLORS);

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

// Tooltips are drawn on the canvas (richText): ECharts' HTML tooltips carry inline styles, which the console's
// Content-Security-Policy refuses.
function baseOption(legend) {
  return {
    animation: false,
    tooltip: { trigger: 'axis', renderMode: 'richText' },
    legend: { data: legend, top: 0 },
    grid: { left: 48, right: 16, top: 32, bottom: 28 },
    xAxis: { type: 'time' },
    yAxis: { type: 'value', minInterval: 1 }
  };
}

/** Draws runs by status of {@code buckets} as stacked bars in the chart {@code id}. */
export function drawStatusChart(id, buckets) {
  showEmpty(id, buckets.length === 0);
  const names = statuses(buckets);
  const option = baseOption(names);
  option.series = names.map(status => ({
    name: status, type: 'bar', stack: 'runs', color: STATUS_COLORS[status],
    data: buckets.filter(bucket => bucket.byStatus[status]).map(bucket => [bucket.start, bucket.byStatus[status]])
  }));
  chartOf(id).setOption(option, true);
}

/** Draws the lateness p50 and p99 of {@code buckets} as lines in the chart {@code id}. */
export function drawLatenessChart(id, buckets) {
  const points = buckets.filter(bucket => bucket.latenessP50Ms != null);
  showEmpty(id, points.length === 0);
  const option = baseOption(['p50', 'p99']);
  option.series = [
    { name: 'p50', type: 'line', showSymbol: false, data: points.map(b => [b.start, b.latenessP50Ms]) },
    { name: 'p99', type: 'line', showSymbol: false, data: points.map(b => [b.start, b.latenessP99Ms]) }
  ];
  chartOf(id).setOption(option, true);
}

/** Fits every drawn chart to its element's size. */
export function resizeCharts(ids) {
  for (const id of ids) {
    const chart = window.echarts.getInstanceByDom(document.getElementById(id));
    if (chart) chart.resize();
  }
}
