// The fields of a job definition in the job form, grouped, and how a definition goes in and out of them.
// A field's name is its path in the API's job body (schedule.cron, retry.maxAttempts), as its fieldErrors name it.
import { el, instantOf, localInputValue } from '../dom.js';
import { formatDuration, NOT_A_DURATION, parseDuration } from './durations.js';

const SCHEDULE_TYPES = ['CRON', 'FIXED_RATE', 'FIXED_DELAY', 'ONCE', 'NONE'];
const TIMED = ['CRON', 'FIXED_RATE', 'FIXED_DELAY', 'ONCE'];
const ROUTINGS = ['FIRST', 'LAST', 'ROUND_ROBIN', 'RANDOM', 'CONSISTENT_HASH', 'LEAST_FREQUENTLY_USED',
  'LEAST_RECENTLY_USED', 'FAILOVER', 'BUSYOVER', 'SHARDING_BROADCAST'];
const BLOCK_STRATEGIES = ['SERIAL', 'DISCARD_LATER', 'COVER_EARLY', 'PARALLEL'];
const MISFIRE_STRATEGIES = ['DO_NOTHING', 'FIRE_ONCE_NOW', 'CATCH_UP'];
const DEFAULT = '(default)';

/** The form's groups; each field: name, label, type (text by default), hint, and the schedule types it applies to. */
export const GROUPS = [
  { title: 'What runs', fields: [
    { name: 'id', label: 'Job id', hint: 'a-z, 0-9, . _ - (fixed once created)' },
    { name: 'app', label: 'App', type: 'suggest', hint: 'the workers that run it' },
    { name: 'handler', label: 'Handler', type: 'suggest' },
    { name: 'description', label: 'Description', type: 'textarea' },
    { name: 'owner', label: 'Owner' },
    { name: 'tags', label: 'Tags', type: 'list', hint: 'comma separated' },
    { name: 'params', label: 'Params', type: 'textarea', hint: 'given to every run' },
    { name: 'enabled', label: 'Enabled', type: 'bool' }] },
  { title: 'When', id: 'schedule', fields: [
    { name: 'schedule.type', label: 'Schedule', type: 'select', options: SCHEDULE_TYPES },
    { name: 'schedule.cron', label: 'Cron', types: ['CRON'], hint: 'Quartz (6 or 7 fields) or Unix (5 fields)' },
    { name: 'schedule.zone', label: 'Time zone', type: 'zone', types: ['CRON'], hint: 'IANA zone id; empty: UTC' },
    { name: 'schedule.intervalMs', label: 'Interval', type: 'duration', types: ['FIXED_RATE', 'FIXED_DELAY'] },
    { name: 'schedule.at', label: 'At (your time)', type: 'instant', types: ['ONCE'] },
    { name: 'schedule.startAt', label: 'Not before (your time)', type: 'instant', types: TIMED },
    { name: 'schedule.endAt', label: 'Not after (your time)', type: 'instant', types: TIMED },
    { name: 'schedule.skip', label: 'Skip calendars', type: 'list', types: TIMED,
      hint: 'calendar ids, comma separated: their instants do not fire' },
    { name: 'schedule.onlyOn', label: 'Only on calendar', type: 'suggest', types: TIMED,
      hint: 'a calendar id: only its instants fire' },
    { name: 'jitterMs', label: 'Jitter', type: 'duration', hint: 'random delay up to this' },
    { name: 'misfire.strategy', label: 'Missed fires', type: 'select', options: MISFIRE_STRATEGIES, optional: true },
    { name: 'misfire.thresholdMs', label: 'Missed after', type: 'duration' },
    { name: 'misfire.maxCatchUp', label: 'Most fires caught up', type: 'int' },
    { name: 'misfire.maxLateMs', label: 'Latest start', type: 'duration',
      hint: 'a fire later than this is skipped; empty: no limit' }] },
  { title: 'Routing and blocking', fields: [
    { name: 'routing', label: 'Routing', type: 'select', options: ROUTINGS, optional: true },
    { name: 'pinnedInstances', label: 'Pinned instances', type: 'list', hint: 'comma separated; empty: any' },
    { name: 'blockStrategy', label: 'When a run is still running', type: 'select', options: BLOCK_STRATEGIES,
      optional: true },
    { name: 'timeoutMs', label: 'Timeout', type: 'duration', hint: '0s: none' },
    { name: 'atMostOnce', label: 'At most once', type: 'bool', hint: 'never run a fire twice, even after a crash' }] },
  { title: 'Failure handling', fields: [
    { name: 'retry.maxAttempts', label: 'Attempts', type: 'int', hint: '1: no retry' },
    { name: 'retry.backoffMs', label: 'First wait', type: 'duration' },
    { name: 'retry.multiplier', label: 'Wait multiplier', type: 'number' },
    { name: 'retry.maxBackoffMs', label: 'Longest wait', type: 'duration', hint: 'empty: no cap' },
    { name: 'pauseAfterFailures', label: 'Pause after failures in a row', type: 'int',
      hint: 'runs failed on their last attempt; empty: never' }] },
  { title: 'Children', fields: [
    { name: 'children', label: 'Jobs run after a success', type: 'list', hint: 'job ids, comma separated' }] },
  { title: 'Alerting', fields: [
    { name: 'alerting.failed', label: 'Alert on failures', type: 'tri' },
    { name: 'alerting.consecutive', label: 'Failures in a row', type: 'int' },
    { name: 'alerting.recoverAfter', label: 'Successes to resolve', type: 'int' },
    { name: 'alerting.missed', label: 'Alert on missed fires', type: 'tri' },
    { name: 'alerting.startGraceMs', label: 'Start grace', type: 'duration' },
    { name: 'alerting.noWorker', label: 'Alert without workers', type: 'tri' },
    { name: 'alerting.noWorkerGraceMs', label: 'No-worker grace', type: 'duration' }] }
];

