/**
 * What is never stored with an error: credentials inside URLs, query strings and fragments (mail
 * links carry tokens there), bearer and basic credentials, JSON web tokens, long opaque tokens,
 * and the value of anything named like a password, token, secret, key, cookie or authorization.
 * Headers and bodies are never stored at all. Applied to every text before it is written.
 */
const REDACTED = '[redacted]';

/** scheme://user:pass@host/path?query#hash → scheme://host/path */
const ABSOLUTE_URL =
  /\b([a-z][a-z0-9+.-]*:\/\/)(?:[^\s/?#'"<>@]*@)?([^\s?#'"<>]*)(?:[?#][^\s'"<>]*)?/gi;
/** A path followed by a query string or fragment: /reset-password?token=… → /reset-password */
const PATH_QUERY = /((?:^|[\s('"=])\/[\w\-./%~:@]*)[?#][^\s'"<>)]*/g;
const CREDENTIAL_SCHEME = /\b(bearer|basic)\s+[\w\-.~+/]+=*/gi;
const JWT = /\beyJ[\w-]*\.[\w-]*\.[\w-]*/g;
const SECRET_FIELD =
  /\b([\w-]*(?:password|passwd|secret|token|api[_-]?key|authorization|cookie)[\w-]*)(["']?\s*[:=]\s*)("[^"]*"|'[^']*'|[^\s,;&)}\]]+)/gi;
/** Random tokens (refresh tokens, reset tokens, keys) are long runs of base64url characters. */
const OPAQUE_TOKEN = /\b[A-Za-z0-9_-]{32,}\b/g;

export function scrubSecrets(text: string): string {
  return text
    .replace(ABSOLUTE_URL, '$1$2')
    .replace(PATH_QUERY, '$1')
    .replace(CREDENTIAL_SCHEME, `$1 ${REDACTED}`)
    .replace(JWT, REDACTED)
    .replace(SECRET_FIELD, `$1$2${REDACTED}`)
    .replace(OPAQUE_TOKEN, REDACTED);
}

/** A page address as stored: its path only, whatever was sent. */
export function pathOnly(url: string): string {
  const withoutOrigin = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  const path = withoutOrigin.replace(/[?#].*$/s, '');
  return scrubSecrets(path || '/');
}
