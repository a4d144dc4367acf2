// The workflow editor: the definition as JSON (what PUT /api/v1/workflows/{id} takes, checked by the server the same
// way), a graph drawn from it as it is typed, and forms that add a node or an edge to it. Saving shows the server's
// errors, each naming the field and the node.
import { getJson, send } from '../api.js';
import { go, showError } from '../dom.js';
import { drawGraph } from './graph.js';

const TEMPLATE = {
  description: '',
  schedule: { type: 'NONE' },
  maxInstances: 1,
  nodes: [],
  edges: []
};

let editing = null;

function textarea() {
  return document.getElementById('wf-json');
}

function definition() {
  return JSON.parse(textarea().value);
}

function write(value) {
  textarea().value = JSON.stringify(value, null, 2);
  preview();
}

function preview() {
  try {
    const value = definition();
    drawGraph('wf-editor-graph', { nodes: value.nodes || [], edges: value.edges || [] });
    showError('wf-json-error', null);
  } catch (e) {
    showError('wf-json-error', new Error('not valid JSON: ' + e.message));
  }
}

function edit(change) {
  try {
    const value = definition();
    value.nodes = value.nodes || [];
    value.edges = value.edges || [];
    change(value);
    write(value);
  } catch (e) {
    showError('wf-json-error', new Error('not valid JSON: ' + e.message));
  }
}

function addNode(event) {
  event.preventDefault();
  const id = document.getElementById('wf-node-id').value.trim();
  const jobId = document.getElementById('wf-node-job').value.trim();
  const app = document.getElementById('wf-node-app').value.trim();
  const handler = document.getElementById('wf-node-handler').value.trim();
  const params = document.getElementById('wf-node-params').value;
  edit(value => value.nodes.push(jobId ? { id, jobId, params: params || undefined }
      : { id, app, handler, params: params || undefined }));
  document.getElementById('wf-node-form').reset();
}

function addEdge(event) {
  event.preventDefault();
  const from = document.getElementById('wf-edge-from').value.trim();
  const to = document.getElementById('wf-edge-to').value.trim();
  const when = document.getElementById('wf-edge-when').value;
  edit(value => value.edges.push(when === 'SUCCEEDED' ? { from, to } : { from, to, when }));
  document.getElementById('wf-edge-form').reset();
}

async function save(event) {
  event.preventDefault();
  const id = editing || document.getElementById('wf-id').value.trim();
  let value;
  try {
    value = definition();
  } catch (e) {
    showError('wf-save-error', new Error('not valid JSON: ' + e.message));
    return;
  }
  try {
    await send('PUT', 'api/v1/workflows/' + encodeURIComponent(id), value);
    go('workflow', { id });
  } catch (e) {
    showError('wf-save-error', e);
  }
}

async function open(id) {
  const state = document.getElementById('wf-editor-state');
  editing = id;
  document.getElementById('wf-editor-title').textContent = id ? 'Edit workflow ' + id : 'New workflow';
  const idInput = document.getElementById('wf-id');
  idInput.value = id || '';
  idInput.disabled = Boolean(id);
  showError('wf-save-error', null);
  if (!id) {
    write(TEMPLATE);
    return;
  }
  state.textContent = 'loading…';
  try {
    const view = await getJson('api/v1/workflows/' + encodeURIComponent(id));
    const { schemaVersion, version, id: ignored, ...rest } = view.workflow;
    write(rest);
    state.textContent = '';
  } catch (e) {
    state.textContent = '';
    showError('wf-save-error', e);
  }
}

let wired = false;

export function show(me, params) {
  if (!wired) {
    textarea().addEventListener('input', preview);
    document.getElementById('wf-node-form').addEventListener('submit', addNode);
    document.getElementById('wf-edge-form').addEventListener('submit', addEdge);
    document.getElementById('wf-editor-form').addEventListener('submit', save);
    document.getElementById('wf-editor-cancel').addEventListener('click', () =>
        editing ? go('workflow', { id: editing }) : go('workflows'));
    wired = true;
  }
  open(params.get('id'));
}

export function hide() {}
