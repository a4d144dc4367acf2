// The calendars page (#/calendars): every calendar schedules skip or fire only on, with its days and times; ADMINs
// create, edit and delete them (a calendar that jobs use is not deleted: the answer names the jobs) and import an
// iCalendar (.ics) file as one.
import { csrfToken, getJson, send, ApiError } from '../api.js';
import { language } from '../i18n.js';
import { cell, confirmAction, dataCell, el, showError, time } from '../dom.js';

const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
const FIELDS = ['id', 'description', 'zone', 'dates', 'ranges', 'weekdays', 'times'];
/** "from to to", "from .. to" or "from – to" on one line. */
const SPAN = /^(\S+)\s*(?:\s+to\s+|\.\.|\s+[–—]\s+)\s*(\S+)$/;
/** A time window may also be written "22:00-06:00", times having no dash of their own. */
const TIME_SPAN = /^(\d{1,2}:\d{2}(?::\d{2})?)\s*(?:-|\s+to\s+|\.\.|\s+[–—]\s+)\s*(\d{1,2}:\d{2}(?::\d{2})?)$/;

const form = document.getElementById('calendar-form');
const importForm = document.getElementById('calendar-import-form');
let me = null;
let editing = null;

function path(id) {
  return 'api/v1/calendars/' + encodeURIComponent(id);
}

function setState(text) {
  document.getElementById('calendars-state').textContent = text || '';
}

/** The calendar's days and times as short parts, each translated on its own (weekdays and times are API values). */
function summary(calendar) {
  const parts = [];
  const dates = calendar.dates || [];
  const ranges = calendar.ranges || [];
  if (dates.length) parts.push({ text: dates.length === 1 ? '1 date' : dates.length + ' dates' });
  if (ranges.length) parts.push({ text: ranges.length === 1 ? '1 date range' : ranges.length + ' date ranges' });
  if ((calendar.weekdays || []).length) parts.push({ text: calendar.weekdays.join(', '), data: true });
  if ((calendar.times || []).length) {
    parts.push({ text: calendar.times.map(window => window.from + '–' + window.to).join(', '), data: true });
  }
  if (!parts.length) parts.push({ text: 'no days or times: no instant falls in it' });
  return parts;
}

function summaryCell(row, calendar) {
  const td = cell(row, '', 'message');
  summary(calendar).forEach((part, index) => {
    if (index) td.append('; ');
    td.append(el('span', { text: part.text, translate: part.data ? 'no' : null }));
  });
  const days = (calendar.dates || []).concat((calendar.ranges || []).map(range => range.from + ' … ' + range.to));
  if (days.length) td.title = days.slice(0, 5).join(', ') + (days.length > 5 ? ', …' : '');
}

function calendarRow(view) {
  const calendar = view.calendar;
  const row = el('tr', { id: 'calendar-' + calendar.id });
  dataCell(row, calendar.id);
  dataCell(row, calendar.description || '', 'message');
  if (calendar.zone) dataCell(row, calendar.zone);
  else cell(row, '(the schedule\'s zone)', 'muted');
  summaryCell(row, calendar);
  const updated = cell(row, time(view.updatedAt) + (view.updatedBy ? ' · ' + view.updatedBy : ''));
  if (view.declaredBy) {
    updated.append(' ', el('span', { className: 'badge badge-code', text: 'code',
      title: 'declared by app ' + view.declaredBy + ': its next start puts back what it declares' }));
  }
  const actions = cell(row, '');
  if (me && me.admin) {
    actions.append(
        el('button', { type: 'button', text: 'Edit', onClick: () => edit(calendar) }),
        el('button', { type: 'button', text: 'Delete', className: 'danger', onClick: () => remove(calendar) }));
  }
  return row;
}

async function load() {
  setState('loading…');
  try {
    const calendars = await getJson('api/v1/calendars');
    document.querySelector('#calendar-list tbody').replaceChildren(...calendars.map(calendarRow));
    document.getElementById('calendar-list').hidden = calendars.length === 0;
    document.getElementById('no-calendars').hidden = calendars.length > 0;
    showError('calendars-error', null);
    setState(calendars.length === 1 ? '1 calendar' : calendars.length + ' calendars');
  } catch (e) {
    setState('');
    showError('calendars-error', e);
  }
}

function lines(text) {
  return text.split(/[\n,;]+/).map(line => line.trim()).filter(line => line);
}

/** The calendar the form holds, and the problems of what cannot be read, each at its field. */
function readCalendar() {
  const problems = [];
  const spans = (name, pattern, example) => lines(form.elements[name].value).map((line, index) => {
    const match = pattern.exec(line);
    if (!match) {
      problems.push({ field: name, message: 'line ' + (index + 1) + ' ("' + line + '") is not a span: write it as '
          + example });
      return null;
    }
    return { from: match[1], to: match[2] };
  }).filter(span => span);
  const calendar = {
    description: form.elements.description.value.trim() || null,
    zone: form.elements.zone.value.trim() || null,
    dates: form.elements.dates.value.split(/[\s,;]+/).filter(date => date),
    ranges: spans('ranges', SPAN, '2026-12-24 to 2026-12-31'),
    weekdays: WEEKDAYS.filter(day => form.querySelector('input[name="weekdays"][value="' + day + '"]').checked),
    times: spans('times', TIME_SPAN, '22:00 to 06:00')
  };
  return { calendar, problems };
}

