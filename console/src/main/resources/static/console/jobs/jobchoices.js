// The job form's choices: the apps live workers run and the handlers each offers (GET /api/v1/apps), the IANA
// time zones, the browser's own first, and the calendars a schedule can name (GET /api/v1/calendars). Typing another app or handler stays allowed; a note says no live worker
// offers it yet.
import { getJson } from '../api.js';
import { el } from '../dom.js';
import { inputId, offer } from './jobfields.js';

let apps = new Map();

function zones(own) {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [own, 'UTC', ...known.filter(zone => zone !== own && zone !== 'UTC')];
}

function noteOf(form, name) {
  const id = inputId(name) + '-note';
  let note = document.getElementById(id);
  if (!note) {
    note = el('span', { id, className: 'hint field-note', 'aria-live': 'polite' });
    form.querySelector('[data-field="' + name + '"]').append(note);
  }
  return note;
}

/** Offers the handlers of the app typed and notes an app or handler no live worker offers. */
export function followApp(form) {
  const app = form.elements.app.value.trim();
  const handler = form.elements.handler.value.trim();
  const handlers = apps.get(app) || [];
  offer('handler', handlers);
  noteOf(form, 'app').textContent = app && !apps.has(app) ? 'No live worker runs this app yet.' : '';
  noteOf(form, 'handler').textContent = app && handler && apps.has(app) && !handlers.includes(handler)
      ? 'No live worker of this app offers this handler yet.' : '';
}

/** Loads the live apps and their handlers and offers them, with the time zones, in {@code form}. */
export async function loadChoices(form, ownZone) {
  offer('schedule.zone', zones(ownZone));
  try {
    const answer = await getJson('api/v1/apps');
    apps = new Map(answer.filter(app => app.liveInstances > 0).map(app => [app.app, app.liveHandlers || []]));
  } catch (e) {
    apps = new Map();
  }
  offer('app', [...apps.keys()].sort());
  followApp(form);
  try {
    offer('schedule.onlyOn', (await getJson('api/v1/calendars')).map(view => view.calendar.id));
  } catch (e) {
    offer('schedule.onlyOn', []);
  }
}
