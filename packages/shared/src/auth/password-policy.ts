import { COMMON_PASSWORDS_TEXT } from './common-passwords.js';
import { VALIDATION_MESSAGES } from '../common/messages.js';

let commonPasswords: Set<string> | undefined;

/** Built on first use: most screens never check a new password. */
function isCommon(candidate: string): boolean {
  commonPasswords ??= new Set(COMMON_PASSWORDS_TEXT.split('\n'));
  return commonPasswords.has(candidate);
}

/**
 * Rules a new password must meet beyond SPEC §5's strength rule (which still applies first):
 * - it is not one of the 10,000 most common passwords, nor one of them with digits and symbols
 *   stuck on either end ("Password1!", "!!Dragon2024" are as guessable as "password");
 * - it does not contain the local part of the account's email.
 * Returns the message to show under the field, or undefined when the password is fine.
 * Site and server both call this, so the same password is refused in the same words.
 */
export function passwordPolicyProblem(password: string, email?: string): string | undefined {
  if (isCommonPassword(password)) return VALIDATION_MESSAGES.passwordCommon;
  if (containsEmailName(password, email)) return VALIDATION_MESSAGES.passwordContainsEmail;
  return undefined;
}

/** The first rule of passwordPolicyProblem: a common password, maybe with digits stuck on. */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const core = lower.replace(/^[^a-z]+|(?<![^a-z])[^a-z]+$/g, '');
  return isCommon(lower) || (core.length >= 4 && isCommon(core));
}

/** The second rule of passwordPolicyProblem: the password holds the email's local part. */
export function containsEmailName(password: string, email?: string): boolean {
  const localPart = email?.split('@')[0]?.toLowerCase() ?? '';
  return localPart.length >= 3 && password.toLowerCase().includes(localPart);
}
