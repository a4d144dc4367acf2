// The dashboard: totals, runs by status per minute and per day, lateness, the forecast's busiest minutes of the next
// 24 hours, failing jobs and running runs, and for an
// ADMIN the failed and refused sign-ins of the last hour; refreshed every REFRESH_MS while shown. The range and days
// live in the URL (#/dashboard?range=6h&days=14).
import { getJson } from '../api.js';
import { cell, el, showError, timeCell } from '../dom.js';
import { runLink } from '../runs/runs.js';
import { drawLatenessChart, drawStatusChart, resizeCharts } from '../charts.js';
import { peakTitle } from '../forecast/forecast.js';

const REFRESH_MS = 30000;
/** The busiest minutes of the forecast the dashboard names. */
const PEAKS_SHOWN = 3;
const CHARTS = ['chart-minutes', 'chart-lateness', 'chart-days'];
const SOURCES = { STATS: 'from stats', RUNS: 'from the runs table' };
let timer = null;
let loading = false;
let admin = false;

function tile(label, value, title) {
  return el('div', { className: 'tile', title },
      el('span', { className: 'tile-value', text: value == null ? '—' : String(value) }),
      el('span', { className: 'tile-label', text: label }));
}

function renderTiles(dashboard) {
  const totals = dashboard.totals;
  const lateness = dashboard.lateness;
  document.getElementById('dashboard-tiles').replaceChildren(
      tile('jobs', totals.jobs), tile('enabled', totals.enabledJobs), tile('apps', totals.apps),
      tile('live workers', totals.liveWorkers),
      tile('lateness p50', lateness.p50Ms == null ? null : lateness.p50Ms + ' ms', SOURCES[lateness.source]),
      tile('lateness p99', lateness.p99Ms == null ? null : lateness.p99Ms + ' ms', SOURCES[lateness.source]));
}

function renderSignIns(signIns) {
  const since = 'since ' + new Date(signIns.since).toLocaleTimeString();
  document.getElementById('dashboard-tiles').append(
      tile('failed sign-ins', signIns.failed, since), tile('refused sign-ins', signIns.refused, since));
}

function renderFailing(failing) {
  document.querySelector('#failing-jobs tbody').replaceChildren(...failing.jobs.map(job => {
    const row = el('tr');
    cell(row, '').append(el('a', {
      href: '#/runs?job=' + encodeURIComponent(job.jobId) + '&status=FAILED,TIMED_OUT,LOST,NO_WORKER',
      text: job.jobId
    }));
    cell(row, job.app);
    cell(row, job.failures, 'status status-FAILED');
    cell(row, job.runs);
    return row;
  }));
  document.getElementById('no-failing-jobs').hidden = failing.jobs.length > 0;
}

function renderRunning(runs) {
  document.querySelector('#running-runs tbody').replaceChildren(...runs.map(run => {
    const row = el('tr');
    cell(row, '').append(runLink(run.runId));
    cell(row, run.jobId);
    cell(row, run.app);
    timeCell(row, run.startedAt);
    cell(row, run.instance);
    return row;
  }));
  document.getElementById('no-running-runs').hidden = runs.length > 0;
}

function render(dashboard) {
  renderTiles(dashboard);
  drawStatusChart('chart-minutes', dashboard.perMinute);
  drawLatenessChart('chart-lateness', dashboard.perMinute);
  drawStatusChart('chart-days', dashboard.perDay);
  resizeCharts(CHARTS);
  document.getElementById('chart-minutes-source').textContent = SOURCES[dashboard.perMinute.source];
  document.getElementById('chart-lateness-source').textContent = SOURCES[dashboard.perMinute.source];
  document.getElementById('chart-days-source').textContent = SOURCES[dashboard.perDay.source];
  renderFailing(dashboard.topFailingJobs);
  renderRunning(dashboard.running);
}

function query() {
  return new URLSearchParams({
    range: document.getElementById('dashboard-range').value,
    days: document.getElementById('dashboard-days').value
  });
}

async function load() {
  if (loading) return;
  loading = true;
  const state = document.getElementById('dashboard-state');
  state.textContent = 'loading…';
  try {
    const [dashboard, signIns] = await Promise.all([getJson('api/v1/dashboard?' + query()),
      admin ? getJson('api/v1/signins') : null]);
    render(dashboard);
    if (signIns) renderSignIns(signIns);
    state.textContent = 'as of ' + new Date(dashboard.at).toLocaleTimeString();
    state.title = dashboard.at;
    showError('dashboard-error', null);
  } catch (e) {
    state.textContent = '';
    showError('dashboard-error', e);
  } finally {
    loading = false;
  }
}

/** The forecast panel: the busiest minutes of the next 24 hours, loaded as the page is shown. */
async function loadPeaks() {
  try {
    const forecast = await getJson('api/v1/forecast');
    const peaks = forecast.peaks.slice(0, PEAKS_SHOWN);
    document.getElementById('dashboard-peaks').replaceChildren(...peaks.map(peak => el('li', { className: 'peak' },
        el('a', { href: '#/forecast', text: peakTitle(peak) }))));
    document.getElementById('dashboard-no-peaks').hidden = peaks.length > 0;
  } catch (e) {
    showError('dashboard-error', e);
  }
}

function changed() {
  history.replaceState(null, '', '#/dashboard?' + query());
  load();
}

function choose(id, value) {
  const select = document.getElementById(id);
  if (value && [...select.options].some(option => option.value === value)) select.value = value;
}

export function show(me, params) {
  admin = me.admin;
  choose('dashboard-range', params.get('range') || '6h');
  choose('dashboard-days', params.get('days') || '14');
  load();
  loadPeaks();
  clearInterval(timer);
  timer = setInterval(load, REFRESH_MS);
}

export function hide() {
  clearInterval(timer);
  timer = null;
}

document.getElementById('dashboard-range').addEventListener('change', changed);
document.getElementById('dashboard-days').addEventListener('change', changed);
window.addEventListener('resize', () => resizeCharts(CHARTS));
