/** The cookie that binds an SSO sign-in to the browser that started it (Path=/api/auth/oidc). */
export const SSO_BROWSER_COOKIE = 'sso_browser';
const MAX_AGE_S = 10 * 60;

export function browserCookie(value: string, secure: boolean): string {
  return [
    `${SSO_BROWSER_COOKIE}=${value}`,
    'Path=/api/auth/oidc',
    `Max-Age=${MAX_AGE_S}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** The binding cookie's value from a Cookie header, if any. */
export function readBrowserCookie(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SSO_BROWSER_COOKIE) return rest.join('=') || undefined;
  }
  return undefined;
}
