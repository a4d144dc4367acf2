// The schedule builder's preview: as the user types (debounced), the schedule in words, its next fires in the job's
// zone and in UTC (with the instants its calendars remove struck through, naming the calendar), its daylight-saving
// notes and how many times a day it fires, from POST /api/v1/schedules/preview.
import { send } from '../api.js';
import { el } from '../dom.js';
import { readSchedule, showFieldErrors } from './jobfields.js';

const DEBOUNCE_MS = 300;
const FIRES_SHOWN = 10;
/** The field each schedule type cannot preview without. */
const NEEDED = { CRON: 'cron', FIXED_RATE: 'intervalMs', FIXED_DELAY: 'intervalMs', ONCE: 'at' };

let form = null;
let timer = null;
let asked = 0;
let latest = null;
const touched = new Set();

/** The preview's panel, placed in the form's "When" group. */
export function previewPanel() {
  return el('div', { id: 'schedule-preview', className: 'preview', 'aria-live': 'polite' },
      el('p', { id: 'preview-words', className: 'preview-words' }),
      el('p', { id: 'preview-per-day', className: 'muted' }),
      el('p', { id: 'preview-warning', className: 'warning-text', hidden: '' }),
      el('ul', { id: 'preview-dst', className: 'dst-notes' }),
      el('table', { id: 'preview-fires' },
          el('thead', {}, el('tr', {}, el('th', { text: 'Next fires in the job\'s zone' }),
              el('th', { text: 'UTC' }))),
          el('tbody')),
      el('p', { id: 'preview-error', className: 'error', hidden: '' }));
}

function wallClock(offsetDateTime) {
  return offsetDateTime.replace('T', ' ');
}

/**
 * One instant of the preview: one that fires, or one a calendar removes, struck through with the calendar named
 * ({@code skippedBy}).
 */
function fireRow(fire) {
  const utc = fire.at.replace('T', ' ').replace('Z', ' UTC');
  if (!fire.skippedBy) {
    return el('tr', {}, el('td', { text: wallClock(fire.local) }), el('td', { text: utc }));
  }
  return skippedRow(el('td', {}, el('s', { text: wallClock(fire.local) })), utc, fire.skippedBy);
}

/**
 * A row of an instant calendar {@code calendar} removes: {@code first} (its local time), then its UTC time, both
 * struck through, and "skipped by" the calendar.
 */
export function skippedRow(first, utc, calendar) {
  return el('tr', { className: 'skipped', title: 'skipped by calendar ' + calendar }, first,
      el('td', {}, el('s', { text: utc }),
          el('span', { className: 'skipped-by' }, el('span', { text: 'skipped by' }), ' ',
              el('span', { text: calendar, translate: 'no', className: 'calendar-id' }))));
}

function render(preview) {
  latest = preview;
  document.getElementById('preview-words').textContent = preview.scheduleInWords;
  document.getElementById('preview-per-day').textContent = 'Fires ' + preview.firesPerDay + ' time'
      + (preview.firesPerDay === 1 ? '' : 's') + ' a day.';
  const warning = document.getElementById('preview-warning');
  warning.textContent = preview.warning || '';
  warning.hidden = !preview.tooFrequent;
  document.getElementById('preview-dst').replaceChildren(...(preview.dstNotes || []).map(note =>
      el('li', { className: 'dst-' + note.kind, text: note.message })));
  document.querySelector('#preview-fires tbody').replaceChildren(...preview.fires.map(fireRow));
  document.getElementById('preview-fires').hidden = preview.fires.length === 0;
  document.getElementById('preview-error').hidden = true;
}

function clear() {
  latest = null;
  document.getElementById('preview-words').textContent = '';
  document.getElementById('preview-per-day').textContent = '';
  document.getElementById('preview-warning').hidden = true;
  document.getElementById('preview-dst').replaceChildren();
  document.querySelector('#preview-fires tbody').replaceChildren();
  document.getElementById('preview-fires').hidden = true;
  document.getElementById('preview-error').hidden = true;
}

function fail(error, reveal) {
  clear();
  const errors = (error.fieldErrors || []).filter(e => reveal || touched.has('schedule.' + e.field)
      || touched.has(e.field));
  const unplaced = showFieldErrors(form, errors, 'schedule');
  const line = document.getElementById('preview-error');
  line.textContent = unplaced.length ? unplaced.map(e => e.field + ': ' + e.message).join('\n')
      : (error.fieldErrors && error.fieldErrors.length ? 'Fix the schedule to see its fires.' : error.message);
  line.hidden = false;
}

/** Marks field {@code name} as visited: its errors show from now on. */
export function touch(name) {
  if (name) touched.add(name);
}

/** Forgets the visited fields, as a form is opened afresh. */
export function untouchAll() {
  touched.clear();
}

/**
 * Previews the form's schedule at once; answers the preview, or null when the schedule is not valid or not yet
 * filled in. Errors show at the fields the user visited, at all of them with {@code reveal} (on save).
 */
export async function previewNow({ reveal = false } = {}) {
  clearTimeout(timer);
  const ticket = ++asked;
  const schedule = readSchedule(form);
  const needed = NEEDED[schedule.type];
  if (needed && schedule[needed] == null && !reveal) {
    clear();
    showFieldErrors(form, [], 'schedule');
    return null;
  }
  try {
    const preview = await send('POST', 'api/v1/schedules/preview', { schedule, count: FIRES_SHOWN });
    if (ticket === asked) {
      showFieldErrors(form, [], 'schedule');
      render(preview);
    }
    return preview;
  } catch (e) {
    if (ticket === asked) fail(e, reveal);
    return null;
  }
}

/** Previews again {@value DEBOUNCE_MS} ms after the user stops typing. */
export function previewSoon() {
  clearTimeout(timer);
  timer = setTimeout(previewNow, DEBOUNCE_MS);
}

/** The newest preview shown, null while the schedule is not valid. */
export function latestPreview() {
  return latest;
}

/** Follows the schedule fields of {@code jobForm}. */
export function attach(jobForm) {
  form = jobForm;
}

export function stop() {
  clearTimeout(timer);
  asked++;
}
