/**
 * The SSO refusal page's words. No zod, as messages.ts; a file of its own because the bundler
 * puts a module shared by two pages in one chunk: with the button's words, these would ride in
 * the login page's first load (about 0.5 KB gzip over its budget, measured).
 */
import type { SsoRefusalReason } from './constants.js';

/** The refusal page's text for each reason: why, in plain words, and what to do. */
export const SSO_MESSAGES: Record<SsoRefusalReason, string> = {
  invalid_request:
    'The sign-in could not be completed: it expired, was already used or was started in another browser. Please start again.',
  provider_unavailable:
    "Your company's sign-in service cannot be reached right now. Please try again later, or ask an admin.",
  no_account:
    'There is no account for you on this site yet. Ask an admin to invite you, then sign in again.',
  email_not_verified:
    "Your company's sign-in service has not confirmed your email address, so we cannot match it to an account. Ask your company's IT to verify it, or ask an admin.",
  no_role:
    'Your company account is in no group that gives access to this site. Ask an admin to give you access.',
  inactive: 'Your account has been deactivated. Ask an admin to reactivate it.',
  last_admin:
    "Signing you in would remove the role of the last active admin, so it was refused. Ask your company's IT to restore your admin group, or make another person an admin first.",
};
