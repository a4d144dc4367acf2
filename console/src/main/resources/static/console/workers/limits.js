// The Workers page's concurrency limits: each limit with its counts, the runs that hold it and its queue.
import { cell, dataCell, el, timeCell } from '../dom.js';
import { runLink } from '../runs/runs.js';

/** The element id of limit {@code id}'s section, which the run page links to through #/workers?limit=<id>. */
export function limitSectionId(id) {
  return 'limit-' + id;
}

/** "3 of 4 held, 2 waiting", or for a limit that is not defined "3 held, 2 waiting (not defined: no bound)". */
function counts(usage) {
  return usage.defined ? usage.held + ' of ' + usage.max + ' held, ' + usage.waiting + ' waiting'
      : usage.held + ' held, ' + usage.waiting + ' waiting (not defined: no bound)';
}

/** "Showing 10 of 12": the runs listed, when the list does not show every one of them. */
function shownNote(listed, total) {
  return listed < total ? el('p', { className: 'muted', text: 'Showing ' + listed + ' of ' + total }) : null;
}

function runsTable(className, headers, runs, rowOf) {
  const head = el('tr', {}, ...headers.map(text => el('th', { text })));
  return el('table', { className }, el('thead', {}, head), el('tbody', {}, ...runs.map(rowOf)));
}

function holderRow(run) {
  const row = el('tr');
  cell(row, '').append(runLink(run.runId));
  dataCell(row, run.jobId);
  dataCell(row, run.instance);
  cell(row, run.status, 'status status-' + run.status);
  timeCell(row, run.since);
  return row;
}

function waiterRow(run, index) {
  const row = el('tr');
  cell(row, index + 1);
  cell(row, '').append(runLink(run.runId));
  dataCell(row, run.jobId);
  timeCell(row, run.since);
  timeCell(row, run.scheduledAt);
  return row;
}

/** The section of one limit ({@code chosen}: the one the URL names, marked). */
export function limitSection(usage, chosen) {
  const holders = usage.holders.length === 0
      ? el('p', { className: 'muted', text: 'No run holds this limit.' })
      : runsTable('limit-holders', ['Run', 'Job', 'Instance', 'Status', 'Since'], usage.holders, holderRow);
  const queue = usage.queue.length === 0
      ? el('p', { className: 'muted', text: 'No run waits for this limit.' })
      : runsTable('limit-queue', ['Position', 'Run', 'Job', 'Waiting since', 'Scheduled'], usage.queue, waiterRow);
  return el('section', { className: 'limit' + (chosen ? ' chosen' : ''), id: limitSectionId(usage.id),
    'data-limit': usage.id },
    el('h3', {}, el('span', { translate: 'no', text: usage.id })),
    usage.description ? el('p', { translate: 'no', text: usage.description }) : null,
    el('p', { className: 'limit-counts', text: counts(usage) }),
    el('h4', { text: 'Holders' }), holders, shownNote(usage.holders.length, usage.held),
    el('h4', { text: 'Queue' }), queue, shownNote(usage.queue.length, usage.waiting));
}
