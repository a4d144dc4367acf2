// The users page (ADMIN): every user with grants; create, change grants, enable or disable, lock or unlock password
// sign-in, set a password, delete.
import { getJson, send } from '../api.js';
import { cell, confirmAction, dataCell, el, showError, timeCell } from '../dom.js';
import { grantsText, parseGrants } from './grants.js';
import { t } from '../i18n.js';

let me = null;

function userRow(user) {
  const row = el('tr');
  dataCell(row, user.name);
  dataCell(row, user.source);
  cell(row, user.enabled ? 'enabled' : 'disabled');
  timeCell(row, user.lockedAt);
  dataCell(row, grantsText(user.grants), 'message');
  const actions = cell(row, '');
  actions.append(
      el('button', { type: 'button', text: 'Edit', onClick: () => edit(user) }),
      el('button', { type: 'button', text: user.enabled ? 'Disable' : 'Enable', onClick: () => toggle(user) }),
      el('button', { type: 'button', text: user.lockedAt ? 'Unlock' : 'Lock', onClick: () => lock(user) }),
      el('button', { type: 'button', text: 'Delete', className: 'danger', onClick: () => remove(user) }));
  return row;
}

async function load() {
  try {
    const users = await getJson('api/v1/users');
    document.querySelector('#users-list tbody').replaceChildren(...users.map(userRow));
    showError('users-error', null);
  } catch (e) {
    showError('users-error', e);
  }
}

async function create(event) {
  event.preventDefault();
  const form = event.target;
  try {
    await send('POST', 'api/v1/users', {
      name: form.elements.name.value.trim(),
      password: form.elements.password.value,
      grants: parseGrants(form.elements.grants.value)
    });
    form.reset();
    showError('user-form-error', null);
    load();
  } catch (e) {
    showError('user-form-error', e);
  }
}

async function edit(user) {
  const grants = window.prompt(t('Grants of ' + user.name + ' (ROLE:app, separated by commas)'),
      grantsText(user.grants));
  if (grants == null) return;
  await change(user, { grants: parseGrants(grants), enabled: user.enabled });
}

async function toggle(user) {
  if (user.enabled && !await confirmAction('Disable ' + user.name + '? They can no longer sign in, and their'
      + ' API tokens stop working.', 'Disable')) return;
  await change(user, { grants: user.grants, enabled: !user.enabled });
}

async function lock(user) {
  if (!user.lockedAt && !await confirmAction('Lock ' + user.name + '? Their password sign-ins fail until an ADMIN'
      + ' unlocks them; their API tokens keep working.', 'Lock')) return;
  try {
    await send(user.lockedAt ? 'DELETE' : 'PUT', 'api/v1/users/' + encodeURIComponent(user.name) + '/lock');
    load();
  } catch (e) {
    showError('users-error', e);
  }
}

async function change(user, body) {
  try {
    await send('PUT', 'api/v1/users/' + encodeURIComponent(user.name), body);
    load();
  } catch (e) {
    showError('users-error', e);
  }
}

async function remove(user) {
  if (!await confirmAction('Delete ' + user.name + ' and their API tokens? This cannot be undone.', 'Delete')) {
    return;
  }
  try {
    await send('DELETE', 'api/v1/users/' + encodeURIComponent(user.name));
    load();
  } catch (e) {
    showError('users-error', e);
  }
}

export function show(caller) {
  me = caller;
  load();
}

export function hide() {
}

document.getElementById('user-form').addEventListener('submit', create);
