/**
 * Money: an integer amount in the currency's minor units plus its ISO 4217 code, never a float.
 * dinero.js does the arithmetic that rounds; Intl.NumberFormat shows amounts.
 */
import {
  dinero,
  halfEven,
  multiply,
  toDecimal,
  toSnapshot,
  transformScale,
  type DineroCurrency,
} from 'dinero.js';
import * as ISO_CURRENCIES from 'dinero.js/currencies';
import {
  BURN_OVER_PERCENT,
  BURN_WARNING_PERCENT,
  COST_HOURS_MAX,
  MONEY_MAX_MINOR,
} from './constants.js';
import { BUDGETING_MESSAGES as M } from './messages.js';

export interface Money {
  /** Minor units (pence, cents; yen have none, dinars have thousandths). */
  amount: number;
  /** ISO 4217 code, e.g. GBP. */
  currency: string;
}

const CURRENCIES: Readonly<Record<string, DineroCurrency<number>>> = ISO_CURRENCIES;

/** Every ISO 4217 code, alphabetical. */
export const CURRENCY_CODES: readonly string[] = Object.keys(CURRENCIES).sort();

export function isCurrencyCode(code: string): boolean {
  return Object.hasOwn(CURRENCIES, code);
}

function currencyOf(code: string): DineroCurrency<number> {
  const currency = CURRENCIES[code];
  if (!currency) throw new RangeError(`Unknown currency ${code}`);
  return currency;
}

/** Decimals of the currency's minor unit: 2 for GBP, 0 for JPY, 3 for BHD. */
export function currencyExponent(code: string): number {
  return currencyOf(code).exponent;
}

export type AmountParse = { amount: number } | { error: string };

const AMOUNT_PATTERN = /^(-)?(\d+)(?:\.(\d*))?$/;

/**
 * Reads an amount typed by a person or found in a CSV cell ("1250.5", "1,250.50", "-3") into
 * minor units, from the digits alone: no float ever holds it.
 */
export function parseAmount(text: string, currency: string): AmountParse {
  const cleaned = text.trim().replace(/[,\s]/g, '');
  if (cleaned === '') return { error: M.amountRequired };
  const match = AMOUNT_PATTERN.exec(cleaned);
  if (!match) return { error: M.amountInvalid };
  const [, minus, whole = '', fraction = ''] = match;
  const exponent = currencyExponent(currency);
  const significant = fraction.replace(/(?<!0)0+$/, '');
  if (significant.length > exponent) return { error: M.amountTooManyDecimals };
  const digits = (whole + significant.padEnd(exponent, '0')).replace(/^0+(?=\d)/, '');
  if (digits.length > String(MONEY_MAX_MINOR).length) return { error: M.amountTooLarge };
  const amount = Number(digits);
  if (amount > MONEY_MAX_MINOR) return { error: M.amountTooLarge };
  return { amount: minus && amount !== 0 ? -amount : amount };
}

/** The amount as a plain decimal ("1250.50", "1250.050", "1250"): for inputs and CSV cells. */
export function amountToDecimal(money: Money): string {
  return toDecimal(dinero({ amount: money.amount, currency: currencyOf(money.currency) }));
}

const formatters = new Map<string, Intl.NumberFormat>();

/** "£12,500.50", "¥1,250", "BHD 1,250.050": the site's display of an amount. */
export function formatMoney(money: Money, locale = 'en-GB'): string {
  const key = `${locale}|${money.currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const exponent = currencyExponent(money.currency);
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: money.currency,
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
    });
    formatters.set(key, formatter);
  }
  // A decimal string is formatted exactly (Intl.NumberFormat v3), with no detour through a float.
  return formatter.format(amountToDecimal(money) as `${number}`);
}

/**
 * Hours of labour as whole hundredths (7.25 → 725): from 0.01 to COST_HOURS_MAX, with at most two
 * decimals; null for anything else (0.001, 1e-9, 7.255, NaN).
 */
export function hoursToHundredths(hours: number): number | null {
  if (!Number.isFinite(hours) || hours > COST_HOURS_MAX) return null;
  const hundredths = Math.round(hours * 100);
  // n / 100 is the double nearest to the decimal n/100, so this holds exactly for two decimals.
  return hundredths >= 1 && hundredths / 100 === hours ? hundredths : null;
}

/**
 * A labour entry's amount: hours × hourly rate, rounded half to even once, to the currency's minor
 * unit. Like a typed amount it is at most MONEY_MAX_MINOR; beyond it, the error to show.
 */
export function labourAmount(rate: Money, hoursHundredths: number): AmountParse {
  const currency = currencyOf(rate.currency);
  const exact = multiply(dinero({ amount: rate.amount, currency }), {
    amount: hoursHundredths,
    scale: 2,
  });
  const { amount } = toSnapshot(transformScale(exact, currency.exponent, halfEven));
  return amount > MONEY_MAX_MINOR ? { error: M.amountTooLarge } : { amount };
}

/** amount × numerator / denominator, rounded half to even (exact in BigInt). */
export function scaleMinor(amount: number, numerator: number, denominator: number): number {
  if (denominator <= 0) throw new RangeError('denominator must be positive');
  const product = BigInt(amount) * BigInt(numerator);
  const d = BigInt(denominator);
  let quotient = product / d;
  const remainder = product % d;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twice > d || (twice === d && quotient % 2n !== 0n)) {
    quotient += product < 0n ? -1n : 1n;
  }
  return Number(quotient);
}

/** Share of the budget used, in percent with one decimal, rounded down; null for a zero budget. */
export function percentUsed(actual: number, budget: number): number | null {
  if (budget <= 0) return null;
  return Number((BigInt(actual) * 1000n) / BigInt(budget)) / 10;
}

export type BurnLevel = 'ok' | 'warning' | 'over';

/** The burn bar's colour: amber from 80 %, red from 100 % (no budget with costs is over). */
export function burnLevel(percent: number | null, actual = 0): BurnLevel {
  if (percent === null) return actual > 0 ? 'over' : 'ok';
  if (percent >= BURN_OVER_PERCENT) return 'over';
  if (percent >= BURN_WARNING_PERCENT) return 'warning';
  return 'ok';
}
