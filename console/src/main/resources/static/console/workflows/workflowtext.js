// Words for a workflow's parts, shared by its pages.

/** A schedule in a few words: the cron expression, the interval, the instant, or "triggered only". */
export function scheduleText(schedule) {
  if (!schedule || schedule.type === 'NONE') return 'triggered only';
  if (schedule.type === 'CRON') return 'cron ' + schedule.cron + (schedule.zone ? ' (' + schedule.zone + ')' : '');
  if (schedule.type === 'ONCE') return 'once at ' + schedule.at;
  return schedule.type + ' every ' + schedule.intervalMs + ' ms';
}

export function statusBadge(status) {
  const span = document.createElement('span');
  span.className = 'status-' + status;
  span.textContent = status;
  return span;
}
