import { API_BASE_URL } from '../../../config/app.js';

/**
 * GET /auth/oidc/start: the server sends the browser on to the company's provider, and back to
 * `returnTo` once signed in. A plain link: company sign-in costs the site no library.
 */
export function ssoStartHref(returnTo: string | null): string {
  const query = returnTo ? `?${new URLSearchParams({ returnTo }).toString()}` : '';
  return `${API_BASE_URL}/auth/oidc/start${query}`;
}

/** Whether `email`'s domain must sign in with the company's provider (SSO_REQUIRED_DOMAINS). */
export function isSsoRequired(email: string, requiredDomains: readonly string[]): boolean {
  const at = email.lastIndexOf('@');
  if (at < 0) return false;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  return domain !== '' && requiredDomains.some((required) => required.toLowerCase() === domain);
}
