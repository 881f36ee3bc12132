import { describe, expect, it } from 'vitest';
import {
  amountToDecimal,
  burnLevel,
  formatMoney,
  hoursToHundredths,
  labourAmount,
  parseAmount,
  percentUsed,
  scaleMinor,
} from './money.js';
import { MONEY_MAX_MINOR } from './constants.js';
import { BUDGETING_MESSAGES as M } from './messages.js';

describe('parseAmount', () => {
  it.each([
    ['1250.50', 'GBP', 125050],
    ['1,250.5', 'GBP', 125050],
    ['  12 ', 'GBP', 1200],
    ['-3.10', 'EUR', -310],
    ['1250', 'JPY', 1250],
    ['1250.000', 'JPY', 1250],
    ['1.250', 'BHD', 1250],
    ['0.1', 'GBP', 10],
    ['0', 'GBP', 0],
  ])('%s %s is %d minor units', (text, currency, amount) => {
    expect(parseAmount(text, currency)).toEqual({ amount });
  });

  it.each([
    ['', M.amountRequired],
    ['12.345', M.amountTooManyDecimals],
    ['1e5', M.amountInvalid],
    ['12.3.4', M.amountInvalid],
    ['£12', M.amountInvalid],
    ['10000000001', M.amountTooLarge],
  ])('refuses %j', (text, error) => {
    expect(parseAmount(text, 'GBP')).toEqual({ error });
  });

  it('refuses decimals in a currency that has none', () => {
    expect(parseAmount('10.5', 'JPY')).toEqual({ error: M.amountTooManyDecimals });
  });
});

describe('display', () => {
  it('shows each currency with its own decimals', () => {
    expect(formatMoney({ amount: 1250050, currency: 'GBP' })).toBe('£12,500.50');
    expect(formatMoney({ amount: 1250, currency: 'JPY' })).toBe('JP¥1,250');
    expect(formatMoney({ amount: 1250050, currency: 'BHD' })).toBe('BHD\u00a01,250.050');
    expect(amountToDecimal({ amount: -5, currency: 'GBP' })).toBe('-0.05');
  });
});

describe('labour', () => {
  it('takes hours with two decimals at most', () => {
    expect(hoursToHundredths(7.25)).toBe(725);
    expect(hoursToHundredths(0.01)).toBe(1);
    expect(hoursToHundredths(7.255)).toBeNull();
    expect(hoursToHundredths(0)).toBeNull();
    expect(hoursToHundredths(1000.01)).toBeNull();
    expect(hoursToHundredths(1000)).toBe(100_000);
    // Every two-decimal value, even those a float cannot hold exactly (1.15 × 100 = 114.99…).
    expect(hoursToHundredths(1.15)).toBe(115);
    expect(hoursToHundredths(0.29)).toBe(29);
  });

  it('refuses hours below a hundredth or with more decimals, however small the excess', () => {
    // 1e-9 h was stored as a 0-hour entry (issue 32, finding 9).
    for (const hours of [1e-9, 0.001, 0.004, 0.005, -0.01, 1.000000001, 0.1 + 0.2, NaN, Infinity]) {
      expect(hoursToHundredths(hours), String(hours)).toBeNull();
    }
  });

  it('rounds hours × rate half to even, once', () => {
    // 0.05 × 0.5 h = 0.025 → 0.02 (2 is even); 0.15 × 0.5 h = 0.075 → 0.08
    expect(labourAmount({ amount: 5, currency: 'GBP' }, 50)).toEqual({ amount: 2 });
    expect(labourAmount({ amount: 15, currency: 'GBP' }, 50)).toEqual({ amount: 8 });
    expect(labourAmount({ amount: 4525, currency: 'USD' }, 750)).toEqual({ amount: 33938 });
    expect(labourAmount({ amount: 1001, currency: 'JPY' }, 150)).toEqual({ amount: 1502 });
  });

  it('holds a labour amount to the limit of a typed amount', () => {
    // A rate of 10^12 for 1,000 hours made 10^15 (issue 32, finding 9).
    expect(labourAmount({ amount: MONEY_MAX_MINOR, currency: 'GBP' }, 100)).toEqual({
      amount: MONEY_MAX_MINOR,
    });
    expect(labourAmount({ amount: MONEY_MAX_MINOR, currency: 'GBP' }, 101)).toEqual({
      error: M.amountTooLarge,
    });
    expect(labourAmount({ amount: MONEY_MAX_MINOR, currency: 'GBP' }, 100_000)).toEqual({
      error: M.amountTooLarge,
    });
  });
});

describe('figures', () => {
  it('scales exactly, half to even', () => {
    expect(scaleMinor(100, 1, 3)).toBe(33);
    expect(scaleMinor(5, 1, 2)).toBe(2);
    expect(scaleMinor(15, 1, 2)).toBe(8);
    expect(scaleMinor(-15, 1, 2)).toBe(-8);
    expect(scaleMinor(999_999_999_999, 365, 7)).toBe(52_142_857_142_805);
  });

  it('gives the percent used and the burn level', () => {
    expect(percentUsed(7999, 10000)).toBe(79.9);
    expect(burnLevel(79.9)).toBe('ok');
    expect(burnLevel(percentUsed(8000, 10000))).toBe('warning');
    expect(burnLevel(percentUsed(10000, 10000))).toBe('over');
    expect(percentUsed(1, 0)).toBeNull();
    expect(burnLevel(null, 1)).toBe('over');
    expect(burnLevel(null, 0)).toBe('ok');
  });
});
