// A small form in the page's action dialog (a reason, params, an instant, a range): each API error at its field.
import { el, instantOf } from './dom.js';

const dialog = document.getElementById('action-dialog');
const form = document.getElementById('action-form');
let submitHandler = null;

function fieldInput(field) {
  const id = 'action-' + field.name;
  if (field.type === 'textarea') return el('textarea', { id, name: field.name, rows: 3, placeholder: field.hint });
  return el('input', { id, name: field.name, type: field.type === 'instant' ? 'datetime-local' : 'text',
    step: field.type === 'instant' ? 1 : null, required: field.required ? '' : null, placeholder: field.hint,
    autocomplete: 'off' });
}

function valuesOf(fields) {
  const values = {};
  for (const field of fields) {
    const text = form.elements[field.name].value.trim();
    const value = field.type === 'instant' ? instantOf(text) : text;
    if (value) values[field.name] = value;
  }
  return values;
}

function showErrors(error) {
  for (const line of form.querySelectorAll('.field-error')) line.textContent = '';
  const unplaced = [];
  for (const fieldError of error ? error.fieldErrors || [] : []) {
    const line = document.getElementById('action-' + fieldError.field + '-error');
    if (line) line.textContent = fieldError.message;
    else unplaced.push(fieldError.field + ': ' + fieldError.message);
  }
  const general = document.getElementById('action-error');
  general.textContent = !error ? '' : unplaced.length ? unplaced.join('\n')
      : (error.fieldErrors || []).length ? '' : error.message;
  general.hidden = !general.textContent;
}

/** What a dialog's submit can do besides closing: show a summary and rename the submit button. */
class DialogControls {
  summary(text) {
    const line = document.getElementById('action-summary');
    line.textContent = text || '';
    line.hidden = !text;
  }

  submitLabel(text) {
    document.getElementById('action-ok').textContent = text;
  }
}

/**
 * Opens the action dialog with {@code fields} ({name, label, type: text|textarea|instant, required, hint}).
 * {@code onSubmit(values, controls)} sends the request; it answers true to close the dialog, false to keep it open
 * (a second step). {@code onChange(controls)} runs when a field changes. An ApiError thrown is shown at its fields.
 */
export function openFormDialog({ title, fields, submitLabel, onSubmit, onChange }) {
  const controls = new DialogControls();
  document.getElementById('action-title').textContent = title;
  document.getElementById('action-fields').replaceChildren(...fields.map(field =>
      el('label', { className: 'field' }, el('span', { className: 'field-label', text: field.label }),
          fieldInput(field),
          el('span', { className: 'field-error', id: 'action-' + field.name + '-error', role: 'alert' }))));
  controls.summary(null);
  controls.submitLabel(submitLabel);
  showErrors(null);
  form.oninput = () => onChange && onChange(controls);
  submitHandler = async () => {
    const button = document.getElementById('action-ok');
    button.disabled = true;
    try {
      const done = await onSubmit(valuesOf(fields), controls);
      showErrors(null);
      if (done) dialog.close();
    } catch (e) {
      showErrors(e);
    } finally {
      button.disabled = false;
    }
  };
  dialog.showModal();
  const first = form.querySelector('input, textarea');
  if (first) first.focus();
}

form.addEventListener('submit', event => {
  event.preventDefault();
  if (submitHandler) submitHandler();
});
document.getElementById('action-cancel').addEventListener('click', () => dialog.close());
