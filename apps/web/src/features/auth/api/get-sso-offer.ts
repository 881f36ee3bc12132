import {
  ssoButtonLabel,
  ssoRequiredMessage,
  type ApiSuccess,
  type OidcConfig,
} from '@staff-admin/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE_URL } from '../../../config/app.js';

/** Company sign-in as the sign-in pages offer it, when the server has it configured. */
export interface SsoOffer {
  /** "Sign in with {name}". */
  buttonLabel: string;
  /** What the login form says for an email of `requiredDomains`: "Use Sign in with {name}." */
  requiredMessage: string;
  /** Email domains whose staff must use company sign-in (SSO_REQUIRED_DOMAINS). */
  requiredDomains: string[];
}

function readConfig(body: unknown): OidcConfig | null {
  const data = (body as Partial<ApiSuccess<Partial<OidcConfig>>> | null)?.data;
  if (data?.enabled !== true || typeof data.displayName !== 'string') return null;
  const domains = Array.isArray(data.requiredDomains) ? data.requiredDomains : [];
  return {
    enabled: true,
    displayName: data.displayName,
    requiredDomains: domains.filter((domain): domain is string => typeof domain === 'string'),
  };
}

async function fetchOidcConfig(signal: AbortSignal): Promise<OidcConfig | null> {
  try {
    const response = await fetch(new URL(`${API_BASE_URL}/auth/oidc`, window.location.href), {
      headers: { Accept: 'application/json' },
      signal,
    });
    return response.ok ? readConfig(await response.json()) : null;
  } catch {
    return null;
  }
}

/**
 * GET /auth/oidc, with a plain fetch: the login page asks it as it opens, and the API client
 * (axios) is not part of that page's first load. Any failure means no SSO button: the password
 * form still works, and nothing is worth an error for a visitor who has not done anything yet.
 */
async function getSsoOffer({ signal }: { signal: AbortSignal }): Promise<SsoOffer | null> {
  const config = await fetchOidcConfig(signal);
  if (!config?.displayName) return null;
  return {
    buttonLabel: ssoButtonLabel(config.displayName),
    requiredMessage: ssoRequiredMessage(config.displayName),
    requiredDomains: config.requiredDomains,
  };
}

export const ssoOfferQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'oidc'] as const,
    queryFn: getSsoOffer,
    // The server's configuration only changes with a restart.
    staleTime: Infinity,
  });

/** Company sign-in's offer, or null when it is off (or while the server is asked). */
export function useSsoOffer(): SsoOffer | null {
  return useQuery(ssoOfferQueryOptions()).data ?? null;
}
