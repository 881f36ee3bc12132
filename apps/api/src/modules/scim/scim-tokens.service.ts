import {
  DIRECTORY_MESSAGES,
  SCIM_TOKENS_MAX,
  type IssuedScimToken,
  type ScimToken,
} from '@staff-admin/shared';
import { isUniqueViolation } from '../../db/errors.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { requireRecentAuth } from '../../http/guards.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { nowIso, type Clock } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import { generateOpaqueToken, hashToken } from '../../lib/secure-token.js';
import type { AuditRepository, RequestOrigin } from '../audit/index.js';
import { ScimError } from './scim-errors.js';
import type { ScimCaller, ScimTokensRepository } from './scim-tokens.repository.js';

/** A token's last use is written at most once a minute: the list shows it to the minute. */
const LAST_USED_PRECISION_MS = 60_000;
/** Makes a SCIM secret recognisable in a leak scan, as GitHub's `ghp_` does. */
const SECRET_PREFIX = 'scim_';

interface ScimTokensDeps {
  repository: ScimTokensRepository;
  unitOfWork: UnitOfWork<{ scimTokens: ScimTokensRepository; audit: AuditRepository }>;
  audit: AuditRepository;
  clock: Clock;
}

/**
 * Monitoring › Directory's tokens, and the SCIM routes' authentication. A secret is shown once and
 * kept as its SHA-256 (it is 256 random bits: a slow hash would add nothing). Making or rotating a
 * token needs a recent confirmation, as granting the admin role does: the token can grant it.
 */
export class ScimTokensService {
  constructor(private readonly deps: ScimTokensDeps) {}

  list(): Promise<ScimToken[]> {
    return this.deps.repository.listLive();
  }

  async create(actor: AuthContext, name: string, origin: RequestOrigin): Promise<IssuedScimToken> {
    requireRecentAuth(actor, this.deps.clock);
    const secret = SECRET_PREFIX + generateOpaqueToken();
    const id = newId();
    try {
      await this.deps.unitOfWork.run(async ({ repos }) => {
        if ((await repos.scimTokens.countLive()) >= SCIM_TOKENS_MAX) {
          throw conflict(DIRECTORY_MESSAGES.tooManyTokens);
        }
        await repos.scimTokens.insert({
          id,
          name,
          secretHash: hashToken(secret),
          createdBy: actor.userId,
          now: nowIso(this.deps.clock),
        });
        await repos.audit.record({
          action: 'scim.token_created',
          actorId: actor.userId,
          origin,
          details: { tokenId: id, name },
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(DIRECTORY_MESSAGES.tokenNameTaken);
      throw error;
    }
    return { token: await this.find(id), secret };
  }

  async rotate(actor: AuthContext, id: string, origin: RequestOrigin): Promise<IssuedScimToken> {
    requireRecentAuth(actor, this.deps.clock);
    const tokenId = this.checkedId(id);
    const secret = SECRET_PREFIX + generateOpaqueToken();
    await this.deps.unitOfWork.run(async ({ repos }) => {
      const rotated = await repos.scimTokens.rotate(
        tokenId,
        hashToken(secret),
        actor.userId,
        nowIso(this.deps.clock),
      );
      if (!rotated) throw notFound(DIRECTORY_MESSAGES.tokenNotFound);
      await repos.audit.record({
        action: 'scim.token_rotated',
        actorId: actor.userId,
        origin,
        details: { tokenId },
      });
    });
    return { token: await this.find(tokenId), secret };
  }

  async revoke(actor: AuthContext, id: string, origin: RequestOrigin): Promise<void> {
    const tokenId = this.checkedId(id);
    await this.deps.unitOfWork.run(async ({ repos }) => {
      const name = await repos.scimTokens.findLiveName(tokenId);
      if (!name || !(await repos.scimTokens.revoke(tokenId, nowIso(this.deps.clock)))) {
        throw notFound(DIRECTORY_MESSAGES.tokenNotFound);
      }
      await repos.audit.record({
        action: 'scim.token_revoked',
        actorId: actor.userId,
        origin,
        details: { tokenId, name },
      });
    });
  }

  /**
   * The caller of a SCIM route: the live token the bearer secret belongs to. Anything else is
   * 401, recorded as a security event (`scim.token_refused`).
   */
  async authenticate(
    authorization: string | undefined,
    origin: RequestOrigin,
  ): Promise<ScimCaller> {
    const secret = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1];
    const caller = secret?.startsWith(SECRET_PREFIX)
      ? await this.deps.repository.findCaller(hashToken(secret))
      : undefined;
    if (!caller) {
      await this.deps.audit.record({
        action: 'scim.token_refused',
        origin,
        details: { reason: authorization ? 'unknown or revoked token' : 'no token' },
      });
      throw new ScimError(401, 'A valid SCIM token is required');
    }
    const now = this.deps.clock.now();
    if (!caller.lastUsedAt || now - Date.parse(caller.lastUsedAt) >= LAST_USED_PRECISION_MS) {
      await this.deps.repository.touch(caller.tokenId, nowIso(this.deps.clock));
    }
    return caller;
  }

  private async find(id: string): Promise<ScimToken> {
    const token = (await this.deps.repository.listLive()).find((live) => live.id === id);
    if (!token) throw notFound(DIRECTORY_MESSAGES.tokenNotFound);
    return token;
  }

  private checkedId(id: string): string {
    if (!isUuid(id)) throw notFound(DIRECTORY_MESSAGES.tokenNotFound);
    return id.toLowerCase();
  }
}
