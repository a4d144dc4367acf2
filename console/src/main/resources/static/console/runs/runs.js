// The runs page: runs across jobs, newest first, filtered (the filters live in the URL), older pages by cursor. While
// shown it asks for the first page every LIVE_MS: new runs appear on top, and the rows of runs shown are redrawn as
// their status changes, older pages loaded staying as they are.
import { getJson } from '../api.js';
import { cell, dataCell, el, shortTimeCell, showError } from '../dom.js';
import { columnChooser } from '../columns.js';

const FILTERS = ['app', 'job', 'status', 'kind', 'instance', 'from', 'to', 'minDurationMs'];
const TIMES = ['from', 'to'];
/** How often the open page asks for new runs and changes. */
const LIVE_MS = 3000;
let nextCursor = null;
let timer = null;
let loading = false;
/** The run each row shows, as the API answered it. */
const drawn = new WeakMap();

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

/** A cell cut to its column's width, the whole {@code text} on hover; {@code content} shown instead when given. */
function cutCell(row, text, content) {
  const td = dataCell(row, content ? '' : text, 'cut');
  td.title = text || '';
  if (content) td.append(content);
  return td;
}

function rowOf(run) {
  const row = el('tr', { 'data-run': run.runId });
  drawn.set(row, JSON.stringify(run));
  cutCell(row, run.runId, runLink(run.runId));
  cutCell(row, run.jobId);
  cutCell(row, run.app);
  cell(row, run.kind);
  cell(row, run.status, 'status status-' + run.status);
  shortTimeCell(row, run.scheduledAt);
  cell(row, run.latenessMs == null ? '' : run.latenessMs + ' ms');
  cutCell(row, run.instance);
  cutCell(row, run.message);
  return row;
}

function append(runs) {
  document.querySelector('#run-list tbody').append(...runs.map(rowOf));
}

function showCount() {
  const shown = document.querySelectorAll('#run-list tbody tr').length;
  document.getElementById('runs-status').textContent = shown === 0 ? 'No runs match these filters.'
      : shown + ' runs shown';
}

/**
 * Puts the first page's runs in the list: a run shown is redrawn in place when it changed (a row that did not change
 * stays, and with it the focus a keyboard user put there), a new one goes above the ones shown.
 */
function merge(runs) {
  const body = document.querySelector('#run-list tbody');
  const shown = new Map([...body.children].map(row => [row.dataset.run, row]));
  let newer = body.firstElementChild;
  for (const run of runs) {
    const old = shown.get(run.runId);
    if (old && drawn.get(old) === JSON.stringify(run)) {
      newer = old.nextElementSibling;
    } else if (old) {
      const row = rowOf(run);
      old.replaceWith(row);
      newer = row.nextElementSibling;
    } else {
      body.insertBefore(rowOf(run), newer);
    }
  }
}

async function live() {
  if (loading) return;
  loading = true;
  try {
    merge((await getJson('api/v1/runs?' + query(null))).items);
    showCount();
    showError('runs-error', null);
  } catch (e) {
    showError('runs-error', e);
  } finally {
    loading = false;
  }
}

async function load(cursor) {
  const status = document.getElementById('runs-status');
  status.textContent = 'loading…';
  loading = true;
  try {
    const page = await getJson('api/v1/runs?' + query(cursor));
    if (!cursor) document.querySelector('#run-list tbody').replaceChildren();
    append(page.items);
    nextCursor = page.nextCursor;
    document.getElementById('runs-more').hidden = !nextCursor;
    showCount();
    showError('runs-error', null);
  } catch (e) {
    status.textContent = '';
    showError('runs-error', e);
  } finally {
    loading = false;
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
  clearInterval(timer);
  timer = setInterval(live, LIVE_MS);
}

export function hide() {
  clearInterval(timer);
  timer = null;
}

document.getElementById('runs-filters').addEventListener('submit', search);
document.getElementById('runs-more').addEventListener('click', () => load(nextCursor));
columnChooser('run-list');
