import type { Status, TokenType } from '@staff-admin/shared';
import { nowIso, type Clock } from '../../lib/clock.js';
import type { PasswordHasher } from '../../lib/password-hasher.js';
import type { TransactionScope, UnitOfWork } from '../../db/unit-of-work.js';
import type { AuditAction, RequestOrigin, AuditRepository } from '../audit/index.js';
import {
  type OneTimeTokensRepository,
  invalidToken,
  type OneTimeTokensService,
  type RecognisedToken,
} from '../one-time-tokens/index.js';
import type { SessionsRepository } from '../sessions/index.js';
import type { UsersRepository } from '../users/index.js';
import { assertPasswordPolicy } from './password-policy.js';

/** What setting a password from a link writes through (a reset also ends the user's sessions). */
export interface PasswordLinkTransaction {
  oneTimeTokens: OneTimeTokensRepository;
  users: UsersRepository;
  sessions: SessionsRepository;
  audit: AuditRepository;
}

export interface PasswordFromLinkDeps {
  tokens: OneTimeTokensService;
  hasher: PasswordHasher;
  unitOfWork: UnitOfWork<PasswordLinkTransaction>;
  clock: Clock;
}

export interface PasswordFromLink {
  type: TokenType;
  token: string;
  password: string;
  /** The form field a refused password is reported on. */
  field: string;
  /** The status the user must still have, and the one they move to (if any). */
  whileStatus: Status;
  newStatus?: Status;
  action: AuditAction;
  /** More of the same change, inside its transaction. */
  alsoInTransaction?: (
    scope: TransactionScope<PasswordLinkTransaction>,
    token: RecognisedToken,
    now: string,
  ) => Promise<void>;
}

/**
 * A mailed link sets a password (account setup from an invitation, reset from a reset link): the
 * link must be usable, the password must pass the policy, and the link is used up, the password
 * set and the change audited in one transaction. Returns the token that was used.
 */
export async function setPasswordFromLink(
  deps: PasswordFromLinkDeps,
  change: PasswordFromLink,
  origin: RequestOrigin,
): Promise<RecognisedToken> {
  const token = await deps.tokens.usable(change.token, change.type);
  assertPasswordPolicy(change.password, token.user.email, change.field);
  // Hashing is slow: done before the transaction, which on SQLite holds the only connection.
  const passwordHash = await deps.hasher.hash(change.password);
  await deps.unitOfWork.run(async (scope) => {
    const now = nowIso(deps.clock);
    await deps.tokens.redeem(scope.repos.oneTimeTokens, token);
    const updated = await scope.repos.users.updatePassword(token.user.id, {
      passwordHash,
      now,
      whileStatus: change.whileStatus,
      ...(change.newStatus ? { status: change.newStatus } : {}),
    });
    if (!updated) throw invalidToken();
    await change.alsoInTransaction?.(scope, token, now);
    await scope.repos.audit.record({
      action: change.action,
      actorId: token.user.id,
      targetId: token.user.id,
      origin,
    });
  });
  return token;
}
