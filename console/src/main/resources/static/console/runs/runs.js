// The runs page: runs across jobs, newest first, filtered (the filters live in the URL), older pages by cursor.
import { getJson } from '../api.js';
import { cell, dataCell, el, showError, timeCell } from '../dom.js';
import { columnChooser } from '../columns.js';

const FILTERS = ['app', 'job', 'status', 'kind', 'instance', 'from', 'to', 'minDurationMs'];
const TIMES = ['from', 'to'];
let nextCursor = null;

function query(cursor) {
  const params = new URLSearchParams();
  for (const name of FILTERS) {
    const value = document.getElementById('runs-filter-' + name).value.trim();
    if (value) params.set(name, TIMES.includes(name) ? new Date(value).toISOString() : value);
  }
  if (cursor) params.set('cursor', cursor);
  return params;
}

export function runLink(runId) {
  return el('a', { href: '#/run?id=' + encodeURIComponent(runId), text: runId });
}

function append(runs) {
  const body = document.querySelector('#run-list tbody');
  for (const run of runs) {
    const row = el('tr');
    cell(row, '').append(runLink(run.runId));
    dataCell(row, run.jobId);
    dataCell(row, run.app);
    cell(row, run.kind);
    cell(row, run.status, 'status status-' + run.status);
    timeCell(row, run.scheduledAt);
    cell(row, run.latenessMs == null ? '' : run.latenessMs + ' ms');
    dataCell(row, run.instance);
    dataCell(row, run.message, 'cut').title = run.message || '';
    body.appendChild(row);
  }
}

async function load(cursor) {
  const status = document.getElementById('runs-status');
  status.textContent = 'loading…';
  try {
    const page = await getJson('api/v1/runs?' + query(cursor));
    if (!cursor) document.querySelector('#run-list tbody').replaceChildren();
    append(page.items);
    nextCursor = page.nextCursor;
    document.getElementById('runs-more').hidden = !nextCursor;
    const shown = document.querySelectorAll('#run-list tbody tr').length;
    status.textContent = shown === 0 ? 'No runs match these filters.' : shown + ' runs shown';
    showError('runs-error', null);
  } catch (e) {
    status.textContent = '';
    showError('runs-error', e);
  }
}

function search(event) {
  event.preventDefault();
  const params = query(null);
  history.replaceState(null, '', '#/runs' + (params.size ? '?' + params : ''));
  load(null);
}

export function show(me, params) {
  for (const name of FILTERS) {
    const value = params.get(name) || '';
    document.getElementById('runs-filter-' + name).value = TIMES.includes(name) && value
        ? value.substring(0, 16) : value;
  }
  load(null);
}

export function hide() {
}

document.getElementById('runs-filters').addEventListener('submit', search);
document.getElementById('runs-more').addEventListener('click', () => load(nextCursor));
columnChooser('run-list');
