'use strict';

const REFRESH_MS = 3000;
const RUNS_SHOWN = 20;
const RETRYABLE = ['FAILED', 'TIMED_OUT', 'LOST', 'NO_WORKER', 'KILLED'];
const TERMINAL = RETRYABLE.concat(['SUCCEEDED', 'SKIPPED']);
let selectedJob = null;
let me = null;

function csrfToken() {
  const cookie = document.cookie.split('; ').find(part => part.startsWith('XSRF-TOKEN='));
  return cookie ? decodeURIComponent(cookie.substring('XSRF-TOKEN='.length)) : '';
}

function canOperate(app) {
  return me != null && me.grants.some(grant => grant.role === 'ADMIN'
      || (grant.role === 'OPERATOR' && (grant.app === '*' || grant.app === app)));
}

function toLoginOn401(response) {
  if (response.status === 401) {
    window.location.assign('login?expired');
    throw new Error('signed out');
  }
  return response;
}

function cell(row, text, className) {
  const td = document.createElement('td');
  td.textContent = text == null ? '' : String(text);
  if (className) td.className = className;
  row.appendChild(td);
  return td;
}

function time(iso) {
  return iso ? new Date(iso).toLocaleString() : '';
}

function lateness(ms) {
  return ms == null ? '' : ms + ' ms';
}

function scheduleText(schedule) {
  if (!schedule) return '';
  switch (schedule.type) {
    case 'CRON': return 'cron ' + schedule.cron + (schedule.zone ? ' (' + schedule.zone + ')' : '');
    case 'FIXED_RATE': return 'every ' + schedule.intervalMs + ' ms';
    case 'FIXED_DELAY': return schedule.intervalMs + ' ms after each run';
    case 'ONCE': return 'once at ' + time(schedule.at);
    default: return 'manual';
  }
}

function statusCell(row, status) {
  cell(row, status || '—', 'status' + (status ? ' status-' + status : ''));
}

async function getJson(url) {
  const response = toLoginOn401(await fetch(url, { headers: { Accept: 'application/json' } }));
  if (!response.ok) throw new Error(url + ' answered ' + response.status);
  return response.json();
}

async function post(path, what, button) {
  button.disabled = true;
  try {
    const response = toLoginOn401(await fetch(path, { method: 'POST', headers: { 'X-XSRF-TOKEN': csrfToken() } }));
    if (!response.ok) {
      const answer = await response.json().catch(() => ({}));
      throw new Error(what + ' answered ' + response.status + (answer.error ? ': ' + answer.error : ''));
    }
  } catch (e) {
    showError(e);
  } finally {
    button.disabled = false;
  }
}

function actionButton(label, onClick) {
  const button = document.createElement('button');
  button.textContent = label;
  button.addEventListener('click', event => { event.stopPropagation(); onClick(button); });
  return button;
}

function renderJobs(overview) {
  const body = document.querySelector('#jobs tbody');
  body.replaceChildren();
  document.getElementById('no-jobs').hidden = overview.length > 0;
  if (!overview.some(({ job }) => job.id === selectedJob)) {
    selectedJob = null;
    document.getElementById('runs-section').hidden = true;
  }
  for (const { job, latestRun } of overview) {
    const row = document.createElement('tr');
    row.className = 'job' + (job.id === selectedJob ? ' selected' : '');
    row.addEventListener('click', () => { selectedJob = job.id; refresh(); });
    cell(row, job.id);
    cell(row, job.description, 'message');
    cell(row, job.app + ' / ' + job.handler);
    cell(row, scheduleText(job.schedule));
    cell(row, job.enabled ? 'yes' : 'no');
    statusCell(row, latestRun && latestRun.status);
    cell(row, latestRun && time(latestRun.scheduledAt));
    cell(row, latestRun && lateness(latestRun.latenessMs));
    cell(row, latestRun && latestRun.message, 'message');
    const actions = cell(row, '');
    if (canOperate(job.app)) {
      actions.appendChild(actionButton('Run now',
          button => post('api/v1/jobs/' + encodeURIComponent(job.id) + '/run', 'run now', button)));
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
    const row = document.createElement('tr');
    cell(row, run.runId);
    cell(row, run.kind);
    statusCell(row, run.status);
    cell(row, time(run.scheduledAt));
    cell(row, time(run.startedAt));
    cell(row, time(run.finishedAt));
    cell(row, lateness(run.latenessMs));
    cell(row, run.instance);
    cell(row, run.message, 'message');
    const actions = cell(row, '');
    const runPath = 'api/v1/runs/' + encodeURIComponent(run.runId);
    if (canOperate(run.app) && RETRYABLE.includes(run.status)) {
      actions.appendChild(actionButton('Retry', button => post(runPath + '/retry', 'retry', button)));
    } else if (canOperate(run.app) && !TERMINAL.includes(run.status)) {
      actions.appendChild(actionButton('Kill', button => post(runPath + '/kill', 'kill', button)));
    }
    body.appendChild(row);
  }
}

function showError(e) {
  const error = document.getElementById('error');
  error.textContent = e ? String(e.message || e) : '';
  error.hidden = !e;
}

async function refresh() {
  try {
    const overview = await getJson('api/v1/overview');
    renderJobs(overview);
    if (selectedJob) {
      const selected = overview.find(({ job }) => job.id === selectedJob);
      renderRuns(await getJson('api/v1/jobs/' + encodeURIComponent(selectedJob) + '/runs?limit=' + RUNS_SHOWN),
          selected && selected.job);
    }
    document.getElementById('refreshed').textContent = 'updated ' + new Date().toLocaleTimeString();
    showError(null);
  } catch (e) {
    showError(e);
  }
}

async function signOut() {
  await fetch('logout', { method: 'POST', headers: { 'X-XSRF-TOKEN': csrfToken() } });
  window.location.assign('login');
}

async function start() {
  try {
    me = await getJson('api/v1/me');
    document.getElementById('user').textContent = me.name;
    document.getElementById('sign-out').hidden = false;
    document.getElementById('sign-out').addEventListener('click', signOut);
  } catch (e) {
    showError(e);
    return;
  }
  refresh();
  setInterval(refresh, REFRESH_MS);
}

start();
