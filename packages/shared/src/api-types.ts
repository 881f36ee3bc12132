import type { Position, Status } from './roles.js';
import type { TokenType } from './schemas.js';
import type { MailDelivery } from './mail-delivery.js';
import type { AccessReason } from './two-step-constants.js';

/** A user as the API returns it everywhere (CONTRACT §3). */
export interface User {
  id: string;
  email: string;
  fullName: string | null;
  position: Position;
  status: Status;
  imageUrl: string | null;
  createdAt: string;
  updatedAt: string;
  invitedBy: { id: string; fullName: string | null } | null;
  /** A second factor (authenticator app or passkey) is on (issue 15). */
  twoStepEnabled: boolean;
  /** The user's role requires one (MFA_REQUIRED_ROLES). */
  twoStepRequired: boolean;
  /** The last successful sign-in; null if the account never signed in. */
  lastSignInAt: string | null;
  /** A pending user's newest unused invitation link; null for everyone else. */
  invitation: Invitation | null;
}

/** When a pending user's invitation link was sent and until when it works. */
export interface Invitation {
  sentAt: string;
  expiresAt: string;
  /** The link no longer works (judged by the server's clock): resend to invite again. */
  expired: boolean;
}

export interface PaginationMeta {
  currentPage: number;
  itemsPerPage: number;
  totalItems: number;
  totalPages: number;
}

export interface Paginated<T> {
  data: T[];
  meta: PaginationMeta;
}

export interface ApiSuccess<T> {
  data: T;
}

/** Every error body (CONTRACT §2): `code` is the HTTP status, `errors` maps fields to messages. */
export interface ApiErrorBody {
  code: number;
  message: string;
  errors?: Record<string, string>;
  /** Why a signed-in caller was refused (403): set up two-step sign-in, or confirm the password. */
  reason?: AccessReason;
}

export interface TokenPair {
  access_token: string;
  refresh_token: string;
}

export interface UploadedFile {
  path: string;
  originalName: string;
  size: number;
}

export type TokenStatus = 'valid' | 'expired';

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

export interface BulkCreateResult {
  created: User[];
  skipped: { email: string; reason: string }[];
  /** Whether the invitation emails go out now (`MailDelivery`, mail-delivery.ts). */
  mailDelivery: MailDelivery;
}

export type { TokenType };
