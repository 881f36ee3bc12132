/** Company sign-in with OpenID Connect (issue 35): the answers and words both sides share. */
import { z } from 'zod';

/** Why an SSO sign-in was refused: the `reason` of /auth/sso-refused and of the audit event. */
export const SSO_REFUSAL_REASONS = [
  'invalid_request',
  'provider_unavailable',
  'no_account',
  'email_not_verified',
  'no_role',
  'inactive',
  'last_admin',
] as const;
export type SsoRefusalReason = (typeof SSO_REFUSAL_REASONS)[number];

export function isSsoRefusalReason(value: unknown): value is SsoRefusalReason {
  return (SSO_REFUSAL_REASONS as readonly unknown[]).includes(value);
}

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

/** The button's text: "Sign in with {name}". */
export const ssoButtonLabel = (displayName: string) => `Sign in with ${displayName}`;

/** What a password sign-in, forgotten password or change of password answers on an SSO-only domain. */
export const ssoRequiredMessage = (displayName: string) => `Use Sign in with ${displayName}.`;

/** GET /auth/oidc: whether the SSO button shows, its name and the domains that must use it. */
export interface OidcConfig {
  enabled: boolean;
  displayName: string | null;
  requiredDomains: string[];
}

/** POST /auth/oidc/exchange: the one-time code the callback handed the site. */
export const oidcExchangeSchema = z.object({ code: z.string().min(1).max(200) });
export type OidcExchangeInput = z.infer<typeof oidcExchangeSchema>;
