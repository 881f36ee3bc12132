import {
  normalizeEmail,
  type LoginAnswer,
  type OidcConfig as OidcConfigAnswer,
  type Position,
  type SsoRefusalReason,
} from '@staff-admin/shared';
import type { IDToken } from 'openid-client';
import type { OidcConfig } from '../../config/env.js';
import { roleForGroups, type RoleMapping } from '../../config/role-mapping.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { nowIso, toIso, type Clock } from '../../lib/clock.js';
import { invalid } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { SealedBox } from '../../lib/sealed-box.js';
import { generateOpaqueToken, hashToken } from '../../lib/secure-token.js';
import type { AuditRepository, RequestOrigin } from '../audit/index.js';
import type { AccessTokens, SessionsService, SessionsTransaction } from '../sessions/index.js';
import type { SignInChallengesService } from '../two-step/index.js';
import type { UsersRepository } from '../users/index.js';
import { openidClient, type RelyingParty } from './relying-party.js';
import type { SsoRepository, SsoUser } from './sso.repository.js';

const SIGN_IN_TTL_MS = 10 * 60_000;
const EXCHANGE_TTL_MS = 60_000;
/** `amr` values that mean the provider asked for more than a password (RFC 8176). */
const MFA_AMR = ['mfa', 'otp', 'hwk', 'swk'];

export const SSO_CALLBACK_PATH = '/api/auth/oidc/callback';
export const SSO_REFUSED_PATH = '/auth/sso-refused';
export const SSO_COMPLETE_PATH = '/auth/sso/complete';
/** Where the provider sends the browser back after its sign-out. */
const AFTER_PROVIDER_LOGOUT_PATH = '/auth/login';

/** A refusal: the callback sends the browser to the refusal page with this reason. */
export class SsoRefused extends Error {
  constructor(
    readonly reason: SsoRefusalReason,
    readonly detail?: string,
  ) {
    super(reason);
  }
}

export interface SsoServiceDeps {
  oidc: OidcConfig | undefined;
  /** OIDC_ROLE_MAP and OIDC_DEFAULT_ROLE (config/role-mapping.ts, one rule with SCIM). */
  roleMapping: RoleMapping;
  relyingParty: RelyingParty | undefined;
  appUrl: string;
  ssoRequiredDomains: string[];
  twoStepRequiredRoles: readonly Position[];
  repository: SsoRepository;
  unitOfWork: UnitOfWork<
    { users: UsersRepository; sso: SsoRepository; audit: AuditRepository } & SessionsTransaction
  >;
  sessions: SessionsService;
  accessTokens: AccessTokens;
  twoStep: Pick<SignInChallengesService, 'startChallenge'>;
  audit: AuditRepository;
  /** Seals the login answer between the callback and the exchange. */
  box: SealedBox;
  clock: Clock;
}

/** What the provider said about the person, after openid-client checked the ID token. */
interface Claims {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  groups: string[];
  providerMfa: boolean;
}

export class SsoService {
  constructor(private readonly deps: SsoServiceDeps) {}

  /** GET /auth/oidc: what the sign-in page shows. */
  describe(): OidcConfigAnswer {
    const { oidc, ssoRequiredDomains } = this.deps;
    return {
      enabled: Boolean(oidc),
      displayName: oidc?.displayName ?? null,
      requiredDomains: ssoRequiredDomains,
    };
  }

  get enabled(): boolean {
    return Boolean(this.deps.oidc);
  }

  get redirectUri(): string {
    return `${this.deps.appUrl}${SSO_CALLBACK_PATH}`;
  }

  /**
   * Starts a sign-in: the provider's authorization URL (PKCE S256, state, nonce) and the browser
   * binding the callback must come back with. A provider that cannot be reached: the refusal.
   */
  async start(returnTo: string | undefined): Promise<{ location: string; browser?: string }> {
    const { oidc, relyingParty, repository, clock } = this.deps;
    if (!oidc || !relyingParty) throw new SsoRefused('invalid_request');
    const configuration = await relyingParty.configuration();
    if (!configuration) return { location: refusedPath('provider_unavailable') };
    const client = await openidClient();
    const browser = generateOpaqueToken();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    await repository.deleteExpired(nowIso(clock));
    await repository.insertSignIn(hashToken(state), {
      browserHash: hashToken(browser),
      codeVerifier,
      nonce,
      returnTo: safeReturnTo(returnTo),
      expiresAt: toIso(clock.now() + SIGN_IN_TTL_MS),
    });
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: oidc.scopes,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { location: url.href, browser };
  }

