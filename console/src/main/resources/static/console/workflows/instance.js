// A workflow instance's page: every node's state, live (read again every few seconds until the instance ends), the
// graph coloured by state with each node linked to its run, and retry, skip and cancel for whoever operates its apps
// (GET /api/v1/workflow-instances/{id}; POST /cancel, /nodes/{node}/retry, /nodes/{node}/skip).
import { getJson, send } from '../api.js';
import { cell, confirmAction, dataCell, el, fact, showError, timeCell } from '../dom.js';
import { drawGraph } from './graph.js';
import { statusBadge } from './workflowtext.js';

const REFRESH_MS = 2000;
/** After an action, how many reads of an ended instance wait for the engine to take it up. */
const READS_AFTER_ACTION = 30;

let instanceId = null;
let caller = null;
let timer = null;
let workflow = null;
let seenSequence = null;
let readsAwaitingChange = 0;

function runHref(state) {
  return state && state.runId ? '#/run?id=' + encodeURIComponent(state.runId) : null;
}

async function act(path, confirmText, confirmLabel, done) {
  if (confirmText && !await confirmAction(confirmText, confirmLabel)) return;
  try {
    await send('POST', 'api/v1/workflow-instances/' + encodeURIComponent(instanceId) + path);
    const line = document.getElementById('instance-notice');
    line.textContent = done;
    line.hidden = false;
    showError('instance-error', null);
    readsAwaitingChange = READS_AFTER_ACTION;
    schedule(0);
  } catch (e) {
    showError('instance-error', e);
  }
}

function nodeRow(state, operates, ended) {
  const tr = el('tr', { 'data-node': state.nodeId });
  dataCell(tr, state.nodeId);
  tr.appendChild(el('td', { className: 'node-status' }, statusBadge(state.status)));
  cell(tr, state.round || '');
  const run = tr.appendChild(el('td'));
  if (state.runId) run.appendChild(el('a', { href: runHref(state), text: state.runId, translate: 'no' }));
  timeCell(tr, state.startedAt);
  timeCell(tr, state.endedAt);
  dataCell(tr, state.message || '');
  const actions = tr.appendChild(el('td'));
  if (operates && state.status === 'FAILED') {
    actions.appendChild(el('button', { type: 'button', className: 'node-retry', text: 'Retry',
      onClick: () => act('/nodes/' + encodeURIComponent(state.nodeId) + '/retry', null, null,
          'Retry of ' + state.nodeId + ' requested.') }));
  }
  if (operates && !ended && state.status !== 'SUCCEEDED' && state.status !== 'RUNNING') {
    actions.appendChild(el('button', { type: 'button', className: 'node-skip', text: 'Skip',
      onClick: () => act('/nodes/' + encodeURIComponent(state.nodeId) + '/skip',
          'Mark node ' + state.nodeId + ' as succeeded without running it?', 'Skip',
          'Skip of ' + state.nodeId + ' requested.') }));
  }
  return tr;
}

function render(instance, view) {
  const operates = (view.apps || []).every(app => caller.canOperate(app));
  const ended = instance.status !== 'RUNNING' && instance.status !== 'QUEUED';
  document.getElementById('instance-title').textContent = instance.instanceId;
  document.getElementById('instance-status').replaceChildren(statusBadge(instance.status));
  document.getElementById('instance-workflow').replaceChildren(el('a', {
    href: '#/workflow?id=' + encodeURIComponent(instance.workflowId), text: instance.workflowId, translate: 'no'
  }));
  document.getElementById('instance-facts').replaceChildren(
      ...fact('Started by', instance.kind),
      ...fact('Scheduled for', instance.scheduledAt ? new Date(instance.scheduledAt).toLocaleString() : null),
      ...fact('Started', instance.startedAt ? new Date(instance.startedAt).toLocaleString() : null),
      ...fact('Ended', instance.endedAt ? new Date(instance.endedAt).toLocaleString() : null),
      ...fact('Message', instance.message));
  const states = Object.fromEntries(instance.nodes.map(state => [state.nodeId, state]));
  drawGraph('instance-graph', view.workflow, states, nodeId => runHref(states[nodeId]));
  document.querySelector('#instance-nodes tbody').replaceChildren(
      ...instance.nodes.map(state => nodeRow(state, operates, ended && instance.status !== 'FAILED')));
  document.getElementById('instance-cancel').hidden = !operates || ended;
  document.getElementById('instance-live').textContent = ended ? '' : 'live';
  return ended;
}

function schedule(delay) {
  clearTimeout(timer);
  timer = setTimeout(load, delay);
}

async function load() {
  const state = document.getElementById('instance-state');
  if (!workflow) state.textContent = 'loading…';
  try {
    const instance = await getJson('api/v1/workflow-instances/' + encodeURIComponent(instanceId));
    if (!workflow || workflow.workflow.id !== instance.workflowId) {
      workflow = await getJson('api/v1/workflows/' + encodeURIComponent(instance.workflowId));
    }
    const ended = render(instance, workflow);
    state.textContent = '';
    showError('instance-error', null);
    if (instance.sequence !== seenSequence) {
      readsAwaitingChange = seenSequence === null ? readsAwaitingChange : 0;
      seenSequence = instance.sequence;
    }
    if (!ended || readsAwaitingChange-- > 0) schedule(REFRESH_MS);
  } catch (e) {
    state.textContent = '';
    showError('instance-error', e);
    schedule(REFRESH_MS);
  }
}

let wired = false;

export function show(me, params) {
  caller = me;
  instanceId = params.get('id');
  workflow = null;
  seenSequence = null;
  readsAwaitingChange = 0;
  document.getElementById('instance-notice').hidden = true;
  if (!wired) {
    document.getElementById('instance-cancel').addEventListener('click', () => act('/cancel',
        'Cancel instance ' + instanceId + '? Nodes not started yet will not run.', 'Cancel instance',
        'Cancel requested.'));
    wired = true;
  }
  load();
}

export function hide() {
  clearTimeout(timer);
  timer = null;
}
