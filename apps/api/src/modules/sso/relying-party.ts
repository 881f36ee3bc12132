import * as client from 'openid-client';
import type { OidcConfig } from '../../config/env.js';

/**
 * The provider's configuration from discovery, fetched at the first need and again after a
 * failure (a provider down when the server starts does not stop it), then kept.
 */
export class RelyingParty {
  private pending: Promise<client.Configuration> | undefined;
  private lastFailure: string | undefined;

  constructor(private readonly config: OidcConfig) {}

  /** The configuration, or undefined when the provider cannot be reached now. */
  async configuration(): Promise<client.Configuration | undefined> {
    this.pending ??= this.discover();
    try {
      const configuration = await this.pending;
      this.lastFailure = undefined;
      return configuration;
    } catch (error) {
      this.pending = undefined;
      this.lastFailure = (error as Error).message;
      return undefined;
    }
  }

  /** Monitoring: the last discovery failure, if the last attempt failed. */
  get failure(): string | undefined {
    return this.lastFailure;
  }

  private async discover(): Promise<client.Configuration> {
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
