import { createSigner, createVerifier } from 'fast-jwt';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { isUuid } from '../../lib/ids.js';

export const ACCESS_TOKEN_ISSUER = 'staff-admin';
export const ACCESS_TOKEN_AUDIENCE = 'staff-admin-api';
export const ACCESS_TOKEN_TYPE = 'access';

/** Signs a token's payload and checks a token's signature and claims (fast-jwt's pair). */
export interface TokenSigner {
  sign(payload: Record<string, unknown>): string;
  /** The payload of a token whose signature and claims hold; throws for anything else. */
  verify(token: string): unknown;
}

/**
 * The access tokens' JWTs, with fast-jwt: HS256 only, issuer and audience pinned and required, exp
 * required. The times are the app's clock's, not fast-jwt's Date.now(): AccessTokens signs `iat`
 * from the clock (fast-jwt adds `exp` to it) and checks `exp` and `nbf` against the clock itself.
 */
export function createTokenSigner(secret: string, ttlMs: number): TokenSigner {
  const sign = createSigner({
    key: secret,
    algorithm: 'HS256',
    iss: ACCESS_TOKEN_ISSUER,
    aud: ACCESS_TOKEN_AUDIENCE,
    // Whole seconds, as tokens count time (and as the durations are anyway).
    expiresIn: Math.max(1, Math.round(ttlMs / 1000)) * 1000,
  });
  const verify = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    allowedIss: ACCESS_TOKEN_ISSUER,
    allowedAud: ACCESS_TOKEN_AUDIENCE,
    requiredClaims: ['iss', 'aud', 'exp', 'iat', 'sub', 'sid', 'typ'],
    ignoreExpiration: true,
    ignoreNotBefore: true,
  });
  return { sign: (payload) => sign(payload), verify: (token) => verify(token) as unknown };
}

const claimsSchema = z.object({
  sub: z.string().refine(isUuid),
  sid: z.string().refine(isUuid),
  typ: z.literal(ACCESS_TOKEN_TYPE),
  /** Seconds since the epoch, as JWTs count. */
  exp: z.number(),
  nbf: z.number().optional(),
});
export type AccessClaims = Pick<z.infer<typeof claimsSchema>, 'sub' | 'sid' | 'typ'>;

/** Tokens remembered once checked: far more than the people signed in at once. */
export const CHECKED_TOKENS_KEPT = 1_000;

interface CheckedToken {
  claims: Readonly<AccessClaims>;
  /** Seconds since the epoch. */
  exp: number;
  nbf: number | undefined;
}

/** Short-lived access tokens: `sub` is the user, `sid` the session they belong to. */
export class AccessTokens {
  /**
   * Tokens whose signature and claims were checked, by the token itself: every call of a
   * signed-in page sends the same token again, and a changed character is another key. When full,
   * the oldest goes. The times are checked on every call, against the app's clock.
   */
  private readonly checked = new Map<string, CheckedToken>();

  constructor(
    private readonly jwt: TokenSigner,
    private readonly clock: Clock,
  ) {}

  sign(userId: string, sessionId: string): string {
    const iat = Math.floor(this.clock.now() / 1000);
    return this.jwt.sign({ sub: userId, sid: sessionId, typ: ACCESS_TOKEN_TYPE, iat });
  }

  /** The claims of a valid token; undefined for anything forged, expired or of another type. */
  verify(token: string): Readonly<AccessClaims> | undefined {
    const checked = this.checked.get(token) ?? this.check(token);
    if (!checked) return undefined;
    // As fast-jwt would: valid up to and including the second of `exp`, from that of `nbf`.
    const now = this.clock.now();
    if (now > checked.exp * 1000 || (checked.nbf !== undefined && now < checked.nbf * 1000)) {
      return undefined;
    }
    return checked.claims;
  }

  /** Signature, issuer, audience and claims, checked once per token and remembered if good. */
  private check(token: string): CheckedToken | undefined {
    let payload: unknown;
    try {
      payload = this.jwt.verify(token);
    } catch {
      return undefined;
    }
    const parsed = claimsSchema.safeParse(payload);
    if (!parsed.success) return undefined;
    const { sub, sid, typ, exp, nbf } = parsed.data;
    const checked = { claims: { sub, sid, typ }, exp, nbf };
    if (this.checked.size >= CHECKED_TOKENS_KEPT) {
      this.checked.delete(this.checked.keys().next().value!);
    }
    this.checked.set(token, checked);
    return checked;
  }
}
