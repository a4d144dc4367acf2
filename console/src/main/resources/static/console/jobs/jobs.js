// The jobs page: the jobs the user may read, a page at a time (keyset, newest cursor in the URL), filtered by the
// form whose values live in the URL so a view can be shared; each row shows the schedule in words, the next fire,
// the last run and the 24-hour success rate. A row opens the job's page, checked rows take a batch action, and
// "New job" opens the job form.
import { getJson, send } from '../api.js';
import { cell, dataCell, el, go, shortTimeCell, showError, time } from '../dom.js';
import { listed, onBatch, selectBox } from './jobbatch.js';
import { columnChooser } from '../columns.js';

const REFRESH_MS = 3000;
const PAGE_SIZE = 50;
const FILTERS = ['q', 'app', 'handler', 'type', 'enabled', 'paused', 'status', 'tag', 'owner'];

let me = null;
let timer = null;
let rendered = null;
let params = new URLSearchParams();

// A job an app declares in its code: a "code" badge naming the app and version, and "orphaned" once the app's
// newest version no longer declares it.
function managementBadges(managedBy) {
  if (!managedBy) return [];
  const badges = [el('span', { className: 'badge badge-code', text: 'code',
    title: 'managed by app ' + managedBy.app + ' version ' + managedBy.version
      + ': change it in the app\'s code, or detach it' })];
  if (managedBy.orphaned) {
    badges.push(el('span', { className: 'badge badge-orphaned', text: 'orphaned',
      title: 'no longer declared by app ' + managedBy.app + ' since ' + time(managedBy.orphanedAt)
        + ' (' + managedBy.orphanedAt + ')' }));
  }
  return badges;
}

/** Disabled and paused, as badges beside the id while their columns are hidden. */
function stateBadges(job, paused) {
  return [job.enabled ? null : el('span', { className: 'badge badge-state', text: 'disabled' }),
    paused ? el('span', { className: 'badge badge-state', text: 'paused' }) : null].filter(badge => badge);
}

function successText(last24h) {
  if (!last24h || last24h.successRate == null) return '';
  return Math.round(last24h.successRate * 100) + ' % of ' + last24h.ended;
}

async function runNow(job, button) {
  button.disabled = true;
  try {
    await send('POST', 'api/v1/jobs/' + encodeURIComponent(job.id) + '/run');
    showError('error', null);
  } catch (e) {
    showError('error', e);
  } finally {
    button.disabled = false;
  }
}

function renderRow(summary) {
  const { job, lastRun, managedBy } = summary;
  const row = el('tr', { className: 'job', 'data-job': job.id, onClick: () => go('job', { id: job.id }) });
  const operable = me.canOperate(job.app);
  cell(row, '').append(operable ? selectBox(job) : '');
  cell(row, '', 'cut').append(el('a', { href: '#/job?id=' + encodeURIComponent(job.id), text: job.id,
    translate: 'no', title: job.id, onClick: event => event.stopPropagation() }), ...managementBadges(managedBy),
  ...stateBadges(job, summary.paused));
  dataCell(row, job.description, 'cut').title = job.description || '';
  dataCell(row, job.app + ' / ' + job.handler, 'cut').title = job.app + ' / ' + job.handler;
  cell(row, summary.scheduleInWords, 'cut').title = summary.scheduleInWords;
  cell(row, job.enabled ? 'yes' : 'no', 'enabled');
  cell(row, summary.paused ? 'paused' : '', 'job-state-paused');
  shortTimeCell(row, summary.nextFireAt);
  cell(row, lastRun ? lastRun.status : '—', 'status' + (lastRun ? ' status-' + lastRun.status : ''));
  shortTimeCell(row, lastRun && lastRun.scheduledAt);
  cell(row, lastRun && lastRun.latenessMs != null ? lastRun.latenessMs + ' ms' : '');
  cell(row, successText(summary.last24h));
  const actions = cell(row, '');
  if (operable) {
    actions.appendChild(el('button', { type: 'button', text: 'Run now',
      onClick: event => { event.stopPropagation(); runNow(job, event.target); } }));
  }
  return row;
}

function render(page) {
  document.querySelector('#jobs tbody').replaceChildren(...page.items.map(renderRow));
  const filtered = FILTERS.some(name => params.get(name));
  document.getElementById('no-jobs').hidden = page.items.length > 0 || filtered || params.get('cursor');
  document.getElementById('no-matching-jobs').hidden = page.items.length > 0 || !(filtered || params.get('cursor'));
  document.getElementById('jobs-next').hidden = !page.nextCursor;
  document.getElementById('jobs-first').hidden = !params.get('cursor');
  document.getElementById('jobs-next').onclick = () => go('jobs', withCursor(page.nextCursor));
  listed(page.items.map(({ job }) => job).filter(job => me.canOperate(job.app)));
}

function withCursor(cursor) {
  const next = new URLSearchParams(params);
  if (cursor) next.set('cursor', cursor); else next.delete('cursor');
  return Object.fromEntries(next);
}

export async function refresh() {
  try {
    const query = new URLSearchParams(params);
    query.set('size', PAGE_SIZE);
    const page = await getJson('api/v1/jobs?' + query);
    const text = JSON.stringify(page);
    if (text !== rendered) {
      rendered = text;
      render(page);
    }
    document.getElementById('refreshed').textContent = 'updated '
        + new Date().toLocaleTimeString(document.documentElement.lang || undefined);
    showError('error', null);
  } catch (e) {
    showError('error', e);
  }
}

function search(event) {
  event.preventDefault();
  const chosen = {};
  for (const name of FILTERS) {
    const value = document.getElementById('jobs-filter-' + name).value.trim();
    if (value) chosen[name] = value;
  }
  go('jobs', chosen);
}

export function show(caller, shown) {
  me = caller;
  rendered = null;
  params = new URLSearchParams();
  for (const name of [...FILTERS, 'cursor']) {
    if (shown.get(name)) params.set(name, shown.get(name));
  }
  for (const name of FILTERS) document.getElementById('jobs-filter-' + name).value = params.get(name) || '';
  document.getElementById('import').hidden = !me.operatesAnything();
  document.getElementById('new-job').hidden = !me.operatesAnything();
  document.getElementById('select-all').hidden = !me.operatesAnything();
  refresh();
  timer = setInterval(refresh, REFRESH_MS);
}

export function hide() {
  clearInterval(timer);
  timer = null;
}

document.getElementById('jobs-filters').addEventListener('submit', search);
document.getElementById('jobs-first').addEventListener('click', () => go('jobs', withCursor(null)));
onBatch(refresh);
/** Enabled, Paused, and the last run's Scheduled and Lateness: hidden until chosen, so that the list fits 1280 px. */
columnChooser('jobs', [6, 7, 10, 11]);
