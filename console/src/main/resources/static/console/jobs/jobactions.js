// The actions of the job page: run now (with params), run at an instant, backfill a range (counted first), pause and
// resume with a reason, enable or disable, edit, copy and delete (confirmed), or, for a job its app declares in code,
// detach it instead of editing or deleting it. Shown only to those who operate the app.
import { send } from '../api.js';
import { confirmAction, el, go, time } from '../dom.js';
import { openFormDialog } from '../formdialog.js';

const PARAMS = { name: 'params', label: 'Params', type: 'textarea', hint: 'empty: the job\'s own params' };

function path(job, action) {
  return 'api/v1/jobs/' + encodeURIComponent(job.id) + (action ? '/' + action : '');
}

function runNow(job, done) {
  openFormDialog({ title: 'Run ' + job.id + ' now', fields: [PARAMS], submitLabel: 'Run now',
    onSubmit: async values => {
      const answer = await send('POST', path(job, 'run'), values.params ? { params: values.params } : undefined);
      done('Run requested (request ' + answer.requestId + ').');
      return true;
    } });
}

function runAt(job, done) {
  openFormDialog({ title: 'Run ' + job.id + ' once at an instant',
    fields: [{ name: 'at', label: 'At (your time)', type: 'instant', required: true }, PARAMS],
    submitLabel: 'Ask for the run',
    onSubmit: async values => {
      await send('POST', path(job, 'run-at'), values);
      done('A run at ' + time(values.at) + ' is requested.');
      return true;
    } });
}

function backfill(job, done) {
  let counted = null;
  openFormDialog({ title: 'Backfill ' + job.id,
    fields: [{ name: 'from', label: 'From (your time)', type: 'instant', required: true },
      { name: 'to', label: 'To (your time)', type: 'instant', required: true }, PARAMS],
    submitLabel: 'Count fires',
    onChange: controls => {
      counted = null;
      controls.summary(null);
      controls.submitLabel('Count fires');
    },
    onSubmit: async (values, controls) => {
      if (counted == null) {
        const plan = await send('POST', path(job, 'backfill') + '?dryRun=true', values);
        if (plan.fires === 0) {
          controls.summary('The schedule makes no fire in this range.');
          return false;
        }
        counted = plan.fires;
        controls.summary('This backfill makes ' + plan.fires + ' fire' + (plan.fires === 1 ? '' : 's')
            + ', the first at ' + time(plan.first) + ' and the last at ' + time(plan.last) + '.');
        controls.submitLabel('Backfill ' + plan.fires + ' fire' + (plan.fires === 1 ? '' : 's'));
        return false;
      }
      const plan = await send('POST', path(job, 'backfill'), values);
      done('Backfill of ' + plan.fires + ' fires requested.');
      return true;
    } });
}

function pause(job, done) {
  openFormDialog({ title: 'Pause ' + job.id,
    fields: [{ name: 'reason', label: 'Reason', required: true, hint: 'shown on the job until it resumes' }],
    submitLabel: 'Pause',
    onSubmit: async values => {
      await send('POST', path(job, 'pause'), values);
      done('Paused: ' + values.reason);
      return true;
    } });
}

function resume(job, done) {
  openFormDialog({ title: 'Resume ' + job.id, fields: [{ name: 'reason', label: 'Reason', hint: 'optional' }],
    submitLabel: 'Resume',
    onSubmit: async values => {
      await send('POST', path(job, 'resume'), values);
      done('Resumed' + (values.reason ? ': ' + values.reason : '.'));
      return true;
    } });
}

async function remove(job, failed) {
  const sure = await confirmAction('Delete the job ' + job.id + ' (' + job.app + ' / ' + job.handler + ')? Its'
      + ' schedule stops for good; its runs stay readable until they expire.', 'Delete job');
  if (!sure) return;
  try {
    await send('DELETE', path(job));
    go('jobs');
  } catch (e) {
    failed(e);
  }
}

async function detach(job, done, failed) {
  const sure = await confirmAction('Detach the job ' + job.id + ' from app ' + job.managedBy.app + '? The console'
      + ' manages it from then on: it can be edited here, and the app\'s declarations leave it alone.', 'Detach');
  if (!sure) return;
  try {
    await send('POST', path(job, 'detach'));
    done('Detached: the console manages this job now.');
  } catch (e) {
    failed(e);
  }
}

async function toggle(job, done, failed) {
  try {
    await send('POST', path(job, job.enabled ? 'disable' : 'enable'));
    done(job.enabled ? 'Disabled.' : 'Enabled.');
  } catch (e) {
    failed(e);
  }
}

function button(action, label, onClick, className) {
  return el('button', { type: 'button', text: label, className, onClick, 'data-action': action });
}

/**
 * The action buttons of {@code job} ({@code paused}: whether it is paused); {@code done(message)} after an action
 * succeeded, {@code failed(error)} when one failed outside a dialog.
 */
export function jobActions(job, paused, done, failed) {
  const managed = job.managedBy != null;
  return [
    button('run', 'Run now…', () => runNow(job, done)),
    button('run-at', 'Run at…', () => runAt(job, done)),
    button('backfill', 'Backfill…', () => backfill(job, done)),
    paused ? button('resume', 'Resume…', () => resume(job, done)) : button('pause', 'Pause…', () => pause(job, done)),
    button(job.enabled ? 'disable' : 'enable', job.enabled ? 'Disable' : 'Enable', () => toggle(job, done, failed)),
    managed ? button('detach', 'Detach…', () => detach(job, done, failed))
      : el('a', { className: 'button', href: '#/job-edit?id=' + encodeURIComponent(job.id), text: 'Edit',
        'data-action': 'edit' }),
    el('a', { className: 'button', href: '#/job-new?copy=' + encodeURIComponent(job.id), text: 'Copy',
      'data-action': 'copy' }),
    managed ? null : button('delete', 'Delete…', () => remove(job, failed), 'danger')
  ].filter(action => action != null);
}
