// The console's calls to its REST API: CSRF header, JSON, the language shown (Accept-Language, for the schedules in
// words), and a sign-in page when the session is gone.
import { language } from './i18n.js';

export function csrfToken() {
  const cookie = document.cookie.split('; ').find(part => part.startsWith('XSRF-TOKEN='));
  return cookie ? decodeURIComponent(cookie.substring('XSRF-TOKEN='.length)) : '';
}

function toLoginOn401(response) {
  if (response.status === 401) {
    window.location.assign('login?expired');
    throw new Error('signed out');
  }
  return response;
}

/** An API error: the answer's message, with each field's problem on a line of its own. */
export class ApiError extends Error {
  constructor(status, answer, what) {
    const fields = (answer.fieldErrors || []).map(error => error.field + ': ' + error.message);
    super((answer.error || what + ' answered ' + status) + (fields.length ? '\n' + fields.join('\n') : ''));
    this.status = status;
    this.fieldErrors = answer.fieldErrors || [];
  }
}

export async function getJson(path) {
  const response = toLoginOn401(await fetch(path, { headers: { Accept: 'application/json', 'Accept-Language': language() } }));
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, answer, path);
  return answer;
}

/** Sends {@code method path} with a JSON body (or none); answers the parsed JSON (null for 204). */
export async function send(method, path, body) {
  const headers = { Accept: 'application/json', 'Accept-Language': language(), 'X-XSRF-TOKEN': csrfToken() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = toLoginOn401(await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body)
  }));
  if (response.status === 204) return null;
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, answer, method + ' ' + path);
  return answer;
}

/** The signed-in caller ({@code GET /api/v1/me}) and what its grants allow. */
export class Me {
  constructor(me) {
    this.name = me.name;
    this.token = me.token;
    this.grants = me.grants;
    this.admin = me.admin;
  }

  canOperate(app) {
    return this.grants.some(grant => grant.role === 'ADMIN'
        || (grant.role === 'OPERATOR' && (grant.app === '*' || grant.app === app)));
  }

  operatesAnything() {
    return this.grants.some(grant => grant.role !== 'VIEWER');
  }
}
