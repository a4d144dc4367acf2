// The forecast of the day: how many fires fall in each minute of the next 24 hours across the readable jobs, the
// busiest minutes named with their jobs, and a jitter suggestion where many jobs fire at once (GET /api/v1/forecast);
// below, the grid of the past 24 hours' runs (pastgrid.js).
import { getJson } from '../api.js';
import { el, showError } from '../dom.js';
import { drawStatusChart, resizeCharts } from '../charts.js';
import { loadPastGrid } from './pastgrid.js';

const CHART = 'chart-forecast';
/** A busiest minute with at least this many jobs without jitter gets the jitter suggestion. */
const CROWDED_JOBS = 2;

function pad(number) {
  return String(number).padStart(2, '0');
}

function localMinute(iso) {
  const at = new Date(iso);
  return pad(at.getHours()) + ':' + pad(at.getMinutes());
}

function series(forecast) {
  const from = Date.parse(forecast.from);
  const buckets = forecast.fires.map((fires, minute) => ({
    start: new Date(from + minute * forecast.bucketMs).toISOString(), byStatus: { fires }
  })).filter(bucket => bucket.byStatus.fires > 0);
  return { from: forecast.from, to: forecast.to, bucketMs: forecast.bucketMs, buckets };
}

/** A busiest minute in words: its local time, its fires and its jobs. */
export function peakTitle(peak) {
  return localMinute(peak.minute) + ': ' + peak.fires.toLocaleString() + ' fires from ' + peak.jobs.toLocaleString()
      + ' jobs';
}

function peakItem(peak) {
  const jobs = el('ul', { className: 'peak-jobs' }, peak.topJobs.map(job => el('li', {},
      el('a', { href: '#/job?id=' + encodeURIComponent(job.jobId), text: job.jobId, translate: 'no' }),
      ' ', el('span', { className: 'muted', text: job.fires.toLocaleString() + ' × ', translate: 'no' }),
      el('span', { className: 'muted', text: job.app, translate: 'no' }))));
  const crowded = peak.jobsWithoutJitter >= CROWDED_JOBS;
  return el('li', { className: 'peak' },
      el('strong', { text: peakTitle(peak) }),
      crowded ? el('p', { className: 'warning-text', text: peak.jobsWithoutJitter.toLocaleString()
          + ' of these jobs have no jitter: a jitter (jitterMs) of a minute or so spreads their fires.' }) : null,
      jobs);
}

function render(forecast) {
  drawStatusChart(CHART, series(forecast));
  resizeCharts([CHART]);
  document.getElementById('forecast-summary').textContent = forecast.totalFires.toLocaleString() + ' fires from '
      + forecast.jobs.toLocaleString() + ' jobs in the next 24 hours';
  document.getElementById('forecast-peaks').replaceChildren(...forecast.peaks.map(peakItem));
  document.getElementById('forecast-no-peaks').hidden = forecast.peaks.length > 0;
  const notes = [];
  if (forecast.unforeseeableJobs) {
    notes.push(forecast.unforeseeableJobs + ' FIXED_DELAY jobs are not counted: they fire after their runs end.');
  }
  if (forecast.jobsCut.length) {
    notes.push(forecast.jobsCut.length + ' jobs fire more often than counted; each is counted up to '
        + forecast.maxFiresPerJob.toLocaleString() + ' fires.');
  }
  document.getElementById('forecast-notes').replaceChildren(...notes.map(note => el('span', { text: note })));
}

async function load() {
  const state = document.getElementById('forecast-state');
  state.textContent = 'loading…';
  try {
    render(await getJson('api/v1/forecast'));
    state.textContent = '';
    showError('forecast-error', null);
  } catch (e) {
    state.textContent = '';
    showError('forecast-error', e);
  }
}

export function show() {
  load();
  loadPastGrid();
}

export function hide() {}

window.addEventListener('resize', () => resizeCharts([CHART]));
