/** Signing in, passwords and sessions: the calls' answers. */
import type { TokenStatus } from './constants.js';

export interface TokenPair {
  access_token: string;
  refresh_token: string;
}

export interface TokenCheck {
  tokenStatus: TokenStatus;
  user: { email: string };
}

/** One signed-in device of a user (GET /users/{id}/sessions). */
export interface ActiveSession {
  id: string;
  createdAt: string;
  lastUsedAt: string;
  ip: string | null;
  userAgent: string | null;
  /** The session the asking browser is using. */
  current: boolean;
}

/**
 * DELETE /auth/logout: null; for a session started by company sign-in whose provider offers
 * RP-initiated logout, where to send the browser to end the provider's session too.
 */
export type LogoutAnswer = { endSessionUrl: string } | null;

/** GET /auth/oidc: whether the SSO button shows, its name and the domains that must use it. */
export interface OidcConfig {
  enabled: boolean;
  displayName: string | null;
  requiredDomains: string[];
}
