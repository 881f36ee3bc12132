import { BUDGETING_MESSAGES as M, parseAmount } from '@staff-admin/shared';
import { z } from 'zod';

/**
 * A form's amount field: the text a person typed, checked against the currency's decimals when
 * the form is sent, and turned into minor units by `toMinor` (never through a float).
 */
export const amountTextSchema = z.string().trim().min(1, { error: M.amountRequired });

export function amountError(text: string, currency: string): string | null {
  const parsed = parseAmount(text, currency);
  if ('error' in parsed) return parsed.error;
  return parsed.amount < 0 ? M.amountNegative : null;
}

export function toMinor(text: string, currency: string): number {
  const parsed = parseAmount(text, currency);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed.amount;
}
