// Durations as the job form shows them, a number and a unit (500ms, 30s, 5m, 2h, 1d, or 1h30m), and as the API
// takes them, in milliseconds.

const UNITS = [['d', 86_400_000], ['h', 3_600_000], ['m', 60_000], ['s', 1000], ['ms', 1]];
const SIZES = new Map(UNITS);
const PART = /(\d+(?:\.\d+)?)(ms|s|m|h|d)/g;
const WHOLE = /^(\d+(?:\.\d+)?(ms|s|m|h|d))+$/;

/** What the form says of a text that is not a duration. */
export const NOT_A_DURATION = 'is not a duration: write a number and a unit, such as 500ms, 30s, 5m, 2h or 1d';

/** {@code ms} in the largest unit that keeps it whole: 30000 is 30s, 90000 is 90s, 5400000 is 90m. */
export function formatDuration(ms) {
  if (ms == null || ms === '') return '';
  const value = Number(ms);
  if (value === 0) return '0s';
  const [unit, size] = UNITS.find(([, candidate]) => value % candidate === 0);
  return value / size + unit;
}

/** The milliseconds of {@code text}; null when it is empty, NaN when it is not a duration. */
export function parseDuration(text) {
  const compact = String(text || '').trim().toLowerCase().replace(/\s+/g, '');
  if (compact === '') return null;
  if (!WHOLE.test(compact)) return Number.NaN;
  let total = 0;
  for (const [, amount, unit] of compact.matchAll(PART)) total += Number(amount) * SIZES.get(unit);
  return Number.isInteger(total) ? total : Number.NaN;
}
