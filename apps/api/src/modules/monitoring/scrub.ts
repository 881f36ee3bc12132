/**
 * What is never stored with an error: credentials inside URLs, query strings and fragments (mail
 * links carry tokens there), bearer and basic credentials, JSON web tokens, long opaque tokens, the
 * value of anything named like a password, one-time code, token, session, secret, key, cookie or
 * authorization, email addresses (the occurrence already links the signed-in user) and card
 * numbers. Headers and bodies are never stored at all. Applied to every text before it is written.
 *
 * Every pattern runs on text from anyone (an anonymous error report), so each takes time linear in
 * the text: where a pattern starts with a run of characters, a look-behind lets a match start only
 * where that run starts, so a failed attempt is never retried from inside the same run (issue 32:
 * `[\w-]*token[\w-]*` took 12 s on an 8 KB stack). eslint-plugin-regexp and
 * test/unit/regex-safety.test.ts check each one.
 */
const REDACTED = '[redacted]';
const EMAIL_PLACEHOLDER = '[email]';
const CARD_PLACEHOLDER = '[card]';
const ELLIPSIS = '…';

/** scheme://user:pass@host/path?query#hash → scheme://host/path */
const ABSOLUTE_URL =
  /(?<![\d+.a-z-])([a-z][\d+.a-z-]*:\/\/)(?:[^\s"#'/<>?@]*@)?([^\s"#'<>?]*)(?:[#?][^\s"'<>]*)?/gi;
/** A path followed by a query string or fragment: /reset-password?token=… → /reset-password */
const PATH_QUERY = /((?:^|[\s"'(=])\/[\w\-./%~:@]*)[#?][^\s"')<>]*/g;
const CREDENTIAL_SCHEME = /\b(bearer|basic)\s+[\w\-.~+/]+=*/gi;
const JWT = /(?<![\w-])eyJ[\w-]*\.[\w-]*\.[\w-]*/g;
/** Random tokens (refresh tokens, reset tokens, keys) are long runs of base64url characters. */
const OPAQUE_TOKEN = /\b[\w-]{32,}\b/g;
const EMAIL_ADDRESS = /(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
/**
 * 13 to 19 digits, maybe grouped by spaces or dashes, starting as the card networks' numbers do
 * (2 to 6), so that a millisecond timestamp (1…) is left alone; the Luhn check decides.
 */
const CARD_NUMBER = /(?<!\d)[2-6](?:[ -]?\d){12,18}(?!\d)/g;

/**
 * `name=value`, `name: value`, `"name": "value"`: the name is a whole run of word characters and
 * dashes (it starts where the run starts). Only the name is matched here; the value is read after
 * it, and only when the name is a secret's, so that the value of a harmless field is still
 * searched (`next=token=…`).
 */
const FIELD_NAME = /(?<![\w-])([\w-]+)["']?\s*[:=]\s*/g;
const FIELD_VALUE = /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^\s&),;\]}]+/y;
const SECRET_NAME =
  /password|passwd|passphrase|passcode|pwd|otp|secret|token|session|cookie|authorization|credential|api[_-]?key|private[_-]?key/i;

function redactSecretFields(text: string): string {
  let result = '';
  let copied = 0;
  FIELD_NAME.lastIndex = 0;
  for (let field = FIELD_NAME.exec(text); field; field = FIELD_NAME.exec(text)) {
    if (!SECRET_NAME.test(field[1]!)) continue;
    FIELD_VALUE.lastIndex = FIELD_NAME.lastIndex;
    const value = FIELD_VALUE.exec(text)?.[0];
    if (!value) continue;
    const quote = value[0] === '"' || value[0] === "'" ? value[0] : '';
    result += `${text.slice(copied, FIELD_NAME.lastIndex)}${quote}${REDACTED}${quote}`;
    copied = FIELD_VALUE.lastIndex;
    FIELD_NAME.lastIndex = copied;
  }
  return result + text.slice(copied);
}

/** The Luhn checksum every card number passes (and 9 in 10 other numbers fail). */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    const digit = Number(digits[digits.length - 1 - index]);
    const weighted = index % 2 === 1 ? digit * 2 : digit;
    sum += weighted > 9 ? weighted - 9 : weighted;
  }
  return sum % 10 === 0;
}

const redactCard = (candidate: string) =>
  passesLuhn(candidate.replace(/\D/g, '')) ? CARD_PLACEHOLDER : candidate;

export function scrubSecrets(text: string): string {
  const scrubbed = text
    .replace(ABSOLUTE_URL, '$1$2')
    .replace(PATH_QUERY, '$1')
    .replace(CREDENTIAL_SCHEME, `$1 ${REDACTED}`)
    .replace(JWT, REDACTED)
    .replace(OPAQUE_TOKEN, REDACTED)
    .replace(EMAIL_ADDRESS, EMAIL_PLACEHOLDER)
    .replace(CARD_NUMBER, redactCard);
  return redactSecretFields(scrubbed);
}

/**
 * At most `maxLength` characters, ending with … when cut. The cut goes before the word that
 * crosses the limit: a secret cut in half might no longer look like one.
 */
export function clip(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  let end = maxLength - 1;
  while (end > 0 && !/\s/.test(text[end]!)) end -= 1;
  return `${text.slice(0, end)}${ELLIPSIS}`;
}

/**
 * A text as stored: clipped first, so that scrubbing costs no more for a huge text than for one at
 * the limit, then scrubbed, then clipped again (a placeholder can be longer than what it replaced).
 */
export function scrubbed(text: string, maxLength: number): string {
  return clip(scrubSecrets(clip(text, maxLength)), maxLength);
}

const ORIGIN = /^[a-z][\d+.a-z-]*:\/\/[^/?#]*/i;

/** A URL without its origin (and credentials), query string and fragment. */
export function pathOf(url: string): string {
  const path = url.replace(ORIGIN, '');
  const end = path.search(/[#?]/);
  return end === -1 ? path : path.slice(0, end);
}

/** A page address as stored: its path only, whatever was sent. */
export function pathOnly(url: string, maxLength: number): string {
  return scrubbed(pathOf(url) || '/', maxLength);
}
