// Incidents: open and resolved ones (filters app, state and rule in the URL, older pages by cursor), and one
// incident (#/incidents?id=...) with its history, its notifications and, for an OPERATOR of its app, acknowledge.
import { getJson, send } from '../api.js';
import { cell, confirmAction, el, fact, showError, time, timeCell } from '../dom.js';

const FILTERS = ['app', 'state', 'rule'];
let me = null;
let nextCursor = null;

function query(cursor) {
  const params = new URLSearchParams();
  for (const name of FILTERS) {
    const value = document.getElementById('incidents-filter-' + name).value.trim();
    if (value) params.set(name, value);
  }
  if (cursor) params.set('cursor', cursor);
  return params;
}

function incidentLink(id) {
  return el('a', { href: '#/incidents?id=' + encodeURIComponent(id), text: id });
}

/** A workflow instance's incident names the instance as its fire: a link to the instance's page. */
function isWorkflowIncident(incident) {
  return incident.rule === 'WORKFLOW_FAILED' || incident.rule === 'WORKFLOW_OVERRUN';
}

function instanceLink(incident) {
  return el('a', { href: '#/workflow-instance?id=' + encodeURIComponent(incident.fireId), text: incident.fireId,
    className: 'incident-instance', translate: 'no' });
}

function acknowledged(incident) {
  return incident.acknowledgedBy ? incident.acknowledgedBy + ', ' + time(incident.acknowledgedAt) : '';
}

function incidentRow(incident) {
  const row = el('tr', { className: incident.state === 'OPEN' ? 'warning' : null });
  cell(row, '').append(incidentLink(incident.id));
  cell(row, incident.rule);
  cell(row, incident.app);
  if (isWorkflowIncident(incident)) {
    cell(row, '').append(instanceLink(incident));
  } else {
    cell(row, incident.jobId);
  }
  cell(row, incident.state, 'state-' + incident.state);
  timeCell(row, incident.openedAt);
  timeCell(row, incident.lastStepAt);
  cell(row, incident.count);
  cell(row, acknowledged(incident));
  cell(row, incident.message, 'message');
  return row;
}

async function loadList(cursor) {
  const status = document.getElementById('incidents-status');
  status.textContent = 'loading…';
  try {
    const page = await getJson('api/v1/incidents?' + query(cursor));
    const body = document.querySelector('#incident-list tbody');
    if (!cursor) body.replaceChildren();
    body.append(...page.items.map(incidentRow));
    nextCursor = page.nextCursor;
    document.getElementById('incidents-more').hidden = !nextCursor;
    const shown = body.querySelectorAll('tr').length;
    status.textContent = shown === 0 ? 'No incidents match these filters.' : shown + ' incidents shown';
    showError('incidents-error', null);
  } catch (e) {
    status.textContent = '';
    showError('incidents-error', e);
  }
}

function renderDetail(detail) {
  const incident = detail.incident;
  document.getElementById('incident-title').textContent = incident.id;
  const state = document.getElementById('incident-state');
  state.textContent = incident.state + (incident.acknowledgedBy ? ', acknowledged' : '');
  state.className = 'state-' + incident.state;
  document.getElementById('incident-facts').replaceChildren(
      ...fact('Rule', incident.rule), ...fact('App', incident.app), ...fact('Job', incident.jobId),
      ...fact('Opened', time(incident.openedAt)), ...fact('Last step', time(incident.lastStepAt)),
      ...fact('Resolved', time(incident.resolvedAt)), ...fact('Count', incident.count),
      ...fact('Fire', incident.fireId), ...fact('Message', incident.message),
      ...fact('Acknowledged', acknowledged(incident)));
  if (isWorkflowIncident(incident)) {
    document.getElementById('incident-facts').append(
        el('dt', { text: 'Workflow instance' }), el('dd', {}, instanceLink(incident)));
  }
  const actions = document.getElementById('incident-actions');
  actions.replaceChildren();
  if (!incident.acknowledgedBy && me.canOperate(incident.app)) {
    actions.append(el('button', { id: 'incident-ack', type: 'button', text: 'Acknowledge',
      onClick: () => acknowledge(incident) }));
  }
  document.querySelector('#incident-history tbody').replaceChildren(...detail.history.map(step => {
    const row = el('tr');
    cell(row, step.action);
    timeCell(row, step.at);
    cell(row, step.count);
    cell(row, step.fireId);
    cell(row, step.message, 'message');
    return row;
  }));
  document.querySelector('#incident-deliveries tbody').replaceChildren(...detail.deliveries.map(delivery => {
    const row = el('tr');
    cell(row, delivery.channel);
    cell(row, delivery.step);
    cell(row, delivery.status, 'delivery-' + delivery.status);
    cell(row, delivery.attempts);
    timeCell(row, delivery.sentAt);
    timeCell(row, delivery.status === 'PENDING' ? delivery.nextAttemptAt : null);
    cell(row, delivery.lastError, 'message');
    return row;
  }));
  document.getElementById('no-deliveries').hidden = detail.deliveries.length > 0;
}

async function loadDetail(id) {
  try {
    renderDetail(await getJson('api/v1/incidents/' + encodeURIComponent(id)));
    showError('incidents-error', null);
  } catch (e) {
    showError('incidents-error', e);
  }
}

async function acknowledge(incident) {
  if (!await confirmAction('Acknowledge incident ' + incident.id + ' (' + incident.rule + ' of '
      + (incident.jobId || incident.fireId || incident.app) + ')? It is marked acknowledged by ' + me.name
      + ' and the audit log records it; notifications go on until it resolves.', 'Acknowledge')) {
    return;
  }
  try {
    await send('POST', 'api/v1/incidents/' + encodeURIComponent(incident.id) + '/ack');
    await loadDetail(incident.id);
  } catch (e) {
    showError('incidents-error', e);
  }
}

function search(event) {
  event.preventDefault();
  const params = query(null);
  history.replaceState(null, '', '#/incidents' + (params.size ? '?' + params : ''));
  loadList(null);
}

export function show(caller, params) {
  me = caller;
  const id = params.get('id');
  document.getElementById('incident-list-view').hidden = !!id;
  document.getElementById('incident-view').hidden = !id;
  if (id) {
    document.getElementById('incident-title').textContent = id;
    document.getElementById('incident-state').textContent = 'loading…';
    document.getElementById('incident-state').className = 'muted';
    document.getElementById('incident-actions').replaceChildren();
    document.getElementById('incident-facts').replaceChildren();
    loadDetail(id);
    return;
  }
  for (const name of FILTERS) {
    document.getElementById('incidents-filter-' + name).value = params.get(name) || '';
  }
  loadList(null);
}

export function hide() {
}

document.getElementById('incidents-filters').addEventListener('submit', search);
document.getElementById('incidents-more').addEventListener('click', () => loadList(nextCursor));
