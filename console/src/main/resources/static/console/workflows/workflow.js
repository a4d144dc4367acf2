// A workflow's page: what it is, its graph, its newest instances, and (for whoever operates its apps) start now,
// edit and delete (GET /api/v1/workflows/{id}, /instances; POST /start; DELETE).
import { getJson, send } from '../api.js';
import { cell, confirmAction, el, fact, go, shortTimeCell, showError } from '../dom.js';
import { drawGraph } from './graph.js';
import { scheduleText, statusBadge } from './workflowtext.js';

let workflowId = null;
let caller = null;

function instanceRow(instance) {
  const tr = el('tr');
  tr.appendChild(el('td', {}, el('a', {
    href: '#/workflow-instance?id=' + encodeURIComponent(instance.instanceId), text: instance.instanceId,
    translate: 'no'
  })));
  tr.appendChild(el('td', {}, statusBadge(instance.status)));
  cell(tr, instance.kind || '');
  shortTimeCell(tr, instance.scheduledAt);
  shortTimeCell(tr, instance.startedAt);
  shortTimeCell(tr, instance.endedAt);
  const done = instance.nodes.filter(node => node.status === 'SUCCEEDED').length;
  cell(tr, done + ' / ' + instance.nodes.length);
  return tr;
}

function render(view, instances) {
  const workflow = view.workflow;
  document.getElementById('workflow-title').textContent = workflow.id;
  document.getElementById('workflow-facts').replaceChildren(
      ...fact('Description', workflow.description),
      ...fact('Apps', (view.apps || []).join(', ')),
      ...fact('Schedule', scheduleText(workflow.schedule)),
      ...fact('Enabled', workflow.enabled ? 'yes' : 'no'),
      ...fact('Instances at once', workflow.maxInstances + ' (then ' + workflow.blockStrategy + ')'),
      ...fact('Version', workflow.version),
      ...fact('Changed by', view.updatedBy + ', ' + new Date(view.updatedAt).toLocaleString()));
  drawGraph('workflow-graph', workflow);
  document.querySelector('#workflow-instances tbody').replaceChildren(...instances.map(instanceRow));
  document.getElementById('workflow-instances-empty').hidden = instances.length > 0;
  const operates = (view.apps || []).every(app => caller.canOperate(app));
  for (const id of ['workflow-start', 'workflow-edit', 'workflow-delete']) {
    document.getElementById(id).hidden = !operates;
  }
}

async function load() {
  const state = document.getElementById('workflow-state');
  state.textContent = 'loading…';
  try {
    const path = 'api/v1/workflows/' + encodeURIComponent(workflowId);
    const [view, instances] = await Promise.all([getJson(path), getJson(path + '/instances')]);
    render(view, instances);
    state.textContent = '';
    showError('workflow-error', null);
  } catch (e) {
    state.textContent = '';
    showError('workflow-error', e);
  }
}

function notice(text, instanceId) {
  const line = document.getElementById('workflow-notice');
  line.replaceChildren(text, ' ', instanceId ? el('a', {
    href: '#/workflow-instance?id=' + encodeURIComponent(instanceId), text: instanceId, translate: 'no'
  }) : '');
  line.hidden = false;
}

async function start() {
  try {
    const answer = await send('POST', 'api/v1/workflows/' + encodeURIComponent(workflowId) + '/start');
    notice('Instance requested:', answer.instanceId);
    showError('workflow-error', null);
  } catch (e) {
    showError('workflow-error', e);
  }
}

async function remove() {
  if (!await confirmAction('Delete workflow ' + workflowId + '? Its instances stay listed; no new one starts.',
      'Delete')) return;
  try {
    await send('DELETE', 'api/v1/workflows/' + encodeURIComponent(workflowId));
    go('workflows');
  } catch (e) {
    showError('workflow-error', e);
  }
}

let wired = false;

export function show(me, params) {
  caller = me;
  workflowId = params.get('id');
  document.getElementById('workflow-notice').hidden = true;
  if (!wired) {
    document.getElementById('workflow-start').addEventListener('click', start);
    document.getElementById('workflow-edit').addEventListener('click', () => go('workflow-edit', { id: workflowId }));
    document.getElementById('workflow-delete').addEventListener('click', remove);
    wired = true;
  }
  load();
}

export function hide() {}
