// The job page (#/job?id=): the definition, its pause, next fires, its runs over time (by status per minute and per
// day, lateness per minute), recent runs with durations, the actions its grants allow, and its change history from
// the audit log. Runs and charts refresh while the page is shown.
import { getJson } from '../api.js';
import { changeDetails } from '../audit/audit.js';
import { drawLatenessChart, drawStatusChart, resizeCharts } from '../charts.js';
import { cell, dataCell, duration, el, showError, time, timeCell } from '../dom.js';
import { jobActions } from './jobactions.js';
import { runLink } from '../runs/runs.js';
import { skippedRow } from './schedulepreview.js';

const REFRESH_MS = 3000;
const RUNS_SHOWN = 20;
const FIRES_SHOWN = 10;
const HISTORY_SHOWN = 20;
const CHARTS = ['job-chart-minutes', 'job-chart-lateness', 'job-chart-days'];

let me = null;
let jobId = null;
let timer = null;

function path(suffix) {
  return 'api/v1/jobs/' + encodeURIComponent(jobId) + (suffix || '');
}

/** The facts whose values are what users wrote or API names: shown as they are in every language. */
const WRITTEN = new Set(['Description', 'App / handler', 'Owner', 'Tags', 'Params', 'Cron', 'Children',
  'Pinned instances', 'Schedule type', 'Routing', 'When a run is still running']);

function fact(label, value) {
  const text = value == null || value === '' || (Array.isArray(value) && value.length === 0) ? '—'
      : Array.isArray(value) ? value.join(', ') : String(value);
  return [el('dt', { text: label }), el('dd', { text, translate: WRITTEN.has(label) ? 'no' : null })];
}

function scheduleFacts(schedule, words) {
  return [...fact('Schedule', words), ...fact('Schedule type', schedule.type),
    ...(schedule.cron ? fact('Cron', schedule.cron + ' (' + (schedule.zone || 'UTC') + ')') : []),
    ...(schedule.intervalMs ? fact('Interval', duration(schedule.intervalMs)) : []),
    ...(schedule.at ? fact('At', time(schedule.at)) : []),
    ...(schedule.startAt ? fact('Not before', time(schedule.startAt)) : []),
    ...(schedule.endAt ? fact('Not after', time(schedule.endAt)) : [])];
}

function alertingText(alerting) {
  if (!alerting) return 'defaults';
  return Object.entries(alerting).map(([name, value]) => name + ' ' + value).join(', ');
}

function managedText(managedBy) {
  if (!managedBy) return 'the console';
  return 'app ' + managedBy.app + ' version ' + managedBy.version + ' (declared in its code)'
      + (managedBy.orphaned ? '; orphaned: no longer declared since ' + time(managedBy.orphanedAt) : '');
}

function renderDefinition(job, summary) {
  document.getElementById('job-title').textContent = job.id;
  const state = document.getElementById('job-state');
  state.textContent = !job.enabled ? 'disabled' : summary && summary.paused ? 'paused' : 'enabled';
  state.className = 'status job-state-' + state.textContent;
  const pause = document.getElementById('job-pause');
  const paused = summary && summary.pause;
  pause.hidden = !(summary && summary.paused);
  pause.textContent = paused ? 'Paused by ' + paused.by + ' at ' + time(paused.at) + ': ' + paused.reason : 'Paused.';
  const retry = job.retry;
  document.getElementById('job-facts').replaceChildren(
      ...fact('Description', job.description), ...fact('App / handler', job.app + ' / ' + job.handler),
      ...fact('Managed by', managedText(job.managedBy)),
      ...fact('Owner', job.owner), ...fact('Tags', job.tags), ...fact('Params', job.params),
      ...scheduleFacts(job.schedule, summary && summary.scheduleInWords),
      ...fact('Missed fires', job.misfire.strategy + ' after ' + duration(job.misfire.thresholdMs)
          + ', at most ' + job.misfire.maxCatchUp + ' caught up'),
      ...fact('Jitter', job.jitterMs ? duration(job.jitterMs) : null),
      ...fact('Routing', job.routing), ...fact('Pinned instances', job.pinnedInstances),
      ...fact('When a run is still running', job.blockStrategy),
      ...fact('Timeout', job.timeoutMs ? duration(job.timeoutMs) : 'none'),
      ...fact('At most once', job.atMostOnce ? 'yes' : 'no'),
      ...fact('Attempts', retry.maxAttempts + (retry.maxAttempts > 1 ? ', waiting ' + duration(retry.backoffMs)
          + ' × ' + retry.multiplier + (retry.maxBackoffMs ? ' up to ' + duration(retry.maxBackoffMs) : '') : '')),
      ...fact('Latest start', job.misfire.maxLateMs ? duration(job.misfire.maxLateMs) : 'no limit'),
      ...fact('Pause after failures', job.pauseAfterFailures ? job.pauseAfterFailures + ' in a row' : 'never'),
      ...fact('Children', job.children), ...fact('Alerting', alertingText(job.alerting)),
      ...fact('Version', job.version));
}

function renderActions(job, summary) {
  const actions = document.getElementById('job-actions');
  actions.replaceChildren();
  if (!me.canOperate(job.app)) return;
  actions.append(...jobActions(job, summary && summary.paused, message => {
    const notice = document.getElementById('job-notice');
    notice.textContent = message;
    notice.hidden = false;
    load();
  }, error => showError('job-error', error)));
}

