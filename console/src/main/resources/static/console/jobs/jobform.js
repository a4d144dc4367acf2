// The job form: create (#/job-new), copy (#/job-new?copy=<id>) and edit (#/job-edit?id=<id>) a job, every field of
// its definition grouped, each error of the API at its field, the schedule built or typed and previewed as it is.
import { getJson, send } from '../api.js';
import { confirmAction, go, showError } from '../dom.js';
import { followApp, loadChoices } from './jobchoices.js';
import {
  buildFields, durationErrors, readJob, showFieldErrors, showScheduleFields, writeJob
} from './jobfields.js';
import { attachBuilder, readCron, showBuilder } from './schedulebuilder.js';
import {
  attach, latestPreview, previewNow, previewPanel, previewSoon, stop, touch, untouchAll
} from './schedulepreview.js';

const form = document.getElementById('job-form');
const COPY_SUFFIX = '-copy';
let editing = null;

function browserZone() {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function blank() {
  return { enabled: true, schedule: { type: 'CRON', zone: browserZone() } };
}

function path(id) {
  return 'api/v1/jobs/' + encodeURIComponent(id);
}

function setTitle(text) {
  document.getElementById('job-form-title').textContent = text;
}

function setBusy(busy, text) {
  document.getElementById('job-form-save').disabled = busy;
  document.getElementById('job-form-status').textContent = text || '';
}

function fill(job) {
  writeJob(form, job);
  readCron(job.schedule && job.schedule.cron);
  showBuilder(form);
}

async function load(params) {
  editing = params.get('id');
  const copyOf = params.get('copy');
  form.elements.id.readOnly = editing != null;
  setTitle(editing ? 'Edit job ' + editing : copyOf ? 'New job, a copy of ' + copyOf : 'New job');
  document.getElementById('job-form-cancel').href = editing ? '#/job?id=' + encodeURIComponent(editing) : '#/jobs';
  showFieldErrors(form, []);
  showError('job-form-error', null);
  untouchAll();
  fill(blank());
  loadChoices(form, browserZone());
  if (!editing && !copyOf) {
    previewNow();
    return;
  }
  setBusy(true, 'loading…');
  form.hidden = true;
  try {
    const job = await getJson(path(editing || copyOf));
    if (copyOf) job.id = job.id + COPY_SUFFIX;
    fill(job);
    followApp(form);
    form.hidden = false;
    setBusy(false);
    previewNow();
  } catch (e) {
    setBusy(false);
    showError('job-form-error', e);
  }
}

/** Asks before saving a schedule that fires more often a day than the API's warning threshold. */
async function frequentScheduleConfirmed() {
  const preview = (await previewNow({ reveal: true })) || latestPreview();
  if (!preview || !preview.tooFrequent) return true;
  return confirmAction('This schedule fires ' + preview.firesPerDay + ' times a day.\n' + preview.warning
      + '\n\nSave it anyway?', 'Save anyway');
}

function showErrors(errors, error) {
  const unplaced = showFieldErrors(form, errors);
  const placed = errors.length - unplaced.length;
  showError('job-form-error', placed === 0 ? error : (placed === 1 ? 'One field needs a fix' : placed
      + ' fields need a fix') + (unplaced.length ? ':\n' + unplaced.map(u => u.field + ': ' + u.message)
          .join('\n') : '; see the messages at the fields.'));
  const first = form.querySelector('.invalid input, .invalid select, .invalid textarea');
  if (first) first.focus();
}

async function save(event) {
  event.preventDefault();
  showError('job-form-error', null);
  const typed = durationErrors(form);
  if (typed.length) {
    showErrors(typed, null);
    return;
  }
  if (!(await frequentScheduleConfirmed())) return;
  setBusy(true, 'saving…');
  const job = readJob(form);
  try {
    const saved = editing ? await send('PUT', path(editing), job) : await send('POST', 'api/v1/jobs', job);
    setBusy(false);
    go('job', { id: saved.id });
  } catch (e) {
    setBusy(false);
    showErrors(e.fieldErrors || [], e);
  }
}

function changed(event) {
  const name = event.target.name || '';
  touch(name);
  if (name === 'schedule.type') {
    showScheduleFields(form);
    showBuilder(form);
  }
  if (name.startsWith('schedule.')) previewSoon();
  if (name === 'app' || name === 'handler') followApp(form);
}

export function show(me, params) {
  form.hidden = false;
  setBusy(false);
  load(params);
}

export function hide() {
  stop();
}

buildFields(document.getElementById('job-form-fields'), { schedule: [previewPanel()] });
attach(form);
attachBuilder(form);
form.addEventListener('input', changed);
form.addEventListener('change', changed);
form.addEventListener('focusout', event => {
  touch(event.target.name);
  if (event.target.dataset.duration !== undefined) {
    showFieldErrors(form, durationErrors(form, event.target.name), event.target.name);
  }
  if ((event.target.name || '').startsWith('schedule.')) previewSoon();
});
form.addEventListener('submit', save);
