// The schedule builder of the job form: a CRON schedule chosen as every N seconds, minutes or hours, daily at a time,
// on weekdays at a time, monthly on a day at a time, or a cron typed by hand. Each choice writes the Quartz cron into
// the cron field, whose input event previews it (in words, its next fires, the fires-a-day warning); a cron the
// builder can read back (as it wrote it) opens in its choice, any other as typed by hand.
import { el } from '../dom.js';

const BY_HAND = 'HAND';
/** Each choice: its label, the inputs it takes, the range of its number, and how it writes and reads the cron. */
const KINDS = {
  SECONDS: { label: 'Every N seconds', inputs: ['every'], max: 59,
    cron: v => '0/' + v.every + ' * * * * ?', pattern: /^0\/(\d+) \* \* \* \* \?$/, read: m => ({ every: m[1] }) },
  MINUTES: { label: 'Every N minutes', inputs: ['every'], max: 59,
    cron: v => '0 0/' + v.every + ' * * * ?', pattern: /^0 0\/(\d+) \* \* \* \?$/, read: m => ({ every: m[1] }) },
  HOURS: { label: 'Every N hours', inputs: ['every'], max: 23,
    cron: v => '0 0 0/' + v.every + ' * * ?', pattern: /^0 0 0\/(\d+) \* \* \?$/, read: m => ({ every: m[1] }) },
  DAILY: { label: 'Daily at', inputs: ['at'],
    cron: v => '0 ' + v.minute + ' ' + v.hour + ' * * ?', pattern: /^0 (\d+) (\d+) \* \* \?$/,
    read: m => ({ at: clock(m[2], m[1]) }) },
  WEEKDAYS: { label: 'Weekdays at', inputs: ['at'],
    cron: v => '0 ' + v.minute + ' ' + v.hour + ' ? * MON-FRI', pattern: /^0 (\d+) (\d+) \? \* MON-FRI$/,
    read: m => ({ at: clock(m[2], m[1]) }) },
  MONTHLY: { label: 'Monthly on', inputs: ['day', 'at'], maxDay: 31,
    cron: v => '0 ' + v.minute + ' ' + v.hour + ' ' + v.day + ' * ?', pattern: /^0 (\d+) (\d+) (\d+) \* \?$/,
    read: m => ({ day: m[3], at: clock(m[2], m[1]) }) },
  [BY_HAND]: { label: 'Cron typed by hand', inputs: [] }
};
const DEFAULTS = { every: '10', at: '09:00', day: '1' };
const HOURS_A_DAY = 24;
const MINUTES_AN_HOUR = 60;
const NOT_A_TIME = 'is not a time (HH:MM)';

let cronInput = null;
let writing = false;

function clock(hour, minute) {
  return String(hour).padStart(2, '0') + ':' + String(minute).padStart(2, '0');
}

function inputOf(name) {
  return document.getElementById('b-' + name);
}

function builderField(name, label, input) {
  return el('label', { className: 'field', 'data-builder': name }, el('span', { className: 'field-label', text: label }),
      input, el('span', { className: 'field-error', id: 'b-' + name + '-error', role: 'alert' }));
}

/** The builder's fields, placed before the cron field of the form's "When" group. */
export function builderPanel() {
  return el('div', { id: 'schedule-builder', className: 'schedule-builder' },
      builderField('kind', 'Build the schedule', el('select', { id: 'b-kind' },
          Object.entries(KINDS).map(([value, kind]) => el('option', { value, text: kind.label })))),
      builderField('every', 'N', el('input', { id: 'b-every', type: 'number', min: 1, step: 1 })),
      builderField('day', 'Day of the month', el('input', { id: 'b-day', type: 'number', min: 1, step: 1,
        max: KINDS.MONTHLY.maxDay })),
      builderField('at', 'At (the job\'s zone)', el('input', { id: 'b-at', type: 'time', step: 60 })));
}

function showInputs(kind) {
  for (const name of ['every', 'day', 'at']) {
    document.querySelector('[data-builder="' + name + '"]').hidden = !KINDS[kind].inputs.includes(name);
  }
  inputOf('every').max = KINDS[kind].max || '';
}

function setError(name, message) {
  document.getElementById('b-' + name + '-error').textContent = message || '';
  document.querySelector('[data-builder="' + name + '"]').classList.toggle('invalid', !!message);
}

function whole(name, max) {
  const text = inputOf(name).value.trim();
  const number = Number(text);
  const valid = /^\d+$/.test(text) && number >= 1 && number <= max;
  setError(name, valid ? null : 'is a whole number from 1 to ' + max);
  return valid ? String(number) : null;
}

/** The values of the kind's inputs, or null (with the errors shown at the inputs) when one is not valid. */
function values(kind) {
  const spec = KINDS[kind];
  const result = {};
  for (const name of ['every', 'day', 'at']) setError(name, null);
  if (spec.inputs.includes('every')) result.every = whole('every', spec.max);
  if (spec.inputs.includes('day')) result.day = whole('day', spec.maxDay);
  if (spec.inputs.includes('at')) {
    const match = /^(\d\d):(\d\d)/.exec(inputOf('at').value);
    const valid = match && Number(match[1]) < HOURS_A_DAY && Number(match[2]) < MINUTES_AN_HOUR;
    setError('at', valid ? null : NOT_A_TIME);
    result.hour = valid ? String(Number(match[1])) : null;
    result.minute = valid ? String(Number(match[2])) : null;
  }
  return Object.values(result).some(value => value == null) ? null : result;
}

/** Writes the cron of the chosen kind into the cron field, which previews it. */
function write() {
  const kind = inputOf('kind').value;
  showInputs(kind);
  if (kind === BY_HAND) return;
  const chosen = values(kind);
  if (!chosen) return;
  writing = true;
  cronInput.value = KINDS[kind].cron(chosen);
  cronInput.dispatchEvent(new Event('input', { bubbles: true }));
  writing = false;
}

/** Opens the builder at the choice that writes {@code cron}, or at a cron typed by hand. */
export function readCron(cron) {
  const text = (cron || '').trim();
  const found = Object.entries(KINDS).find(([, kind]) => kind.pattern && kind.pattern.test(text));
  const [kind, parsed] = found ? [found[0], found[1].read(found[1].pattern.exec(text))] : [text ? BY_HAND : 'DAILY', {}];
  for (const name of ['every', 'day', 'at']) {
    inputOf(name).value = parsed[name] ?? DEFAULTS[name];
    setError(name, null);
  }
  inputOf('kind').value = kind;
  showInputs(kind);
  if (!text) write();
}

/** Places the builder in {@code form} before its cron field and follows its inputs and the cron typed. */
export function attachBuilder(form) {
  cronInput = form.elements['schedule.cron'];
  const cronField = form.querySelector('[data-field="schedule.cron"]');
  cronField.before(builderPanel());
  for (const id of ['kind', 'every', 'day', 'at']) inputOf(id).addEventListener('input', write);
  inputOf('kind').addEventListener('change', write);
  cronInput.addEventListener('input', () => {
    if (!writing) {
      inputOf('kind').value = BY_HAND;
      showInputs(BY_HAND);
    }
  });
}

/** Shows the builder only for a CRON schedule. */
export function showBuilder(form) {
  document.getElementById('schedule-builder').hidden = form.elements['schedule.type'].value !== 'CRON';
}
