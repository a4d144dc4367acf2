// The columns a user hides in a list (jobs, runs): a "Columns" menu of checkboxes before the table, one per named
// column, the choice kept in the browser. Hiding is a class on the table (hide-c<n>), styled in console.css.
import { el } from './dom.js';

const STORAGE_PREFIX = 'carillon.columns.';

function hiddenOf(key, defaults) {
  const kept = window.localStorage.getItem(STORAGE_PREFIX + key);
  if (kept == null) return new Set(defaults);
  return new Set(kept.split(',').filter(number => number).map(Number));
}

/**
 * Adds the column menu of table {@code tableId} before it; {@code defaults} are the numbers (from 1) of the columns
 * hidden until the user chooses.
 */
export function columnChooser(tableId, defaults = []) {
  const table = document.getElementById(tableId);
  const titles = [...table.tHead.rows[0].cells].map(cell => cell.textContent.trim());
  const hidden = hiddenOf(tableId, defaults);
  const apply = () => titles.forEach((title, index) =>
    table.classList.toggle('hide-c' + (index + 1), hidden.has(index + 1)));
  const boxes = titles.map((title, index) => {
    if (title === '') return null;
    const number = index + 1;
    const box = el('input', { type: 'checkbox', name: 'column-' + number });
    box.checked = !hidden.has(number);
    box.addEventListener('change', () => {
      if (box.checked) hidden.delete(number);
      else hidden.add(number);
      window.localStorage.setItem(STORAGE_PREFIX + tableId, [...hidden].join(','));
      apply();
    });
    return el('label', { className: 'column-choice' }, box, ' ', el('span', { text: title }));
  });
  table.before(el('details', { className: 'columns-menu', id: tableId + '-columns' },
      el('summary', { text: 'Columns' }), el('div', { className: 'column-choices' }, boxes)));
  apply();
}
