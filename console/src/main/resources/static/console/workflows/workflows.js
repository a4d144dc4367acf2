// The Workflows page: every workflow the caller may read, with its schedule, its nodes and its newest instance
// (GET /api/v1/workflows).
import { getJson } from '../api.js';
import { cell, dataCell, el, go, shortTimeCell, showError } from '../dom.js';
import { scheduleText, statusBadge } from './workflowtext.js';

function row(view) {
  const workflow = view.workflow;
  const tr = el('tr', { 'data-workflow': workflow.id });
  tr.appendChild(el('td', {}, el('a', { href: '#/workflow?id=' + encodeURIComponent(workflow.id), text: workflow.id,
    translate: 'no' })));
  dataCell(tr, workflow.description || '');
  dataCell(tr, (view.apps || []).join(', '));
  dataCell(tr, scheduleText(workflow.schedule));
  cell(tr, workflow.nodes.length);
  cell(tr, workflow.enabled ? 'enabled' : 'disabled');
  const latest = view.latestInstance;
  const status = tr.appendChild(el('td'));
  if (latest) {
    status.appendChild(el('a', { href: '#/workflow-instance?id=' + encodeURIComponent(latest.instanceId) },
        statusBadge(latest.status)));
  }
  shortTimeCell(tr, latest ? latest.startedAt || latest.scheduledAt : null);
  return tr;
}

async function load() {
  const state = document.getElementById('workflows-state');
  state.textContent = 'loading…';
  try {
    const views = await getJson('api/v1/workflows');
    document.querySelector('#workflow-list tbody').replaceChildren(...views.map(row));
    document.getElementById('workflows-empty').hidden = views.length > 0;
    state.textContent = '';
    showError('workflows-error', null);
  } catch (e) {
    state.textContent = '';
    showError('workflows-error', e);
  }
}

let wired = false;

export function show(me) {
  const create = document.getElementById('new-workflow');
  create.hidden = !me.operatesAnything();
  if (!wired) {
    create.addEventListener('click', () => go('workflow-new'));
    wired = true;
  }
  load();
}

export function hide() {}
