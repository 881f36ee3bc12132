import { EMAIL_LOCAL_PART_MAX_LENGTH, EMAIL_MAX_LENGTH } from './constants.js';

const LOCAL_PART = /^[\w!#$%&'*+/=?^`{|}~-]+(?:\.[\w!#$%&'*+/=?^`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?$/i;
const TOP_LEVEL_DOMAIN = /^[a-z]{2,63}$/i;

/**
 * SPEC §5's email format: at most 254 characters, a local part of at most 64, and a domain with a
 * top-level part (so `a@b` fails). The one exception is the special-use name `localhost` (RFC 6761):
 * the contract's defaults `admin@localhost` and `support@localhost` must stay usable on a fresh
 * install. Quoted local parts and IP-literal domains are refused on purpose: no staff mailbox needs
 * them and they are a common source of parser confusion.
 */
export function isValidEmail(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.lastIndexOf('@');
  if (at <= 0) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > EMAIL_LOCAL_PART_MAX_LENGTH || !LOCAL_PART.test(local)) return false;
  if (domain.toLowerCase() === 'localhost') return true;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  const tld = labels[labels.length - 1] ?? '';
  return labels.every((label) => DOMAIN_LABEL.test(label)) && TOP_LEVEL_DOMAIN.test(tld);
}

/** Positions of the emails that already stand earlier in the list, compared in normal form. */
export function repeatedEmailIndexes(emails: readonly string[]): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  emails.forEach((email, index) => {
    const normal = normalizeEmail(email);
    if (seen.has(normal)) repeated.push(index);
    seen.add(normal);
  });
  return repeated;
}

/** The one normal form of an email address: trimmed and lower-cased. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * How the Monitoring screens show a recipient: the first character of the local part, then
 * `***`, then the domain (`a***@example.com`). Enough to tell mails apart, not to harvest addresses.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}