const FIELDS = GROUPS.flatMap(group => group.fields);

/** The id of a field's input ({@code f-schedule-cron}); its error line is that id with {@code -error}. */
export function inputId(name) {
  return 'f-' + name.replace(/\./g, '-');
}

function input(field) {
  const id = inputId(field.name);
  switch (field.type) {
    case 'textarea': return el('textarea', { id, name: field.name, rows: 2 });
    case 'bool': return el('input', { id, name: field.name, type: 'checkbox' });
    case 'int': return el('input', { id, name: field.name, type: 'number', step: 1 });
    case 'number': return el('input', { id, name: field.name, type: 'number', step: 'any' });
    case 'instant': return el('input', { id, name: field.name, type: 'datetime-local', step: 1 });
    case 'duration': return el('input', { id, name: field.name, autocomplete: 'off', placeholder: '30s, 5m, 2h',
      inputmode: 'text', 'data-duration': '' });
    case 'suggest':
    case 'zone': return el('span', { className: 'suggest' },
        el('input', { id, name: field.name, autocomplete: 'off', list: id + '-options' }),
        el('datalist', { id: id + '-options' }));
    case 'select':
    case 'tri': {
      const options = field.type === 'tri' ? [['', DEFAULT], ['true', 'on'], ['false', 'off']]
          : (field.optional ? [['', DEFAULT]] : []).concat(field.options.map(option => [option, option]));
      return el('select', { id, name: field.name },
          options.map(([value, text]) => el('option', { value, text })));
    }
    default: return el('input', { id, name: field.name, autocomplete: 'off' });
  }
}

/** Builds the groups into {@code form}; {@code extras} maps a group id to elements appended to it. */
export function buildFields(form, extras) {
  for (const group of GROUPS) {
    const fieldset = el('fieldset', { className: 'field-group' }, el('legend', { text: group.title }));
    for (const field of group.fields) {
      fieldset.append(el('label', { className: 'field' + (field.type === 'bool' ? ' field-bool' : ''),
        'data-field': field.name },
      el('span', { className: 'field-label', text: field.label }), input(field),
      field.hint ? el('span', { className: 'hint', text: field.hint }) : null,
      el('span', { className: 'field-error', id: inputId(field.name) + '-error', role: 'alert' })));
    }
    for (const extra of (extras && extras[group.id]) || []) fieldset.append(extra);
    form.append(fieldset);
  }
}

