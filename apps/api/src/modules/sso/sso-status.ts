import type { OverviewIdentityProvider } from '@staff-admin/shared';
import type { OidcConfig } from '../../config/env.js';
import { toIso, type Clock } from '../../lib/clock.js';
import type { AuditRepository } from '../audit/index.js';
import type { RelyingParty } from './relying-party.js';
import type { SsoRepository } from './sso.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A discovery that takes longer counts as unreachable for this answer (it goes on meanwhile). */
const DISCOVERY_WAIT_MS = 2_000;

export interface SsoStatusDeps {
  oidc: OidcConfig;
  relyingParty: RelyingParty;
  repository: Pick<SsoRepository, 'lastSignInAt'>;
  audit: Pick<AuditRepository, 'countPerInterval'>;
  clock: Clock;
}

/**
 * Monitoring › Overview's view of the company's identity provider: whether its discovery was
 * fetched (tried again now if the last attempt failed), the last SSO sign-in and the day's
 * refusals.
 */
export class SsoStatus {
  constructor(private readonly deps: SsoStatusDeps) {}

  async status(): Promise<OverviewIdentityProvider> {
    const { oidc, relyingParty, repository, audit, clock } = this.deps;
    const now = clock.now();
    const [configuration, lastSignInAt, refusals] = await Promise.all([
      withinWait(relyingParty.configuration()),
      repository.lastSignInAt(),
      audit.countPerInterval('auth.sso_refused', [
        { start: toIso(now - DAY_MS), end: toIso(now + 1) },
      ]),
    ]);
    return {
      displayName: oidc.displayName,
      reachable: configuration !== undefined,
      lastFailure: relyingParty.failure ?? null,
      lastSignInAt,
      refusals24h: refusals[0] ?? 0,
    };
  }
}

async function withinWait<T>(promise: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), DISCOVERY_WAIT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