  /**
   * The provider's answer: checks the state and the browser binding, lets openid-client check
   * the code and the ID token, applies the rules, starts our session (or our second step) and
   * hands the answer to the site under a one-time code. Every refusal is audited.
   */
  async callback(
    query: Record<string, string | undefined>,
    browser: string | undefined,
    origin: RequestOrigin,
  ): Promise<string> {
    try {
      const { answer, returnTo } = await this.finish(query, browser, origin);
      const code = generateOpaqueToken();
      await this.deps.repository.insertExchange({
        codeHash: hashToken(code),
        browserHash: hashToken(browser ?? ''),
        answerSealed: this.deps.box.seal(JSON.stringify(answer)),
        expiresAt: toIso(this.deps.clock.now() + EXCHANGE_TTL_MS),
      });
      const landing = new URLSearchParams({ code, ...(returnTo ? { returnTo } : {}) });
      return `${SSO_COMPLETE_PATH}?${landing.toString()}`;
    } catch (error) {
      if (!(error instanceof SsoRefused)) throw error;
      await this.deps.audit.record({
        action: 'auth.sso_refused',
        targetId: undefined,
        origin,
        details: { reason: error.reason, ...(error.detail ? { detail: error.detail } : {}) },
      });
      return refusedPath(error.reason);
    }
  }

  /**
   * DELETE /auth/logout of a session started here by SSO: the provider's end_session_endpoint
   * (RP-initiated logout, with our client_id and the way back to the login page), when it offers
   * one and is still the configured provider; otherwise null.
   */
  async endSessionUrl(sessionId: string): Promise<string | null> {
    const { relyingParty, repository, appUrl } = this.deps;
    if (!relyingParty) return null;
    const issuer = await repository.sessionIssuer(sessionId);
    if (!issuer) return null;
    const configuration = await relyingParty.configuration();
    const metadata = configuration?.serverMetadata();
    if (!configuration || metadata?.issuer !== issuer || !metadata.end_session_endpoint) {
      return null;
    }
    const client = await openidClient();
    return client.buildEndSessionUrl(configuration, {
      post_logout_redirect_uri: `${appUrl}${AFTER_PROVIDER_LOGOUT_PATH}`,
    }).href;
  }

  /** POST /auth/oidc/exchange: the login answer, once, to the browser that started the sign-in. */
  async exchange(code: string, browser: string | undefined): Promise<LoginAnswer> {
    const taken = await this.deps.repository.takeExchange(hashToken(code));
    if (
      !taken ||
      !browser ||
      taken.browserHash !== hashToken(browser) ||
      Date.parse(taken.expiresAt) <= this.deps.clock.now()
    ) {
      throw invalid('This sign-in link is no longer valid. Please sign in again.');
    }
    return JSON.parse(this.deps.box.open(taken.answerSealed)) as LoginAnswer;
  }

