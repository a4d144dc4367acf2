// The jobs page: every job the user may read with its latest run, and the runs of the job clicked.
import { getJson, send } from './api.js';
import { cell, el, showError, time, timeCell } from './dom.js';
import { runLink } from './runs.js';

const REFRESH_MS = 3000;
const RUNS_SHOWN = 20;
const RETRYABLE = ['FAILED', 'TIMED_OUT', 'LOST', 'NO_WORKER', 'KILLED'];
const TERMINAL = RETRYABLE.concat(['SUCCEEDED', 'SKIPPED']);

let me = null;
let selectedJob = null;
let timer = null;

function lateness(ms) {
  return ms == null ? '' : ms + ' ms';
}

function scheduleText(schedule) {
  if (!schedule) return '';
  switch (schedule.type) {
    case 'CRON': return 'cron ' + schedule.cron + (schedule.zone ? ' (' + schedule.zone + ')' : '');
    case 'FIXED_RATE': return 'every ' + schedule.intervalMs + ' ms';
    case 'FIXED_DELAY': return schedule.intervalMs + ' ms after each run';
    case 'ONCE': return 'once at ' + new Date(schedule.at).toLocaleString();
    default: return 'manual';
  }
}

// A job an app declares in its code: a "code" badge naming the app and version, and "orphaned" once the app's
// newest version no longer declares it.
function managementBadges(managedBy) {
  if (!managedBy) return [];
  const badges = [el('span', { className: 'badge badge-code', text: 'code',
    title: 'managed by app ' + managedBy.app + ' version ' + managedBy.version
      + ': change it in the app\'s code, or detach it' })];
  if (managedBy.orphaned) {
    badges.push(el('span', { className: 'badge badge-orphaned', text: 'orphaned',
      title: 'no longer declared by app ' + managedBy.app + ' since ' + time(managedBy.orphanedAt)
        + ' (' + managedBy.orphanedAt + ')' }));
  }
  return badges;
}

function statusCell(row, status) {
  cell(row, status || '—', 'status' + (status ? ' status-' + status : ''));
}

function actionButton(label, onClick) {
  return el('button', { type: 'button', text: label, onClick: event => { event.stopPropagation(); onClick(event.target); } });
}

async function act(path, button) {
  button.disabled = true;
  try {
    await send('POST', path);
    showError('error', null);
  } catch (e) {
    showError('error', e);
  } finally {
    button.disabled = false;
  }
}

function renderJobs(overview) {
  const body = document.querySelector('#jobs tbody');
  body.replaceChildren();
  document.getElementById('no-jobs').hidden = overview.length > 0;
  if (!overview.some(({ job }) => job.id === selectedJob)) {
    selectedJob = null;
    document.getElementById('runs-section').hidden = true;
  }
  for (const { job, latestRun, managedBy } of overview) {
    const row = el('tr', { className: 'job' + (job.id === selectedJob ? ' selected' : ''),
      onClick: () => { selectedJob = job.id; refresh(); } });
    cell(row, job.id).append(...managementBadges(managedBy));
    cell(row, job.description, 'message');
    cell(row, job.app + ' / ' + job.handler);
    cell(row, scheduleText(job.schedule));
    cell(row, job.enabled ? 'yes' : 'no');
    statusCell(row, latestRun && latestRun.status);
    timeCell(row, latestRun && latestRun.scheduledAt);
    cell(row, latestRun && lateness(latestRun.latenessMs));
    cell(row, latestRun && latestRun.message, 'message');
    const actions = cell(row, '');
    if (me.canOperate(job.app)) {
      actions.appendChild(actionButton('Run now',
          button => act('api/v1/jobs/' + encodeURIComponent(job.id) + '/run', button)));
    }
    body.appendChild(row);
  }
}

function renderRuns(runs, job) {
  document.getElementById('runs-section').hidden = false;
  document.getElementById('runs-job').textContent = selectedJob;
  document.getElementById('runs-params').textContent = job && job.params != null ? job.params : '(none)';
  const body = document.querySelector('#runs tbody');
  body.replaceChildren();
  for (const run of runs) {
    const row = el('tr');
    cell(row, '').append(runLink(run.runId));
    cell(row, run.kind);
    statusCell(row, run.status);
    timeCell(row, run.scheduledAt);
    timeCell(row, run.startedAt);
    timeCell(row, run.finishedAt);
    cell(row, lateness(run.latenessMs));
    cell(row, run.instance);
    cell(row, run.message, 'message');
    const actions = cell(row, '');
    const runPath = 'api/v1/runs/' + encodeURIComponent(run.runId);
    if (me.canOperate(run.app) && RETRYABLE.includes(run.status)) {
      actions.appendChild(actionButton('Retry', button => act(runPath + '/retry', button)));
    } else if (me.canOperate(run.app) && !TERMINAL.includes(run.status)) {
      actions.appendChild(actionButton('Kill', button => act(runPath + '/kill', button)));
    }
    body.appendChild(row);
  }
}

export async function refresh() {
  try {
    const overview = await getJson('api/v1/overview');
    renderJobs(overview);
    if (selectedJob) {
      const selected = overview.find(({ job }) => job.id === selectedJob);
      renderRuns(await getJson('api/v1/jobs/' + encodeURIComponent(selectedJob) + '/runs?limit=' + RUNS_SHOWN),
          selected && selected.job);
    }
    document.getElementById('refreshed').textContent = 'updated ' + new Date().toLocaleTimeString();
    showError('error', null);
  } catch (e) {
    showError('error', e);
  }
}

export function show(caller) {
  me = caller;
  document.getElementById('import').hidden = !me.operatesAnything();
  refresh();
  timer = setInterval(refresh, REFRESH_MS);
}

export function hide() {
  clearInterval(timer);
  timer = null;
}
