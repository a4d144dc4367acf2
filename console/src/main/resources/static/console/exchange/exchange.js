// Import of an export document: a dry run shows what would change, the user confirms, then it is applied.
import { csrfToken } from '../api.js';
import { showError } from '../dom.js';
import { refresh } from '../jobs/jobs.js';

let importDocument = null;

function importItem(text) {
  const item = document.createElement('li');
  item.textContent = text;
  return item;
}

function showImportPlan(plan) {
  const verb = plan.dryRun ? 'would be' : 'were';
  document.getElementById('import-summary').textContent = plan.created.length + ' ' + verb + ' created, '
      + plan.changed.length + ' changed, ' + plan.unchanged.length + ' unchanged, ' + plan.deleted.length
      + ' deleted.';
  const details = document.getElementById('import-details');
  details.replaceChildren(
      ...plan.created.map(id => importItem('create ' + id)),
      ...plan.changed.map(change => importItem('change ' + change.id + ': '
          + change.fields.map(field => field.field).join(', '))),
      ...plan.deleted.map(id => importItem('delete ' + id)),
      ...workflowItems(plan.workflows, verb),
      ...sharedItems('Calendars', 'calendar', plan.calendars, verb),
      ...sharedItems('Limits', 'limit', plan.limits, verb));
}

/**
 * The calendars (or concurrency limits) of a plan: a summary line, then one line per one created or changed; an
 * import deletes none.
 */
function sharedItems(title, kind, definitions, verb) {
  if (!definitions) return [];
  if (definitions.created.length + definitions.changed.length + definitions.unchanged.length === 0) return [];
  return [
    importItem(title + ': ' + definitions.created.length + ' ' + verb + ' created, ' + definitions.changed.length
        + ' changed, ' + definitions.unchanged.length + ' unchanged.'),
    ...definitions.created.map(id => importItem('create ' + kind + ' ' + id)),
    ...definitions.changed.map(change => importItem('change ' + kind + ' ' + change.id + ': '
        + change.fields.map(field => field.field).join(', ')))];
}

/** The workflows of a plan: a summary line, then one line per workflow created, changed or deleted. */
function workflowItems(workflows, verb) {
  if (!workflows) return [];
  const changes = workflows.created.length + workflows.changed.length + workflows.deleted.length;
  if (changes + workflows.unchanged.length === 0) return [];
  return [
    importItem('Workflows: ' + workflows.created.length + ' ' + verb + ' created, ' + workflows.changed.length
        + ' changed, ' + workflows.unchanged.length + ' unchanged, ' + workflows.deleted.length + ' deleted.'),
    ...workflows.created.map(id => importItem('create workflow ' + id)),
    ...workflows.changed.map(change => importItem('change workflow ' + change.id + ': '
        + change.fields.map(field => field.field).join(', '))),
    ...workflows.deleted.map(id => importItem('delete workflow ' + id))];
}

/** How many calendars and limits an import saved, as a suffix of the line it leaves; empty when none. */
function sharedSaved(plan) {
  const saved = definitions => definitions ? definitions.created.length + definitions.changed.length : 0;
  const calendars = saved(plan.calendars);
  const limits = saved(plan.limits);
  return calendars + limits ? '; ' + calendars + ' calendars and ' + limits + ' limits saved' : '';
}

async function postImport(dryRun) {
  const prune = document.getElementById('import-prune').checked;
  const response = await fetch('api/v1/import?dryRun=' + dryRun + '&prune=' + prune, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': csrfToken() },
    body: importDocument
  });
  if (response.status === 401) {
    window.location.assign('login?expired');
    throw new Error('signed out');
  }
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) {
    const fields = (answer.fieldErrors || []).map(error => error.field + ': ' + error.message);
    throw new Error((answer.error || 'import answered ' + response.status) + (fields.length ? '\n' : '')
        + fields.slice(0, 20).join('\n'));
  }
  return answer;
}

async function previewImport() {
  const error = document.getElementById('import-error');
  const apply = document.getElementById('import-apply');
  error.hidden = true;
  apply.disabled = true;
  try {
    showImportPlan(await postImport(true));
    apply.disabled = false;
  } catch (e) {
    error.textContent = e.message;
    error.hidden = false;
  }
}

async function chooseImportFile(event) {
  const file = event.target.files[0];
  event.target.value = '';
  if (!file) return;
  importDocument = await file.text();
  document.getElementById('import-name').textContent = file.name;
  document.getElementById('import-prune').checked = false;
  document.getElementById('import-details').replaceChildren();
  document.getElementById('import-dialog').showModal();
  previewImport();
}

async function applyImport(event) {
  event.preventDefault();
  try {
    const plan = await postImport(false);
    document.getElementById('import-dialog').close();
    showError('error', null);
    document.getElementById('refreshed').textContent = 'imported: ' + plan.created.length + ' created, '
        + plan.changed.length + ' changed, ' + plan.deleted.length + ' deleted'
        + sharedSaved(plan);
    refresh();
  } catch (e) {
    const error = document.getElementById('import-error');
    error.textContent = e.message;
    error.hidden = false;
  }
}

document.getElementById('import').addEventListener('click', () => document.getElementById('import-file').click());
document.getElementById('import-file').addEventListener('change', chooseImportFile);
document.getElementById('import-prune').addEventListener('change', previewImport);
document.getElementById('import-apply').addEventListener('click', applyImport);
