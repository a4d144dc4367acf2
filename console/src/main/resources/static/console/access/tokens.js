// The tokens page: the caller's API tokens; create one (its secret is shown once) and revoke.
import { getJson, send } from '../api.js';
import { cell, confirmAction, el, showError, timeCell } from '../dom.js';
import { grantsText, parseGrants } from './grants.js';

function tokenRow(token) {
  const row = el('tr', { className: token.revokedAt ? 'revoked' : null });
  cell(row, token.name);
  cell(row, grantsText(token.grants), 'message');
  timeCell(row, token.expiresAt);
  timeCell(row, token.createdAt);
  timeCell(row, token.lastUsedAt);
  const state = cell(row, token.revokedAt ? 'revoked' : '');
  if (!token.revokedAt) {
    state.append(el('button', { type: 'button', text: 'Revoke', className: 'danger', onClick: () => revoke(token) }));
  }
  return row;
}

async function load() {
  try {
    const tokens = await getJson('api/v1/tokens');
    document.querySelector('#tokens-list tbody').replaceChildren(...tokens.map(tokenRow));
    document.getElementById('no-tokens').hidden = tokens.length > 0;
    showError('tokens-error', null);
  } catch (e) {
    showError('tokens-error', e);
  }
}

async function create(event) {
  event.preventDefault();
  const form = event.target;
  const body = { name: form.elements.name.value.trim() };
  if (form.elements.grants.value.trim()) body.grants = parseGrants(form.elements.grants.value);
  if (form.elements.expires.value) body.expiresAt = new Date(form.elements.expires.value).toISOString();
  try {
    const created = await send('POST', 'api/v1/tokens', body);
    form.reset();
    document.getElementById('token-secret').textContent = created.token;
    document.getElementById('token-created').hidden = false;
    showError('token-form-error', null);
    load();
  } catch (e) {
    showError('token-form-error', e);
  }
}

async function revoke(token) {
  if (!await confirmAction('Revoke the token ' + token.name + '? Scripts using it stop working at once.',
      'Revoke')) return;
  try {
    await send('DELETE', 'api/v1/tokens/' + encodeURIComponent(token.id));
    load();
  } catch (e) {
    showError('tokens-error', e);
  }
}

export function show() {
  document.getElementById('token-created').hidden = true;
  load();
}

export function hide() {
  document.getElementById('token-secret').textContent = '';
}

document.getElementById('token-form').addEventListener('submit', create);
