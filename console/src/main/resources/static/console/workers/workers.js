// The workers page: every app with its live instances, the jobs no live worker can run, each instance, and the
// concurrency limits with the runs that hold them and wait for them (#/workers?limit=<id> shows one limit's section).
import { getJson } from '../api.js';
import { cell, dataCell, el, showError, timeCell } from '../dom.js';
import { limitSection, limitSectionId } from './limits.js';

function appRow(app) {
  const row = el('tr', { className: app.liveInstances === 0 ? 'warning' : null });
  dataCell(row, app.app);
  cell(row, app.liveInstances);
  cell(row, app.staleInstances);
  dataCell(row, (app.liveHandlers || []).join(', '), 'message');
  cell(row, app.enabledJobs);
  const unserved = app.jobsWithoutWorker || [];
  dataCell(row, app.unservedJobs ? app.unservedJobs + ': ' + unserved.map(job => job.jobId + ' (' + job.handler + ')')
      .join(', ') : '', 'message warning-text');
  return row;
}

function workerRow(worker) {
  const row = el('tr', { className: worker.stale ? 'stale' : null });
  dataCell(row, worker.instanceId);
  dataCell(row, worker.app);
  dataCell(row, (worker.handlers || []).join(', '), 'message');
  cell(row, worker.running + ' / ' + worker.capacity);
  cell(row, worker.waiting);
  cell(row, (worker.partitions || []).join(', '));
  timeCell(row, worker.lastHeartbeat);
  cell(row, worker.stale ? 'stale' : 'live');
  clockCell(row, worker);
  return row;
}

/** The instance's clock against the console's: "in step", or how far ahead or behind, flagged. */
function clockCell(row, worker) {
  const offset = worker.clockOffsetMs || 0;
  const seconds = (Math.abs(offset) / 1000).toFixed(1);
  const text = worker.clockInStep !== false ? 'in step'
      : offset > 0 ? seconds + ' s ahead' : seconds + ' s behind';
  const td = cell(row, text);
  if (worker.clockInStep === false) {
    td.classList.add('warning-text');
    td.title = 'Runs start at their due instant by this worker\'s clock; dispatchers prefer workers in step';
  }
}

async function showWorkers() {
  try {
    const [apps, workers] = await Promise.all([getJson('api/v1/apps'), getJson('api/v1/workers')]);
    document.querySelector('#app-list tbody').replaceChildren(...apps.map(appRow));
    document.querySelector('#worker-list tbody').replaceChildren(...workers.map(workerRow));
    document.getElementById('no-workers').hidden = workers.length > 0;
    showError('workers-error', null);
  } catch (e) {
    showError('workers-error', e);
  }
}

async function showLimits(chosen) {
  const state = document.getElementById('limits-state');
  const list = document.getElementById('limit-list');
  state.textContent = 'loading…';
  try {
    const usages = await getJson('api/v1/limits:usage');
    list.replaceChildren(...usages.map(usage => limitSection(usage, usage.id === chosen)));
    document.getElementById('no-limits').hidden = usages.length > 0;
    state.textContent = '';
    showError('limits-error', null);
    const section = chosen && document.getElementById(limitSectionId(chosen));
    if (section) section.scrollIntoView();
  } catch (e) {
    state.textContent = '';
    showError('limits-error', e);
  }
}

export function show(me, params) {
  showWorkers();
  showLimits(params ? params.get('limit') : null);
}

export function hide() {
}
