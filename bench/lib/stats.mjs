/** Small statistics helpers: every figure in the bench is a median of several runs. */

/**
 * The median of a list of numbers (the mean of the two middle values for an even count).
 * @param {readonly number[]} values
 * @returns {number}
 */
export function median(values) {
  if (values.length === 0) throw new Error('median of an empty list');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = /** @type {number} */ (sorted[middle]);
  const lower = /** @type {number} */ (sorted[middle - 1] ?? upper);
  return sorted.length % 2 === 1 ? upper : (lower + upper) / 2;
}

/**
 * The nearest-rank percentile (p in 0–100) of a list of samples.
 * @param {readonly number[]} samples
 * @param {number} p
 * @returns {number}
 */
export function percentile(samples, p) {
  if (samples.length === 0) throw new Error('percentile of an empty list');
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return /** @type {number} */ (sorted[Math.min(rank, sorted.length) - 1]);
}

/**
 * Rounds to a number of decimals, for figures written to JSON.
 * @param {number} value
 * @param {number} decimals
 */
export function round(value, decimals) {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
