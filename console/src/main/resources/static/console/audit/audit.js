// The audit page: who changed what, newest first, filtered, with the state before and after each change.
import { getJson } from '../api.js';
import { cell, dataCell, el, showError, timeCell } from '../dom.js';

const FILTERS = ['actor', 'action', 'target', 'from', 'to'];
let nextCursor = null;

function query(cursor) {
  const params = new URLSearchParams();
  for (const name of FILTERS) {
    const value = document.getElementById('audit-' + name).value.trim();
    if (value) params.set(name, name === 'from' || name === 'to' ? new Date(value).toISOString() : value);
  }
  if (cursor != null) params.set('cursor', cursor);
  return params;
}

/** The state before and after an audited change, folded. */
export function changeDetails(entry) {
  if (entry.before == null && entry.after == null) return '';
  return el('details', {}, el('summary', { text: 'before / after' }),
      el('pre', { text: 'before: ' + (entry.before ?? '—') + '\nafter:  ' + (entry.after ?? '—') }));
}

function append(entries) {
  const body = document.querySelector('#audit-entries tbody');
  for (const entry of entries) {
    const row = el('tr');
    timeCell(row, entry.at);
    dataCell(row, entry.actor);
    dataCell(row, entry.sourceAddress);
    dataCell(row, entry.action);
    dataCell(row, entry.targetType + ' ' + entry.target, 'message');
    dataCell(row, entry.targetApp);
    cell(row, entry.outcome, 'outcome-' + entry.outcome);
    cell(row, '').append(changeDetails(entry));
    body.appendChild(row);
  }
}

async function load(cursor) {
  const status = document.getElementById('audit-status');
  status.textContent = 'loading…';
  try {
    const answer = await getJson('api/v1/audit?' + query(cursor));
    if (cursor == null) document.querySelector('#audit-entries tbody').replaceChildren();
    append(answer.items);
    nextCursor = answer.nextCursor;
    document.getElementById('audit-more').hidden = nextCursor == null;
    const shown = document.querySelectorAll('#audit-entries tbody tr').length;
    status.textContent = shown === 0 ? 'No entries match these filters.' : shown + ' entries shown';
    showError('audit-error', null);
  } catch (e) {
    status.textContent = '';
    showError('audit-error', e);
  }
}

function search(event) {
  event.preventDefault();
  const params = query(null);
  history.replaceState(null, '', '#/audit' + (params.size ? '?' + params : ''));
  load(null);
}

export function show(me, params) {
  for (const name of FILTERS) {
    const value = params.get(name) || '';
    document.getElementById('audit-' + name).value = (name === 'from' || name === 'to') && value
        ? value.substring(0, 16) : value;
  }
  load(null);
}

export function hide() {
}

document.getElementById('audit-filters').addEventListener('submit', search);
document.getElementById('audit-more').addEventListener('click', () => load(nextCursor));