/** One row of the next fires: an instant that fires, or one a calendar removes, struck through and naming it. */
function fireRow(fire) {
  const utc = fire.at.replace('T', ' ').replace('Z', ' UTC');
  if (!fire.skippedBy) {
    const row = el('tr');
    timeCell(row, fire.at);
    cell(row, utc);
    return row;
  }
  return skippedRow(el('td', { title: fire.at }, el('s', { text: time(fire.at) })), utc, fire.skippedBy);
}

function renderFires(preview, job, summary) {
  const idle = !job.enabled || (summary && summary.paused);
  document.getElementById('job-fires-note').textContent = idle
      ? 'The job is ' + (job.enabled ? 'paused' : 'disabled') + ': these are the times its schedule names.' : '';
  const fires = [...preview.fireTimes.map(at => ({ at })), ...(preview.skipped || [])]
      .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  document.querySelector('#job-fires tbody').replaceChildren(...fires.map(fireRow));
  document.getElementById('job-fires').hidden = fires.length === 0;
  document.getElementById('job-no-fires').hidden = fires.length > 0;
  const stopped = document.getElementById('job-fires-stopped');
  stopped.textContent = preview.stoppedBecause ? 'The calendars stop the schedule here: ' + preview.stoppedBecause + '.' : '';
  stopped.hidden = !preview.stoppedBecause;
}

function renderRuns(runs) {
  document.querySelector('#job-runs tbody').replaceChildren(...runs.map(run => {
    const row = el('tr');
    cell(row, '').append(runLink(run.runId));
    cell(row, run.kind);
    cell(row, run.status, 'status status-' + run.status);
    timeCell(row, run.scheduledAt);
    timeCell(row, run.startedAt);
    cell(row, run.startedAt && run.finishedAt ? duration(Date.parse(run.finishedAt) - Date.parse(run.startedAt))
        : run.startedAt ? 'running' : '');
    cell(row, run.latenessMs == null ? '' : duration(run.latenessMs));
    cell(row, run.instance);
    cell(row, run.message, 'message');
    return row;
  }));
  document.getElementById('job-runs').hidden = runs.length === 0;
  document.getElementById('job-no-runs').hidden = runs.length > 0;
}

/** The audit log answers OPERATORs the entries of the apps they operate, and ADMINs every entry. */
async function loadHistory(job) {
  const section = document.getElementById('job-history-section');
  section.hidden = !me.canOperate(job.app);
  if (section.hidden) return;
  const answer = await getJson('api/v1/audit?target=' + encodeURIComponent(jobId) + '&size=' + HISTORY_SHOWN);
  document.querySelector('#job-history tbody').replaceChildren(...answer.items.map(entry => {
    const row = el('tr');
    timeCell(row, entry.at);
    dataCell(row, entry.actor);
    dataCell(row, entry.action);
    cell(row, entry.outcome, 'outcome-' + entry.outcome);
    cell(row, '').append(changeDetails(entry));
    return row;
  }));
  document.getElementById('job-no-history').hidden = answer.items.length > 0;
}

function renderCharts(charts) {
  drawStatusChart('job-chart-minutes', charts.perMinute);
  drawLatenessChart('job-chart-lateness', charts.perMinute);
  drawStatusChart('job-chart-days', charts.perDay);
  resizeCharts(CHARTS);
}

async function summaryOf(job) {
  const page = await getJson('api/v1/jobs?app=' + encodeURIComponent(job.app) + '&q=' + encodeURIComponent(job.id));
  return page.items.find(item => item.job.id === job.id) || null;
}

async function load() {
  const shown = jobId;
  try {
    const job = await getJson(path());
    const [summary, preview, runs, charts] = await Promise.all([summaryOf(job),
      getJson(path('/schedule/preview?count=' + FIRES_SHOWN)), getJson(path('/runs?limit=' + RUNS_SHOWN)),
      getJson(path('/charts'))]);
    if (shown !== jobId) return;
    renderDefinition(job, summary);
    renderActions(job, summary);
    renderFires(preview, job, summary);
    renderRuns(runs);
    await loadHistory(job);
    document.getElementById('job-loading').hidden = true;
    document.getElementById('job-body').hidden = false;
    renderCharts(charts);
    showError('job-error', null);
  } catch (e) {
    document.getElementById('job-loading').hidden = true;
    showError('job-error', e);
  }
}

async function refreshRuns() {
  try {
    const [runs, charts] = await Promise.all([getJson(path('/runs?limit=' + RUNS_SHOWN)), getJson(path('/charts'))]);
    renderRuns(runs);
    renderCharts(charts);
  } catch (e) {
    showError('job-error', e);
  }
}

export function show(caller, params) {
  me = caller;
  jobId = params.get('id');
  document.getElementById('job-title').textContent = jobId;
  document.getElementById('job-loading').hidden = false;
  document.getElementById('job-body').hidden = true;
  document.getElementById('job-notice').hidden = true;
  document.getElementById('job-actions').replaceChildren();
  load();
  timer = setInterval(refreshRuns, REFRESH_MS);
}

export function hide() {
  clearInterval(timer);
  timer = null;
}

window.addEventListener('resize', () => resizeCharts(CHARTS));
