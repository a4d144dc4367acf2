// One run: its status and timeline, the other attempts of its fire, and its log, live while it runs.
import { getJson, send } from '../api.js';
import { cell, confirmAction, el, fact, showError, time, timeCell } from '../dom.js';
import { runLink } from './runs.js';

const RETRYABLE = ['FAILED', 'TIMED_OUT', 'LOST', 'NO_WORKER', 'KILLED'];
const TERMINAL = RETRYABLE.concat(['SUCCEEDED', 'SKIPPED']);
/** Statuses of runs no worker runs yet, which there is nothing to kill of. */
const UNSTARTED = ['WAITING'];
let me = null;
let runId = null;
let stream = null;
let lastSeq = 0;

function renderRun(detail) {
  const run = detail.run;
  const timeline = detail.timeline;
  document.getElementById('run-title').textContent = run.runId;
  document.getElementById('run-facts').replaceChildren(
      ...fact('Job', run.jobId, true),
      ...fact('App / handler', (run.app || '—') + ' / ' + (run.handler || '—'), true),
      ...fact('Status', run.status), ...fact('Kind', run.kind), ...fact('Attempt', run.attempt),
      ...fact('Instance', run.instance, true), ...fact('Scheduled', time(timeline.scheduledAt)),
      ...fact('Started', time(timeline.startedAt)), ...fact('Finished', time(timeline.finishedAt)),
      ...fact('Lateness', timeline.latenessMs == null ? null : timeline.latenessMs + ' ms'),
      ...fact('Duration', timeline.durationMs == null ? null : timeline.durationMs + ' ms'),
      ...fact('Progress', timeline.progressTotal ? timeline.progressDone + ' / ' + timeline.progressTotal : null),
      ...fact('Message', run.message, true), ...fact('Error', run.errorClass, true), ...limitFacts(run));
  document.getElementById('run-status').className = 'status status-' + run.status;
  document.getElementById('run-status').textContent = run.status;
  const actions = document.getElementById('run-actions');
  actions.replaceChildren();
  const path = 'api/v1/runs/' + encodeURIComponent(run.runId);
  if (me.canOperate(run.app) && RETRYABLE.includes(run.status)) {
    actions.append(el('button', { type: 'button', id: 'run-retry', text: 'Retry', onClick: () => retry(path) }));
  } else if (me.canOperate(run.app) && !TERMINAL.includes(run.status) && !UNSTARTED.includes(run.status)) {
    actions.append(el('button', { type: 'button', id: 'run-kill', text: 'Kill', className: 'danger',
      onClick: () => kill(run, path) }));
  }
  const attempts = document.querySelector('#run-attempts tbody');
  attempts.replaceChildren(...detail.attempts.map(attempt => {
    const row = el('tr');
    cell(row, '').append(runLink(attempt.runId));
    cell(row, attempt.attempt);
    cell(row, attempt.status, 'status status-' + attempt.status);
    timeCell(row, attempt.startedAt);
    timeCell(row, attempt.finishedAt);
    cell(row, attempt.message, 'message');
    return row;
  }));
}

/** The concurrency limit the run waits for or holds, linked to its section of the Workers page. */
function limitFacts(run) {
  if (!run.limit) return [];
  const label = run.status === 'WAITING' ? 'Waits for concurrency limit'
      : TERMINAL.includes(run.status) ? 'Concurrency limit' : 'Holds concurrency limit';
  const link = el('a', { id: 'run-limit', href: '#/workers?limit=' + encodeURIComponent(run.limit), translate: 'no',
    text: run.limit });
  return [el('dt', { text: label }), el('dd', {}, link),
    ...(run.waitingSince ? fact('Queued at', time(run.waitingSince)) : [])];
}

async function kill(run, path) {
  if (!await confirmAction('Kill run ' + run.runId + ' of job ' + run.jobId + '? The worker interrupts its handler;'
      + ' the run ends KILLED.', 'Kill')) return;
  act(path + '/kill');
}

async function retry(path) {
  try {
    const requested = await send('POST', path + '/retry');
    const notice = document.getElementById('run-notice');
    notice.replaceChildren('Retry requested: the new attempt is run ', runLink(requested.runId), '.');
    notice.hidden = false;
    showError('run-error', null);
  } catch (e) {
    showError('run-error', e);
  }
}

async function act(path) {
  try {
    await send('POST', path);
    load();
  } catch (e) {
    showError('run-error', e);
  }
}

function appendLine(line) {
  lastSeq = Math.max(lastSeq, line.seq);
  const log = document.getElementById('run-log');
  log.append(el('div', { className: 'log-line log-' + (line.level || 'INFO') },
      el('span', { className: 'muted', text: time(line.at) + ' ' }), line.message));
  document.getElementById('run-log-empty').hidden = true;
}

function follow() {
  stream = new EventSource('api/v1/runs/' + encodeURIComponent(runId) + '/logs/stream?after=' + lastSeq);
  document.getElementById('run-log-state').textContent = 'live';
  stream.addEventListener('line', event => appendLine(JSON.parse(event.data)));
  stream.addEventListener('cut', event => {
    const cut = JSON.parse(event.data);
    document.getElementById('run-log').append(el('div', { className: 'notice',
      text: 'The log was cut at line ' + cut.atSeq + ' (' + cut.reason + '); ' + cut.droppedLines + ' lines dropped.' }));
  });
  stream.addEventListener('end', () => {
    stream.close();
    stream = null;
    document.getElementById('run-log-state').textContent = 'complete';
    load();
  });
  stream.onerror = () => {
    document.getElementById('run-log-state').textContent = 'reconnecting…';
  };
}

async function load() {
  try {
    renderRun(await getJson('api/v1/runs/' + encodeURIComponent(runId)));
    showError('run-error', null);
  } catch (e) {
    showError('run-error', e);
  }
}

export function show(caller, params) {
  me = caller;
  runId = params.get('id');
  lastSeq = 0;
  document.getElementById('run-log').replaceChildren();
  document.getElementById('run-log-empty').hidden = false;
  document.getElementById('run-notice').hidden = true;
  document.getElementById('run-log-download').href = 'api/v1/runs/' + encodeURIComponent(runId) + '/logs.txt';
  load();
  follow();
}

export function hide() {
  if (stream) stream.close();
  stream = null;
}
