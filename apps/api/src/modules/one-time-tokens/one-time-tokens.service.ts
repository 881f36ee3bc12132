import {
  type Status,
  type TokenCheck,
  type TokenStatus,
  type TokenType,
} from '@staff-admin/shared';
import { toIso, type Clock } from '../../lib/clock.js';
import { InvalidToken, TokenExpired } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { generateOpaqueToken, hashToken } from '../../lib/secure-token.js';
import type { TransactionScope } from '../../db/unit-of-work.js';
import type { AuditEntry, AuditRepository } from '../audit/index.js';
import type { OneTimeTokensRepository } from './one-time-tokens.repository.js';

export const invalidToken = () => new InvalidToken();
export const tokenExpired = () => new TokenExpired();

/** A token only means something while its user is in the state it was made for. */
const STATUS_FOR: Record<TokenType, Status> = {
  confirmation_token: 'pending',
  reset_password_token: 'active',
};

/**
 * Whether issuing a token cancels the user's earlier ones of its type at once. A reset link that
 * anyone can ask for by email cancels them only once its own mail has gone out (`supersede`), so
 * requests that are never delivered cannot kill the link a person already holds.
 */
const CANCELS_AT_ONCE: Record<TokenType, boolean> = {
  confirmation_token: true,
  reset_password_token: false,
};

/** A freshly made token: the raw value goes into a link and nowhere else. */
export interface IssuedToken {
  id: string;
  token: string;
  ttlMs: number;
  expiresAt: Date;
}

/** A token that exists, is unused, has the asked type and fits its user's state. */
export interface RecognisedToken {
  id: string;
  status: TokenStatus;
  expiresAt: string;
  user: { id: string; email: string; fullName: string | null };
}

export type TokenLifetimes = Record<TokenType, number>;

/**
 * One-time link tokens (invitation, password reset): 32 random bytes, stored only as a SHA-256
 * hash, typed, single use, with a lifetime per type. A newer token cancels the user's earlier ones
 * of that type (CANCELS_AT_ONCE says when); deleting the user deletes them (foreign key cascade).
 */
export class OneTimeTokensService {
  constructor(
    private readonly repository: OneTimeTokensRepository,
    private readonly lifetimes: TokenLifetimes,
    private readonly clock: Clock,
  ) {}

  /** Inside the caller's transaction (`tokens` bound to it), next to the mail that carries it. */
  async issue(
    tokens: OneTimeTokensRepository,
    userId: string,
    type: TokenType,
  ): Promise<IssuedToken> {
    const now = this.clock.now();
    const ttlMs = this.lifetimes[type];
    const token = generateOpaqueToken();
    const id = newId();
    if (CANCELS_AT_ONCE[type]) await tokens.deleteForUser(userId, type);
    await tokens.insert({
      id,
      user_id: userId,
      type,
      token_hash: hashToken(token),
      created_at: toIso(now),
      expires_at: toIso(now + ttlMs),
    });
    return { id, token, ttlMs, expiresAt: new Date(now + ttlMs) };
  }

  /**
   * A link mailed to a user, in the caller's transaction: its token issued, the mail that carries
   * it queued (`mail`), and the event audited with the user as its target.
   */
  async mailLink(
    { repos }: TransactionScope<{ oneTimeTokens: OneTimeTokensRepository; audit: AuditRepository }>,
    link: {
      userId: string;
      type: TokenType;
      mail: (token: IssuedToken) => Promise<unknown>;
      event: Omit<AuditEntry, 'targetId'>;
    },
  ): Promise<void> {
    const token = await this.issue(repos.oneTimeTokens, link.userId, link.type);
    await link.mail(token);
    await repos.audit.record({ ...link.event, targetId: link.userId });
  }

  /** The link of `tokenId` has gone out: the user's earlier unused tokens of its type end. */
  supersede(tokenId: string): Promise<void> {
    return this.repository.deleteEarlierUnused(tokenId);
  }

  /**
   * Unknown, tampered, used, cancelled, wrong-type tokens, and tokens whose user has moved on
   * (an invitation of an activated user, a reset of a disabled one) are all "Invalid token".
   */
  async recognise(token: string, type: TokenType): Promise<RecognisedToken> {
    const record = await this.repository.findByHash(hashToken(token));
    if (
      !record ||
      record.type !== type ||
      record.usedAt ||
      record.userStatus !== STATUS_FOR[type]
    ) {
      throw invalidToken();
    }
    return {
      id: record.id,
      status: record.expiredAt || record.expiresAt <= toIso(this.clock.now()) ? 'expired' : 'valid',
      expiresAt: record.expiresAt,
      user: { id: record.userId, email: record.email, fullName: record.fullName },
    };
  }

  /** GET /users/check-token. */
  async check(token: string, type: TokenType): Promise<TokenCheck> {
    const recognised = await this.recognise(token, type);
    return { tokenStatus: recognised.status, user: { email: recognised.user.email } };
  }

  /** A token that may be used now: recognised and not expired. */
  async usable(token: string, type: TokenType): Promise<RecognisedToken> {
    const recognised = await this.recognise(token, type);
    if (recognised.status === 'expired') throw tokenExpired();
    return recognised;
  }

  /** Uses the token up inside the caller's transaction; refuses if another request was first. */
  async redeem(tokens: OneTimeTokensRepository, token: RecognisedToken): Promise<void> {
    const now = toIso(this.clock.now());
    if (await tokens.markUsed(token.id, now)) return;
    throw token.expiresAt <= now ? tokenExpired() : invalidToken();
  }
}
