// The jobs page: every job the user may read with its latest run; a row opens the job's page, checked rows take a
// batch action, and "New job" opens the job form.
import { getJson, send } from './api.js';
import { cell, el, go, showError, time, timeCell } from './dom.js';
import { listed, onBatch, selectBox } from './jobbatch.js';

const REFRESH_MS = 3000;

let me = null;
let timer = null;
let rendered = null;

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

async function runNow(job, button) {
  button.disabled = true;
  try {
    await send('POST', 'api/v1/jobs/' + encodeURIComponent(job.id) + '/run');
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
  for (const { job, latestRun, managedBy } of overview) {
    const row = el('tr', { className: 'job', 'data-job': job.id, onClick: () => go('job', { id: job.id }) });
    const operable = me.canOperate(job.app);
    cell(row, '').append(operable ? selectBox(job) : '');
    cell(row, '').append(el('a', { href: '#/job?id=' + encodeURIComponent(job.id), text: job.id,
      onClick: event => event.stopPropagation() }), ...managementBadges(managedBy));
    cell(row, job.description, 'message');
    cell(row, job.app + ' / ' + job.handler);
    cell(row, scheduleText(job.schedule));
    cell(row, job.enabled ? 'yes' : 'no', 'enabled');
    statusCell(row, latestRun && latestRun.status);
    timeCell(row, latestRun && latestRun.scheduledAt);
    cell(row, latestRun && lateness(latestRun.latenessMs));
    cell(row, latestRun && latestRun.message, 'message');
    const actions = cell(row, '');
    if (operable) {
      actions.appendChild(el('button', { type: 'button', text: 'Run now',
        onClick: event => { event.stopPropagation(); runNow(job, event.target); } }));
    }
    body.appendChild(row);
  }
  listed(overview.map(({ job }) => job).filter(job => me.canOperate(job.app)));
}

export async function refresh() {
  try {
    const overview = await getJson('api/v1/overview');
    const text = JSON.stringify(overview);
    if (text !== rendered) {
      rendered = text;
      renderJobs(overview);
    }
    document.getElementById('refreshed').textContent = 'updated ' + new Date().toLocaleTimeString();
    showError('error', null);
  } catch (e) {
    showError('error', e);
  }
}

export function show(caller) {
  me = caller;
  rendered = null;
  document.getElementById('import').hidden = !me.operatesAnything();
  document.getElementById('new-job').hidden = !me.operatesAnything();
  document.getElementById('select-all').hidden = !me.operatesAnything();
  refresh();
  timer = setInterval(refresh, REFRESH_MS);
}

export function hide() {
  clearInterval(timer);
  timer = null;
}

onBatch(refresh);
