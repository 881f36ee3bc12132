/** Names and addresses shown across the site, kept in one place. */
export const COMPANY_NAME = 'Acme Software Ltd';
export const PRODUCT_NAME = 'Acme Tracker';
export const APP_NAME = 'Staff Admin';
export const PRODUCT_DESCRIPTION = `${PRODUCT_NAME} is our proprietary issue-tracking product for bug tracking and agile project management, on the web and on mobile. This site is where ${COMPANY_NAME} staff manage accounts, budgets and service health.`;

export const API_BASE_URL = import.meta.env.VITE_API_BASE_URL ?? '/api';

const DEFAULT_SUPPORT_EMAIL = 'support@localhost';

/**
 * The server fills some <meta> tags of index.html per request (`__NAME__` placeholders). Under
 * `vite` dev or in tests nothing replaces them, so a raw placeholder counts as absent.
 */
export function readMetaContent(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim();
  if (!content || /^__[A-Z_]+__$/.test(content)) return null;
  return content;
}

export const SUPPORT_EMAIL = readMetaContent('support-email') ?? DEFAULT_SUPPORT_EMAIL;