function writeCalendar(calendar) {
  form.elements.id.value = calendar.id || '';
  form.elements.description.value = calendar.description || '';
  form.elements.zone.value = calendar.zone || '';
  form.elements.dates.value = (calendar.dates || []).join('\n');
  form.elements.ranges.value = (calendar.ranges || []).map(range => range.from + ' to ' + range.to).join('\n');
  for (const box of form.querySelectorAll('input[name="weekdays"]')) {
    box.checked = (calendar.weekdays || []).includes(box.value);
  }
  form.elements.times.value = (calendar.times || []).map(window => window.from + ' to ' + window.to).join('\n');
}

/** The form field an API field error names: {@code dates[3]} and {@code ranges[0].to} are their lists. */
function fieldOf(name) {
  const base = String(name).replace(/\[\d+\].*$/, '').replace(/\..*$/, '');
  return FIELDS.includes(base) ? base : null;
}

function showFieldErrors(errors) {
  for (const line of form.querySelectorAll('.field-error')) line.textContent = '';
  for (const field of form.querySelectorAll('[data-field]')) field.classList.remove('invalid');
  const unplaced = [];
  for (const error of errors) {
    const name = fieldOf(error.field);
    if (!name) {
      unplaced.push(error);
      continue;
    }
    const line = document.getElementById('calendar-' + name + '-error');
    line.textContent = (line.textContent ? line.textContent + '; ' : '') + (error.field !== name
        ? error.field + ': ' : '') + error.message;
    form.querySelector('[data-field="' + name + '"]').classList.add('invalid');
  }
  return unplaced;
}

function showFormErrors(errors, error) {
  const unplaced = showFieldErrors(errors);
  const placed = errors.length - unplaced.length;
  showError('calendar-form-error', placed === 0 ? error : (placed === 1 ? 'One field needs a fix' : placed
      + ' fields need a fix') + (unplaced.length ? ':\n' + unplaced.map(u => u.field + ': ' + u.message)
          .join('\n') : '; see the messages at the fields.'));
}

function startNew() {
  editing = null;
  form.elements.id.readOnly = false;
  document.getElementById('calendar-form-title').textContent = 'New calendar';
  writeCalendar({});
  showFieldErrors([]);
  showError('calendar-form-error', null);
}

function edit(calendar) {
  editing = calendar.id;
  form.elements.id.readOnly = true;
  document.getElementById('calendar-form-title').textContent = 'Edit calendar ' + calendar.id;
  writeCalendar(calendar);
  showFieldErrors([]);
  showError('calendar-form-error', null);
  form.elements.description.focus();
}

async function save(event) {
  event.preventDefault();
  showError('calendar-form-error', null);
  const id = form.elements.id.value.trim();
  const { calendar, problems } = readCalendar();
  if (!id) problems.unshift({ field: 'id', message: 'is required: the name schedules use' });
  if (problems.length) {
    showFormErrors(problems, null);
    return;
  }
  const status = document.getElementById('calendar-form-status');
  status.textContent = 'saving…';
  try {
    await send('PUT', path(id), calendar);
    status.textContent = 'Saved ' + id + '.';
    startNew();
    load();
  } catch (e) {
    status.textContent = '';
    showFormErrors(e.fieldErrors || [], e);
  }
}

async function remove(calendar) {
  if (!await confirmAction('Delete calendar ' + calendar.id + '? It cannot be undone; a calendar that job '
      + 'schedules name is not deleted.', 'Delete')) return;
  try {
    await send('DELETE', path(calendar.id));
    showError('calendars-error', null);
    if (editing === calendar.id) startNew();
    load();
  } catch (e) {
    showError('calendars-error', e.status === 409 ? 'Not deleted: ' + e.message : e);
  }
}

async function importFile(event) {
  event.preventDefault();
  showError('calendar-import-error', null);
  const result = document.getElementById('calendar-import-result');
  result.hidden = true;
  const file = importForm.elements.file.files[0];
  const id = importForm.elements.id.value.trim();
  if (!file || !id) {
    showError('calendar-import-error', !id ? 'id: is required: the id of the calendar the file becomes'
        : 'file: choose an .ics file');
    return;
  }
  const query = new URLSearchParams({ id });
  const zone = importForm.elements.zone.value.trim();
  if (zone) query.set('zone', zone);
  try {
    const response = await fetch('api/v1/calendars/import?' + query, {
      method: 'POST', body: await file.text(),
      headers: { Accept: 'application/json', 'Accept-Language': language(), 'X-XSRF-TOKEN': csrfToken(),
        'Content-Type': 'text/calendar' }
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) throw new ApiError(response.status, answer, 'the import');
    const calendar = answer.calendar.calendar;
    result.replaceChildren(el('span', { text: 'Imported ' + calendar.id + ': ' + (calendar.dates || []).length
        + ' dates and ' + (calendar.ranges || []).length + ' date ranges from ' + answer.events + ' events.' }),
    ...(answer.leftOut ? [el('br'), el('span', { text: answer.leftOut + ' events left out:' }),
      el('ul', {}, answer.leftOutNamed.map(why => el('li', { text: why, translate: 'no' })))] : []));
    result.hidden = false;
    importForm.reset();
    load();
  } catch (e) {
    showError('calendar-import-error', e);
  }
}

export function show(caller) {
  me = caller;
  document.getElementById('calendar-admin').hidden = !me.admin;
  if (!editing) startNew();
  load();
}

export function hide() {
}

function zoneChoices() {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  document.getElementById('calendar-zones').replaceChildren(...zones.map(zone => el('option', { value: zone })));
}

form.addEventListener('submit', save);
document.getElementById('calendar-new').addEventListener('click', startNew);
importForm.addEventListener('submit', importFile);
zoneChoices();
