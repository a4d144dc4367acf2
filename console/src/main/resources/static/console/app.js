// The console's shell: who is signed in, the navigation their grants allow, and one page at a time (#/page).
import './i18n.js';
import { getJson, csrfToken, Me } from './api.js';
import { showError } from './dom.js';
import * as dashboard from './dashboard/dashboard.js';
import * as forecast from './forecast/forecast.js';
import * as jobs from './jobs/jobs.js';
import * as job from './jobs/job.js';
import * as jobForm from './jobs/jobform.js';
import * as runs from './runs/runs.js';
import * as run from './runs/run.js';
import * as workers from './workers/workers.js';
import * as calendars from './calendars/calendars.js';
import * as incidents from './incidents/incidents.js';
import * as audit from './audit/audit.js';
import * as users from './access/users.js';
import * as tokens from './access/tokens.js';
import * as workflows from './workflows/workflows.js';
import * as workflow from './workflows/workflow.js';
import * as workflowInstance from './workflows/instance.js';
import * as workflowEditor from './workflows/editor.js';
import './exchange/exchange.js';

const PAGES = {
  dashboard, forecast, jobs, job, 'job-edit': jobForm, 'job-new': jobForm, runs, run, workers, calendars, incidents,
  audit, users, tokens, workflows, workflow, 'workflow-instance': workflowInstance, 'workflow-edit': workflowEditor,
  'workflow-new': workflowEditor
};
/** The section of a page, when it is not the page's own name. */
const SECTIONS = {
  'job-edit': 'job-form', 'job-new': 'job-form', 'workflow-edit': 'workflow-form', 'workflow-new': 'workflow-form'
};
/** The navigation link lit for a page, when it is not the page's own name. */
const NAV = {
  job: 'jobs', 'job-edit': 'jobs', 'job-new': 'jobs', run: 'runs', workflow: 'workflows',
  'workflow-instance': 'workflows', 'workflow-edit': 'workflows', 'workflow-new': 'workflows'
};
let me = null;
let current = null;

function allowed(page) {
  if (page === 'users') return me.admin;
  if (['audit', 'job-edit', 'job-new', 'workflow-edit', 'workflow-new'].includes(page)) return me.operatesAnything();
  return true;
}

function route() {
  const [path, search] = window.location.hash.replace(/^#\/?/, '').split('?');
  const name = PAGES[path] && allowed(path) ? path : 'dashboard';
  if (current) PAGES[current].hide();
  current = name;
  for (const section of document.querySelectorAll('[data-page]')) {
    section.hidden = section.dataset.page !== (SECTIONS[name] || name);
  }
  for (const link of document.querySelectorAll('nav a')) {
    link.classList.toggle('active', link.dataset.nav === (NAV[name] || name));
  }
  PAGES[name].show(me, new URLSearchParams(search || ''));
}

async function signOut() {
  await fetch('logout', { method: 'POST', headers: { 'X-XSRF-TOKEN': csrfToken() } });
  window.location.assign('login');
}

async function start() {
  try {
    me = new Me(await getJson('api/v1/me'));
  } catch (e) {
    showError('dashboard-error', e);
    return;
  }
  document.getElementById('user').textContent = me.name;
  document.getElementById('sign-out').hidden = false;
  document.getElementById('sign-out').addEventListener('click', signOut);
  for (const link of document.querySelectorAll('nav a')) {
    link.hidden = !allowed(link.dataset.nav);
  }
  window.addEventListener('hashchange', route);
  route();
}

start();
