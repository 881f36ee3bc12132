import type { JWT } from '@fastify/jwt';
import { z } from 'zod';
import { isUuid } from '../../lib/ids.js';

export const ACCESS_TOKEN_ISSUER = 'staff-admin';
export const ACCESS_TOKEN_AUDIENCE = 'staff-admin-api';
export const ACCESS_TOKEN_TYPE = 'access';

/** @fastify/jwt options: HS256 only, issuer and audience pinned and required, exp required. */
export function jwtOptions(secret: string, ttlMs: number) {
  return {
    secret,
    sign: {
      algorithm: 'HS256' as const,
      iss: ACCESS_TOKEN_ISSUER,
      aud: ACCESS_TOKEN_AUDIENCE,
      // @fastify/jwt reads a number as seconds; durations are whole seconds anyway.
      expiresIn: Math.max(1, Math.round(ttlMs / 1000)),
    },
    verify: {
      algorithms: ['HS256' as const],
      allowedIss: ACCESS_TOKEN_ISSUER,
      allowedAud: ACCESS_TOKEN_AUDIENCE,
      requiredClaims: ['iss', 'aud', 'exp', 'iat', 'sub', 'sid', 'typ'],
    },
  };
}

const claimsSchema = z.object({
  sub: z.string().refine(isUuid),
  sid: z.string().refine(isUuid),
  typ: z.literal(ACCESS_TOKEN_TYPE),
});
export type AccessClaims = z.infer<typeof claimsSchema>;

/** Short-lived access tokens: `sub` is the user, `sid` the session they belong to. */
export class AccessTokens {
  constructor(private readonly jwt: JWT) {}

  sign(userId: string, sessionId: string): string {
    return this.jwt.sign({ sub: userId, sid: sessionId, typ: ACCESS_TOKEN_TYPE });
  }

  /** The claims of a valid token; undefined for anything forged, expired or of another type. */
  verify(token: string): AccessClaims | undefined {
    try {
      const parsed = claimsSchema.safeParse(this.jwt.verify(token));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }
}
