import type { Position, Status } from '@staff-admin/shared';

/** Who is calling: the signed-in user, their session, and their role and status right now. */
export interface AuthContext {
  userId: string;
  sessionId: string;
  position: Position;
  status: Status;
  /** A second factor (authenticator or passkey) is on. */
  twoStepEnabled: boolean;
  /** The session was started by SSO and the provider asserted a multi-factor sign-in. */
  twoStepByProvider: boolean;
  /** When the password (and code) was last entered in this session; null: never recorded. */
  reauthenticatedAt: string | null;
}
