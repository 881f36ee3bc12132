/**
 * Counts in words: "1 row has errors", "3 rows have errors", "1,200 users". Which words follow a
 * number is decided by the Unicode CLDR plural rules (`Intl.PluralRules`), in this one place, for
 * the site and the server alike. The site speaks British English, whose rules have two
 * categories: `one` (exactly 1) and `other` (0, 2, 1.5, …).
 */

const LOCALE = 'en-GB';
// Made on first use, not when the module loads: the task that starts the site should not build
// them before anything is drawn.
let plurals: Intl.PluralRules | undefined;
let numbers: Intl.NumberFormat | undefined;

/**
 * A count as the site writes numbers: "1,200", "-3", "1.5". Whole numbers, which every count is,
 * are grouped by threes here, as en-GB groups them: the first Intl.NumberFormat of a page loads
 * the locale's number data, about 30 ms of the main thread on the bench's machine (four times
 * that on Lighthouse's mobile CPU), in the task that draws a list (docs/performance.md).
 */
export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count)) {
    return (numbers ??= new Intl.NumberFormat(LOCALE)).format(count);
  }
  const digits = String(Math.abs(count));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let at = grouped.length; at < digits.length; at += 3) {
    grouped += `,${digits.slice(at, at + 3)}`;
  }
  return count < 0 ? `-${grouped}` : grouped;
}

/**
 * The words after a count in each plural category of English: [one, other]. Whole phrases when
 * the verb agrees: ['row has errors', 'rows have errors'].
 */
export type PluralForms = readonly [one: string, other: string];

/** The words of `forms` that follow `count`: "row" after 1, "rows" after 0, 2 or 1.5. */
export function pluralForm(count: number, [one, other]: PluralForms): string {
  return (plurals ??= new Intl.PluralRules(LOCALE)).select(count) === 'one' ? one : other;
}

/**
 * "1 user", "12 users", "1,200 users". `capped`: the server stopped counting at `count`, so
 * "More than 10,000 events".
 */
export function countLabel(count: number, forms: PluralForms, capped = false): string {
  if (capped) return `More than ${formatCount(count)} ${forms[1]}`;
  return `${formatCount(count)} ${pluralForm(count, forms)}`;
}
