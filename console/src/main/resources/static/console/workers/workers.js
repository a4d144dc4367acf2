// The workers page: every app with its live instances, the jobs no live worker can run, and each instance.
import { getJson } from '../api.js';
import { cell, dataCell, el, showError, timeCell } from '../dom.js';

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
  return row;
}

export async function show() {
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

export function hide() {
}
