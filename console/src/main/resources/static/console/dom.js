// Small helpers to build the pages: every text a user or a handler wrote goes in as text, never as HTML.

/** An element with properties ({@code text}, {@code className}, attributes, {@code on<Event>}) and children. */
export function el(tag, props = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value == null) continue;
    if (key === 'text') element.textContent = String(value);
    else if (key === 'className') element.className = value;
    else if (key.startsWith('on')) element.addEventListener(key.substring(2).toLowerCase(), value);
    else element.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child != null) element.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return element;
}

export function cell(row, text, className) {
  const td = el('td', { text: text == null ? '' : String(text), className });
  row.appendChild(td);
  return td;
}

/** A cell of what users wrote or the API names (user names, grants, audit actions): never translated. */
export function dataCell(row, text, className) {
  const td = cell(row, text, className);
  td.setAttribute('translate', 'no');
  return td;
}

export function time(iso) {
  if (!iso) return '';
  const local = new Date(iso);
  return local.toLocaleString();
}

/** A time cell showing the browser's zone, with UTC on hover. */
export function timeCell(row, iso) {
  const td = cell(row, time(iso));
  if (iso) td.title = new Date(iso).toISOString();
  return td;
}

function pad(number) {
  return String(number).padStart(2, '0');
}

/** A narrow time cell for lists: month, day and minute in the browser's zone, the whole time and UTC on hover. */
export function shortTimeCell(row, iso) {
  const td = timeCell(row, iso);
  if (iso) {
    const at = new Date(iso);
    td.textContent = pad(at.getMonth() + 1) + '-' + pad(at.getDate()) + ' ' + pad(at.getHours()) + ':'
        + pad(at.getMinutes());
    td.title = time(iso) + ' · ' + iso;
  }
  return td;
}

/**
 * A label and its value (a dash when empty) for a {@code <dl class="facts">}; a value that users or handlers
 * {@code written} (an id, a message) is shown as it is in every language.
 */
export function fact(label, value, written = false) {
  return [el('dt', { text: label }), el('dd', {
    text: value == null || value === '' ? '—' : String(value), translate: written ? 'no' : null
  })];
}

export function grantText(grant) {
  return grant.role + ':' + grant.app;
}

/** Asks for confirmation in the page's confirm dialog; resolves true when the user confirms. */
export function confirmAction(message, confirmLabel) {
  const dialog = document.getElementById('confirm-dialog');
  document.getElementById('confirm-message').textContent = message;
  document.getElementById('confirm-ok').textContent = confirmLabel;
  dialog.returnValue = '';
  dialog.showModal();
  return new Promise(resolve => dialog.addEventListener('close',
      () => resolve(dialog.returnValue === 'ok'), { once: true }));
}

/** Shows {@code error} (or hides the line when null) in the element {@code id}. */
export function showError(id, error) {
  const line = document.getElementById(id);
  line.textContent = error ? String(error.message || error) : '';
  line.hidden = !error;
}

/** A duration in milliseconds as a short text: 850 ms, 12.3 s, 4 min 5 s. */
export function duration(ms) {
  if (ms == null) return '';
  if (ms < 1000) return ms + ' ms';
  if (ms < 60_000) return (ms / 1000).toFixed(1) + ' s';
  return Math.floor(ms / 60_000) + ' min ' + Math.round((ms % 60_000) / 1000) + ' s';
}

/** The value of a {@code datetime-local} input (the browser's zone, to the second) for an ISO instant. */
export function localInputValue(iso) {
  if (!iso) return '';
  const at = new Date(iso);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().substring(0, 19);
}

/** The ISO instant of a {@code datetime-local} input's value (read in the browser's zone); null when empty. */
export function instantOf(localValue) {
  return localValue ? new Date(localValue).toISOString() : null;
}

/** Navigates to a page of the console ({@code #/page?x=y}). */
export function go(page, params) {
  const query = params ? new URLSearchParams(params).toString() : '';
  window.location.hash = '#/' + page + (query ? '?' + query : '');
}
