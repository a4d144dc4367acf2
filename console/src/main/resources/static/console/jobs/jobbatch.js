// Batch actions of the jobs list: the checked jobs are enabled, disabled, run or deleted in one
// POST /api/v1/jobs:batch, after a confirmation that lists the jobs that will change; each job's outcome is shown.
import { send } from '../api.js';
import { confirmAction, el, showError } from '../dom.js';

const VERBS = { ENABLE: 'Enable', DISABLE: 'Disable', RUN: 'Run now', DELETE: 'Delete' };
const selected = new Set();
let known = new Map();
let afterBatch = () => {};

function updateBar() {
  document.getElementById('batch-bar').hidden = selected.size === 0;
  document.getElementById('batch-count').textContent = selected.size + ' job' + (selected.size === 1 ? '' : 's')
      + ' selected';
  const all = document.getElementById('select-all');
  all.checked = known.size > 0 && [...known.keys()].every(id => selected.has(id));
}

/** Whether the job is already as {@code action} would leave it. */
function unchanged(action, job) {
  return (action === 'ENABLE' && job.enabled) || (action === 'DISABLE' && !job.enabled);
}

function confirmation(action, ids) {
  const changing = ids.filter(id => !unchanged(action, known.get(id)));
  const staying = ids.filter(id => unchanged(action, known.get(id)));
  const list = names => names.map(id => '• ' + id).join('\n');
  return VERBS[action] + ' ' + changing.length + ' job' + (changing.length === 1 ? '' : 's') + '?\n'
      + list(changing) + (staying.length ? '\n\nAlready ' + action.toLowerCase() + 'd, left as they are:\n'
          + list(staying) : '') + (action === 'DELETE' ? '\n\nDeleted jobs stop for good.' : '');
}

function showOutcomes(answer) {
  const ok = answer.results.filter(result => result.outcome === 'OK').length;
  document.getElementById('batch-summary').textContent = VERBS[answer.action] + ': ' + ok + ' of '
      + answer.results.length + ' done.';
  document.getElementById('batch-outcomes').replaceChildren(...answer.results.map(result =>
      el('li', { className: 'outcome-' + result.outcome, 'data-job': result.id },
          el('strong', { text: result.id }), ' ' + result.outcome + (result.message ? ': ' + result.message : ''))));
  document.getElementById('batch-results').hidden = false;
}

async function apply(action) {
  const ids = [...selected].filter(id => known.has(id));
  if (ids.length === 0) return;
  if (!(await confirmAction(confirmation(action, ids), VERBS[action]))) return;
  try {
    const answer = await send('POST', 'api/v1/jobs:batch', { action, ids });
    selected.clear();
    showOutcomes(answer);
    showError('error', null);
  } catch (e) {
    showError('error', e);
  }
  updateBar();
  afterBatch();
}

/** The checkbox of one row; {@code job} may be acted on by the caller. */
export function selectBox(job) {
  return el('input', { type: 'checkbox', className: 'select-job', 'aria-label': 'Select ' + job.id,
    'data-job': job.id, checked: selected.has(job.id) ? '' : null,
    onClick: event => event.stopPropagation(),
    onChange: event => {
      if (event.target.checked) selected.add(job.id);
      else selected.delete(job.id);
      updateBar();
    } });
}

/** The jobs the list shows that the caller may act on, by id; forgets selections of jobs gone. */
export function listed(jobs) {
  known = new Map(jobs.map(job => [job.id, job]));
  for (const id of [...selected]) if (!known.has(id)) selected.delete(id);
  updateBar();
}

/** Runs {@code refresh} after each batch. */
export function onBatch(refresh) {
  afterBatch = refresh;
}

document.getElementById('select-all').addEventListener('change', event => {
  for (const id of known.keys()) {
    if (event.target.checked) selected.add(id);
    else selected.delete(id);
  }
  for (const box of document.querySelectorAll('#jobs .select-job')) box.checked = selected.has(box.dataset.job);
  updateBar();
});
for (const button of document.querySelectorAll('#batch-bar [data-batch]')) {
  button.addEventListener('click', () => apply(button.dataset.batch));
}
document.getElementById('batch-clear').addEventListener('click', () => {
  selected.clear();
  for (const box of document.querySelectorAll('#jobs .select-job')) box.checked = false;
  updateBar();
});
document.getElementById('batch-results-close').addEventListener('click', () => {
  document.getElementById('batch-results').hidden = true;
});
