import type { Configuration } from 'openid-client';
import type { OidcConfig } from '../../config/env.js';
import { toIso, type Clock } from '../../lib/clock.js';

/** A failed discovery, for Monitoring: openid-client's message (it holds no secret), capped. */
export interface DiscoveryFailure {
  at: string;
  message: string;
}

const FAILURE_MESSAGE_MAX = 300;

/**
 * openid-client, loaded at the first company sign-in: a server without one never holds it in
 * memory (docs/performance.md, "RSS after the load").
 */
export const openidClient = () => import('openid-client');

/**
 * The provider's configuration from discovery, fetched at the first need and again after a
 * failure (a provider down when the server starts does not stop it), then kept.
 */
export class RelyingParty {
  private pending: Promise<Configuration> | undefined;
  private lastFailure: DiscoveryFailure | undefined;

  constructor(
    private readonly config: OidcConfig,
    private readonly clock: Clock,
  ) {}

  /** The configuration, or undefined when the provider cannot be reached now. */
  async configuration(): Promise<Configuration | undefined> {
    this.pending ??= this.discover();
    try {
      const configuration = await this.pending;
      this.lastFailure = undefined;
      return configuration;
    } catch (error) {
      this.pending = undefined;
      this.lastFailure = {
        at: toIso(this.clock.now()),
        message: String((error as Error).message).slice(0, FAILURE_MESSAGE_MAX),
      };
      return undefined;
    }
  }

  /** Monitoring: the last discovery failure, if the last attempt failed. */
  get failure(): DiscoveryFailure | undefined {
    return this.lastFailure;
  }

  private async discover(): Promise<Configuration> {
    const client = await openidClient();
    const { issuer, clientId, clientSecret, allowInsecureRequests } = this.config;
    const configuration = await client.discovery(
      issuer,
      clientId,
      clientSecret,
      undefined,
      allowInsecureRequests ? { execute: [client.allowInsecureRequests] } : undefined,
    );
    // openid-client skips the ID token's signature when it comes straight from the token endpoint
    // (TLS vouches for it); the issue asks for the signature to be checked against the JWKS.
    client.enableNonRepudiationChecks(configuration);
    return configuration;
  }
}
