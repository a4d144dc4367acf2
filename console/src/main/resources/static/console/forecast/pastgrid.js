// The grid of the past 24 hours' runs on the forecast page: one row per job, one cell per slot, coloured by the most
// severe status of the slot's runs; a cell opens that run (GET /api/v1/forecast/past, a page of jobs at a time).
import { getJson } from '../api.js';
import { el, showError } from '../dom.js';
import { t } from '../i18n.js';

/** A slot's time is written above every this many slots. */
const LABEL_EVERY = 4;
let cursor = null;

function pad(number) {
  return String(number).padStart(2, '0');
}

function localTime(ms) {
  const at = new Date(ms);
  return pad(at.getHours()) + ':' + pad(at.getMinutes());
}

function header(grid) {
  const cells = [el('th', { scope: 'col', text: 'Job' })];
  for (let slot = 0; slot < grid.slots; slot++) {
    const start = Date.parse(grid.from) + slot * grid.slotMs;
    cells.push(el('th', { scope: 'col', className: 'grid-slot', title: localTime(start) },
        el('span', { className: slot % LABEL_EVERY === 0 ? 'grid-label' : 'visually-hidden', text: localTime(start),
          translate: 'no' })));
  }
  return el('tr', {}, cells);
}

function cellLink(grid, cell) {
  const start = Date.parse(grid.from) + cell.slot * grid.slotMs;
  const text = localTime(start) + ': ' + cell.runs.toLocaleString() + ' run' + (cell.runs === 1 ? '' : 's') + ', '
      + t(cell.status);
  return el('a', { href: '#/run?id=' + encodeURIComponent(cell.runId), className: 'grid-cell cell-' + cell.status,
    title: text, 'aria-label': text, 'data-run': cell.runId });
}

function row(grid, job) {
  const bySlot = new Map(job.cells.map(cell => [cell.slot, cell]));
  const cells = [el('th', { scope: 'row', className: 'grid-job' },
      el('a', { href: '#/job?id=' + encodeURIComponent(job.jobId), text: job.jobId, translate: 'no' }))];
  for (let slot = 0; slot < grid.slots; slot++) {
    const cell = bySlot.get(slot);
    cells.push(el('td', {}, cell ? cellLink(grid, cell) : null));
  }
  return el('tr', { 'data-job': job.jobId }, cells);
}

async function page(more) {
  const query = new URLSearchParams({ slotMinutes: document.getElementById('past-slot').value });
  if (more && cursor) query.set('cursor', cursor);
  try {
    const grid = await getJson('api/v1/forecast/past?' + query);
    const body = document.querySelector('#past-grid tbody');
    if (!more) {
      document.querySelector('#past-grid thead').replaceChildren(header(grid));
      body.replaceChildren();
    }
    body.append(...grid.items.map(job => row(grid, job)));
    cursor = grid.nextCursor || null;
    document.getElementById('past-more').hidden = cursor == null;
    document.getElementById('past-none').hidden = body.children.length > 0;
    document.getElementById('past-grid').hidden = body.children.length === 0;
    showError('past-error', null);
  } catch (e) {
    showError('past-error', e);
  }
}

/** Loads the grid's first page afresh. */
export function loadPastGrid() {
  cursor = null;
  return page(false);
}

document.getElementById('past-slot').addEventListener('change', loadPastGrid);
document.getElementById('past-more').addEventListener('click', () => page(true));