  private async finish(
    query: Record<string, string | undefined>,
    browser: string | undefined,
    origin: RequestOrigin,
  ): Promise<{ answer: LoginAnswer; returnTo: string | null }> {
    const { relyingParty, repository, clock } = this.deps;
    if (!relyingParty || !query.state) throw new SsoRefused('invalid_request', 'no state');
    const pending = await repository.takeSignIn(hashToken(query.state));
    if (!pending) throw new SsoRefused('invalid_request', 'unknown state');
    if (!browser || pending.browserHash !== hashToken(browser)) {
      throw new SsoRefused('invalid_request', 'another browser');
    }
    if (Date.parse(pending.expiresAt) <= clock.now()) {
      throw new SsoRefused('invalid_request', 'expired');
    }
    if (query.error) throw new SsoRefused('invalid_request', `provider: ${query.error}`);
    const configuration = await relyingParty.configuration();
    if (!configuration) throw new SsoRefused('provider_unavailable');
    const client = await openidClient();
    const callbackUrl = new URL(this.redirectUri);
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) callbackUrl.searchParams.set(key, value);
    }
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: query.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      throw new SsoRefused('invalid_request', describeFailure(error));
    }
    const idToken = tokens.claims();
    if (!idToken) throw new SsoRefused('invalid_request', 'no ID token');
    const answer = await this.signIn(this.readClaims(idToken), origin);
    return { answer, returnTo: safeReturnTo(pending.returnTo ?? undefined) };
  }

  private readClaims(idToken: IDToken): Claims {
    const { oidc } = this.deps;
    const raw = oidc?.roleClaim ? idToken[oidc.roleClaim] : undefined;
    const groups = Array.isArray(raw)
      ? raw.filter((group): group is string => typeof group === 'string')
      : typeof raw === 'string'
        ? [raw]
        : [];
    const amr = Array.isArray(idToken.amr) ? idToken.amr : [];
    return {
      issuer: idToken.iss,
      subject: idToken.sub,
      email: typeof idToken.email === 'string' ? normalizeEmail(idToken.email) : undefined,
      emailVerified: oidc ? isTrue(idToken[oidc.emailVerifiedClaim]) : false,
      name: typeof idToken.name === 'string' ? idToken.name : undefined,
      groups,
      providerMfa:
        amr.some((method) => MFA_AMR.includes(String(method))) ||
        (oidc?.mfaAcr !== undefined && idToken.acr === oidc.mfaAcr),
    };
  }

  /** The role the claim gives (the first group of OIDC_ROLE_MAP the person has), or the default. */
  private roleFromClaim(groups: string[]): { role: Position | undefined; group: string | null } {
    return roleForGroups(this.deps.roleMapping, groups);
  }

  private async signIn(claims: Claims, origin: RequestOrigin): Promise<LoginAnswer> {
    const { oidc, clock } = this.deps;
    const rolesFollowClaim = this.deps.roleMapping.map.size > 0;
    const now = nowIso(clock);
    const user = await this.deps.unitOfWork.run(async ({ repos }) => {
      let found = await repos.sso.findUserByIdentity(claims.issuer, claims.subject);
      let linked = false;
      if (!found) {
        if (!claims.email || !claims.emailVerified) {
          throw new SsoRefused('email_not_verified');
        }
        found = await repos.sso.findUserByEmail(claims.email);
        if (found && (await repos.sso.hasIdentityAt(found.id, claims.issuer))) {
          // The account is linked to another person at this provider: the email does not take it.
          throw new SsoRefused('no_account', 'linked to another subject');
        }
        linked = Boolean(found);
      }
      let created = false;
      if (!found) {
        if (oidc?.provisioning !== 'auto' || !claims.email) throw new SsoRefused('no_account');
        const { role } = this.roleFromClaim(claims.groups);
        if (!role) throw new SsoRefused('no_role');
        const id = newId();
        await repos.users.insert({
          id,
          email: claims.email,
          full_name: claims.name ?? null,
          position: role,
          status: 'active',
          password_hash: null,
          invited_by: null,
          image_url: null,
          created_at: now,
          updated_at: now,
          last_login_at: null,
        });
        if (rolesFollowClaim) await repos.sso.setRoleFromClaim(id, role, now);
        await repos.audit.record({
          action: 'user.provisioned',
          targetId: id,
          origin,
          details: { issuer: claims.issuer, position: role },
        });
        found = {
          id,
          email: claims.email,
          position: role,
          status: 'active',
          twoStepEnabled: false,
          roleFromSso: rolesFollowClaim,
        };
        created = true;
        linked = true;
      }
      await this.admit(found, repos, now);
      if (rolesFollowClaim && !created) {
        found = await this.followClaim(found, claims, repos, origin, now);
      }
      if (linked) {
        await repos.sso.insertIdentity({
          id: newId(),
          userId: found.id,
          issuer: claims.issuer,
          subject: claims.subject,
          now,
        });
        await repos.audit.record({
          action: 'user.sso_linked',
          targetId: found.id,
          origin,
          details: { issuer: claims.issuer },
        });
      } else {
        await repos.sso.touchIdentity(claims.issuer, claims.subject, now);
      }
      return found;
    });
    return this.startSession(user, claims, origin);
  }

  /** Active, or invited with a live invitation (whose set-up this sign-in completes). */
  private async admit(user: SsoUser, repos: { sso: SsoRepository }, now: string): Promise<void> {
    if (user.status === 'inactive') throw new SsoRefused('inactive');
    if (user.status === 'pending') {
      if (!(await repos.sso.hasLiveInvitation(user.id, now))) throw new SsoRefused('no_account');
      await repos.sso.completeSetup(user.id, now);
      user.status = 'active';
    }
  }

  /** The role follows the claim; the last active admin is never demoted by it. */
  private async followClaim(
    user: SsoUser,
    claims: Claims,
    repos: { users: UsersRepository; sso: SsoRepository; audit: AuditRepository },
    origin: RequestOrigin,
    now: string,
  ): Promise<SsoUser> {
    const { role, group } = this.roleFromClaim(claims.groups);
    if (!role) throw new SsoRefused('no_role');
    if (role !== user.position) {
      if (user.position === 'admin') {
        const admins = await repos.users.lockActiveAdminIds();
        if (!admins.some((id) => id !== user.id)) throw new SsoRefused('last_admin');
      }
      await repos.audit.record({
        action: 'user.position_changed',
        targetId: user.id,
        origin,
        details: { from: user.position, to: role, claim: group, source: 'sso' },
      });
    }
    if (role !== user.position || !user.roleFromSso) {
      await repos.sso.setRoleFromClaim(user.id, role, now);
    }
    return { ...user, position: role, roleFromSso: true };
  }

  /**
   * Our session, as after a password. A person with a factor of ours gets our second step unless
   * the provider asserted a multi-factor sign-in; that assertion is kept on the session, where it
   * counts as two-step for MFA_REQUIRED_ROLES (no forced set-up). Without it, a required role
   * with no factor of ours gets the forced set-up, as after a password.
   */
  private async startSession(
    user: SsoUser,
    claims: Claims,
    origin: RequestOrigin,
  ): Promise<LoginAnswer> {
    if (user.twoStepEnabled && !claims.providerMfa) {
      return {
        second_step: await this.deps.twoStep.startChallenge(user.id, { ssoIssuer: claims.issuer }),
      };
    }
    const session = await this.deps.unitOfWork.run(async ({ repos }) => {
      await repos.users.recordLogin(user.id, nowIso(this.deps.clock));
      const started = await this.deps.sessions.start(user.id, origin, repos, {
        issuer: claims.issuer,
        twoStepByProvider: claims.providerMfa,
      });
      await repos.audit.record({
        action: 'auth.login_succeeded',
        actorId: user.id,
        targetId: user.id,
        origin,
        details: { sessionId: started.sessionId, method: 'sso' },
      });
      return started;
    });
    return {
      access_token: this.deps.accessTokens.sign(session.userId, session.sessionId),
      refresh_token: session.refreshToken,
    };
  }
}

/** openid-client's error in a line for the audit: its message, and what its cause names. */
function describeFailure(error: unknown): string {
  const { message, cause } = error as { message: string; cause?: unknown };
  const parts = [message];
  if (cause instanceof Error) parts.push(cause.message);
  else if (cause && typeof cause === 'object' && 'claim' in cause) {
    parts.push(`claim ${String(cause.claim)}`);
  }
  return parts.join(': ').slice(0, 200);
}

/** A claim's yes: JSON true, or the string "1" or "true" (Entra ID writes `xms_edov` so at times). */
function isTrue(value: unknown): boolean {
  return value === true || value === '1' || value === 'true';
}

function refusedPath(reason: SsoRefusalReason): string {
  return `${SSO_REFUSED_PATH}?reason=${reason}`;
}

/** Every sign-in step's path starts so: never a page to come back to (as the site decides). */
const SIGN_IN_STEPS = '/auth/';

/** Only a page of this site: a path of its own (never `//host` or `/\host`), not a sign-in step. */
function safeReturnTo(value: string | undefined): string | null {
  if (!value || !/^\/(?![/\\])/.test(value) || value.includes('\\')) return null;
  if (value.startsWith(SIGN_IN_STEPS) || value.length > 500) return null;
  return value;
}