/** Shows only the schedule fields that apply to the chosen schedule type. */
export function showScheduleFields(form) {
  const type = form.elements['schedule.type'].value;
  for (const field of FIELDS.filter(candidate => candidate.types)) {
    form.querySelector('[data-field="' + field.name + '"]').hidden = !field.types.includes(type);
  }
}

function applies(form, field) {
  return !form.querySelector('[data-field="' + field.name + '"]').hidden;
}

function valueOf(field, element) {
  const text = element.type === 'checkbox' ? null : element.value.trim();
  switch (field.type) {
    case 'bool': return element.checked;
    case 'tri': return text === '' ? null : text === 'true';
    case 'int':
    case 'number': return text === '' ? null : Number(text);
    case 'list': return text === '' ? null : text.split(',').map(part => part.trim()).filter(part => part);
    case 'instant': return instantOf(text);
    case 'duration': return parseDuration(text);
    default: return text === '' ? null : text;
  }
}

function setPath(target, path, value) {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) node = node[part] ??= {};
  node[parts[parts.length - 1]] = value;
}

function getPath(source, path) {
  return path.split('.').reduce((node, part) => (node == null ? null : node[part]), source);
}

/** The job body of the form: fields left empty (or not applying to the schedule type) are left out. */
export function readJob(form) {
  const job = {};
  for (const field of FIELDS) {
    if (!applies(form, field)) continue;
    const value = valueOf(field, form.elements[field.name]);
    if (value != null) setPath(job, field.name, value);
  }
  return job;
}

/** The duration fields that apply and hold text that is not a duration, as field errors; {@code only}: that field. */
export function durationErrors(form, only) {
  return FIELDS.filter(field => field.type === 'duration' && (!only || field.name === only) && applies(form, field)
      && Number.isNaN(parseDuration(form.elements[field.name].value)))
      .map(field => ({ field: field.name, message: NOT_A_DURATION }));
}

/** Offers {@code values} as the choices of the suggest or zone field {@code name}, in their order. */
export function offer(name, values) {
  document.getElementById(inputId(name) + '-options')
      .replaceChildren(...values.map(value => el('option', { value })));
}

/** The schedule part of the form alone, for the preview. */
export function readSchedule(form) {
  return readJob(form).schedule || {};
}

/** Fills the form from a job definition (as the API answers it); absent values empty their fields. */
export function writeJob(form, job) {
  for (const field of FIELDS) {
    const element = form.elements[field.name];
    const value = getPath(job, field.name);
    if (field.type === 'bool') element.checked = value === true;
    else if (field.type === 'tri') element.value = value == null ? '' : String(value);
    else if (field.type === 'list') element.value = (value || []).join(', ');
    else if (field.type === 'instant') element.value = localInputValue(value);
    else if (field.type === 'duration') element.value = formatDuration(value);
    else element.value = value == null ? '' : String(value);
  }
  showScheduleFields(form);
}

/** The field a fieldError names ({@code tags[2]} is the tags field); null when the form has none such. */
export function fieldOf(name) {
  const base = name.replace(/\[\d+\]$/, '').replace(/\[\d+\]\./g, '.');
  return FIELDS.some(field => field.name === base) ? base : null;
}

/** Shows each error at its field; answers the errors that name no field of the form. */
export function showFieldErrors(form, errors, prefix) {
  for (const line of form.querySelectorAll('.field-error')) {
    if (!prefix || line.id.startsWith(inputId(prefix))) line.textContent = '';
  }
  for (const field of form.querySelectorAll('[data-field]')) {
    if (!prefix || field.dataset.field.startsWith(prefix)) field.classList.remove('invalid');
  }
  const unplaced = [];
  for (const error of errors) {
    const name = fieldOf(error.field);
    if (!name) {
      unplaced.push(error);
      continue;
    }
    const line = document.getElementById(inputId(name) + '-error');
    if (line.childNodes.length) line.append('; ');
    line.append(error.message);
    form.querySelector('[data-field="' + name + '"]').classList.add('invalid');
  }
  return unplaced;
}
