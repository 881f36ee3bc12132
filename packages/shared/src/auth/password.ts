import { PASSWORD_MIN_LENGTH } from './constants.js';

/** The rules list shown under every new-password field; all must hold (SPEC §5). */
export const PASSWORD_RULES = [
  {
    id: 'length',
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    test: (v: string) => v.length >= PASSWORD_MIN_LENGTH,
  },
  { id: 'uppercase', label: 'An uppercase letter', test: (v: string) => /[A-Z]/.test(v) },
  { id: 'lowercase', label: 'A lowercase letter', test: (v: string) => /[a-z]/.test(v) },
  { id: 'number', label: 'A number', test: (v: string) => /\d/.test(v) },
  {
    id: 'special',
    label: 'A special character',
    test: (v: string) => /[^a-z\d\s]/i.test(v),
  },
] as const;
export type PasswordRuleId = (typeof PASSWORD_RULES)[number]['id'];

export function isStrongPassword(value: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(value));
}
