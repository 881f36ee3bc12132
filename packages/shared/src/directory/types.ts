/** Monitoring › Directory (issue 36): the calls' answers. */
import type { ScimOperation, ScimResourceType } from './constants.js';

/** A SCIM token as the site lists it: never its secret. */
export interface ScimToken {
  id: string;
  name: string;
  createdAt: string;
  /** The admin who made (or last rotated) it; null once that account is gone. */
  createdBy: { id: string; fullName: string | null; email: string } | null;
  /** When its secret was last replaced; null if never. */
  rotatedAt: string | null;
  /** The last call made with it (to the minute); null if never used. */
  lastUsedAt: string | null;
}

/** POST /directory/tokens and its rotation: the secret, shown once. */
export interface IssuedScimToken {
  token: ScimToken;
  /** The bearer token to paste into the directory; stored only as a hash. */
  secret: string;
}

/** One SCIM call of the sync log. */
export interface ScimLogEntry {
  id: string;
  at: string;
  /** The token's name at the time of the call; null for a call with no valid token. */
  tokenName: string | null;
  operation: ScimOperation;
  resourceType: ScimResourceType;
  /** The user the call was about, as they are now (null: none, or since deleted). */
  user: { id: string; fullName: string | null; email: string } | null;
  /** The userName (email) or group name the call named, as sent. */
  subject: string | null;
  /** The HTTP status of the answer. */
  status: number;
  /** The SCIM error's detail on a failure; null on success. */
  detail: string | null;
}
