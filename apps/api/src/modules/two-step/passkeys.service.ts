import { isIP } from 'node:net';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  SIGN_IN_CHALLENGE_TTL_MS,
  TWO_STEP_MESSAGES,
  type Passkey,
  type TokenPair,
} from '@staff-admin/shared';
import { nowIso, toIso, type Clock } from '../../lib/clock.js';
import type { AuthContext } from '../../lib/auth-context.js';
import {
  accountNotActive,
  conflict,
  invalid,
  notFound,
  unauthenticated,
} from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import type { RequestOrigin } from '../../lib/request-origin.js';
import { requireRecentAuth } from '../../http/guards.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { UsersRepository } from '../users/index.js';
import type { FactorsService } from './factors.service.js';
import type { SignInChallengesService } from './sign-in-challenges.service.js';
import type { TwoStepTransaction } from './two-step-deps.js';
import { toPasskey, type PasskeyRow, type PasskeysRepository } from './passkeys.repository.js';

/**
 * The WebAuthn library (with its ASN.1 and CBOR parsers, about 25 MB of memory) is loaded on the
 * first passkey call, not when the server starts: most servers never see one.
 */
const webAuthn = () => import('@simplewebauthn/server');

/** What passkeys use of the rest of two-step sign-in (the methods marked "for passkeys"). */
export interface TwoStepCore {
  signIn: Pick<
    SignInChallengesService,
    'findSignInChallenge' | 'setWebauthnChallenge' | 'secondStepFailed' | 'completeSignIn'
  >;
  factors: Pick<FactorsService, 'factorChanged'>;
}

export interface RelyingParty {
  /** Shown by the device: 'Staff Admin'. */
  name: string;
  /** APP_URL's host name. */
  id: string;
  /** APP_URL's origin. */
  origin: string;
  /** False when APP_URL's host is an IP address: browsers refuse one as a relying party. */
  usable: boolean;
}

/** The relying party of APP_URL. */
export function relyingPartyOf(appUrl: string): RelyingParty {
  const url = new URL(appUrl);
  // An IPv6 host name comes in brackets ("[::1]").
  const usable = isIP(url.hostname.replace(/^\[(.*)\]$/, '$1')) === 0;
  return { name: 'Staff Admin', id: url.hostname, origin: url.origin, usable };
}

/** How long registration options wait for the device's answer. */
export const PASSKEY_REGISTRATION_TTL_MS = 5 * 60_000;
/** What the browser is told to wait for the user (the server's own limits are the rows' TTLs). */
const WEBAUTHN_TIMEOUT_MS = 60_000;

interface PasskeysServiceDeps {
  repository: PasskeysRepository;
  users: UsersRepository;
  unitOfWork: UnitOfWork<TwoStepTransaction>;
  core: TwoStepCore;
  relyingParty: RelyingParty;
  clock: Clock;
}

const failed = () => invalid(TWO_STEP_MESSAGES.passkeyFailed);
const unknownPasskey = () => invalid(TWO_STEP_MESSAGES.passkeyUnknown);

/**
 * Passkeys (WebAuthn, `@simplewebauthn/server`): adding one from the profile, renaming and
 * removing it, and signing in with it as the second step. Every answer the library refuses, or
 * cannot read, is a 400 (passkeyFailed), never a 500.
 */
export class PasskeysService {
  constructor(private readonly deps: PasskeysServiceDeps) {}

  /** POST /users/profile/passkeys/options: needs a recent password; one pending per session. */
  async registrationOptions(auth: AuthContext): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const { repository, relyingParty, clock } = this.deps;
    if (!relyingParty.usable) throw conflict(TWO_STEP_MESSAGES.passkeysNeedHostName);
    requireRecentAuth(auth, clock);
    const user = await this.deps.users.findById(auth.userId);
    if (!user) throw notFound();
    const passkeys = await repository.listForUser(auth.userId);
    const { generateRegistrationOptions } = await webAuthn();
    const options = await generateRegistrationOptions({
      rpName: relyingParty.name,
      rpID: relyingParty.id,
      userName: user.email,
      userDisplayName: user.fullName ?? user.email,
      userID: new TextEncoder().encode(user.id),
      timeout: WEBAUTHN_TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: passkeys.map(descriptor),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    await repository.saveRegistration(
      auth.sessionId,
      options.challenge,
      toIso(clock.now() + PASSKEY_REGISTRATION_TTL_MS),
    );
    return options;
  }

  /**
   * POST /users/profile/passkeys: the device's answer to this session's options (usable once).
   * Recovery codes come back when this is the user's first factor.
   */
  async add(
    auth: AuthContext,
    input: { name: string; response: Record<string, unknown> },
    origin: RequestOrigin,
  ): Promise<{ passkey: Passkey; recoveryCodes: string[] }> {
    const { repository, relyingParty, clock } = this.deps;
    const pending = await repository.takeRegistration(auth.sessionId);
    if (!pending || pending.expiresAt <= nowIso(clock)) throw failed();
    let credential;
    try {
      const { verifyRegistrationResponse } = await webAuthn();
      const verification = await verifyRegistrationResponse({
        response: input.response as unknown as RegistrationResponseJSON,
        expectedChallenge: pending.challenge,
        expectedOrigin: relyingParty.origin,
        expectedRPID: relyingParty.id,
        requireUserVerification: false,
      });
      if (!verification.verified) throw failed();
      credential = verification.registrationInfo.credential;
    } catch {
      throw failed();
    }
    const row: PasskeyRow = {
      id: newId(),
      userId: auth.userId,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: knownTransports(credential.transports),
      name: input.name,
      createdAt: nowIso(clock),
      lastUsedAt: null,
    };
    return this.deps.unitOfWork.run(async (scope) => {
      // The same device registered again (to anyone): excludeCredentials keeps browsers from it.
      if (!(await scope.repos.passkeys.insert(row))) throw failed();
      await scope.repos.audit.record({
        action: 'passkey.added',
        actorId: auth.userId,
        targetId: auth.userId,
        origin,
        details: { passkeyId: row.id, name: row.name },
      });
      const { recoveryCodes } = await this.deps.core.factors.factorChanged(
        scope,
        { userId: auth.userId, actorId: auth.userId, kind: 'added', factor: 'passkey' },
        origin,
      );
      return { passkey: toPasskey(row), recoveryCodes };
    });
  }

  /** PATCH /users/profile/passkeys/:id: only the caller's own (anything else is 404). */
  async rename(
    auth: AuthContext,
    id: string,
    name: string,
    origin: RequestOrigin,
  ): Promise<Passkey> {
    if (!isUuid(id)) throw notFound();
    return this.deps.unitOfWork.run(async ({ repos }) => {
      const before = await repos.passkeys.findForUser(id, auth.userId);
      const row = before && (await repos.passkeys.rename(id, auth.userId, name));
      if (!before || !row) throw notFound();
      await repos.audit.record({
        action: 'passkey.renamed',
        actorId: auth.userId,
        targetId: auth.userId,
        origin,
        details: { passkeyId: id, before: { name: before.name }, after: { name: row.name } },
      });
      return toPasskey(row);
    });
  }

  /** DELETE /users/profile/passkeys/:id: needs a recent password; the last factor turns 2-step off. */
  async remove(auth: AuthContext, id: string, origin: RequestOrigin): Promise<void> {
    requireRecentAuth(auth, this.deps.clock);
    if (!isUuid(id)) throw notFound();
    await this.deps.unitOfWork.run(async (scope) => {
      const row = await scope.repos.passkeys.delete(id, auth.userId);
      if (!row) throw notFound();
      await scope.repos.audit.record({
        action: 'passkey.removed',
        actorId: auth.userId,
        targetId: auth.userId,
        origin,
        details: { passkeyId: row.id, name: row.name },
      });
      await this.deps.core.factors.factorChanged(
        scope,
        { userId: auth.userId, actorId: auth.userId, kind: 'removed', factor: 'passkey' },
        origin,
      );
    });
  }

  /** POST /auth/login/passkey-options: a WebAuthn challenge for the sign-in challenge's user. */
  async signInOptions(challengeToken: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const { core, repository, relyingParty } = this.deps;
    if (!relyingParty.usable) throw conflict(TWO_STEP_MESSAGES.passkeysNeedHostName);
    const challenge = await core.signIn.findSignInChallenge(challengeToken);
    const passkeys = await repository.listForUser(challenge.userId);
    const { generateAuthenticationOptions } = await webAuthn();
    const options = await generateAuthenticationOptions({
      rpID: relyingParty.id,
      allowCredentials: passkeys.map(descriptor),
      userVerification: 'preferred',
      timeout: Math.min(WEBAUTHN_TIMEOUT_MS, SIGN_IN_CHALLENGE_TTL_MS),
    });
    await core.signIn.setWebauthnChallenge(challenge.id, options.challenge);
    return options;
  }

  /**
   * POST /auth/login/passkey: the assertion must be signed by one of the challenge user's
   * passkeys over the challenge's WebAuthn challenge, with a counter that grew (when the
   * authenticator keeps one). A failure counts toward the lockout like a wrong code.
   */
  async signIn(
    input: { challenge_token: string; response: Record<string, unknown> },
    origin: RequestOrigin,
  ): Promise<TokenPair> {
    const { core, repository, relyingParty, clock } = this.deps;
    const challenge = await core.signIn.findSignInChallenge(input.challenge_token);
    const user = await this.deps.users.findById(challenge.userId);
    if (!user) throw unauthenticated(TWO_STEP_MESSAGES.challengeInvalid);
    // Disabled between the password and the second step.
    if (user.status !== 'active') throw accountNotActive(user.status);
    // Options were never asked for with this challenge: nothing to verify against.
    if (!challenge.webauthnChallenge) throw failed();
    const response = input.response as unknown as AuthenticationResponseJSON;
    const passkey =
      typeof response.id === 'string'
        ? await repository.findByCredentialId(response.id)
        : undefined;
    if (passkey?.userId !== challenge.userId) {
      await core.signIn.secondStepFailed(challenge, 'passkey', origin);
      throw unknownPasskey();
    }
    let newCounter: number;
    try {
      const { verifyAuthenticationResponse } = await webAuthn();
      const verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge.webauthnChallenge,
        expectedOrigin: relyingParty.origin,
        expectedRPID: relyingParty.id,
        credential: {
          id: passkey.credentialId,
          publicKey: Buffer.from(passkey.publicKey, 'base64url'),
          counter: passkey.counter,
          transports: passkey.transports,
        },
        requireUserVerification: false,
      });
      if (!verification.verified) throw failed();
      newCounter = verification.authenticationInfo.newCounter;
    } catch {
      await core.signIn.secondStepFailed(challenge, 'passkey', origin);
      throw failed();
    }
    // The library refuses this too; kept here because it is the rule against cloned keys.
    if ((newCounter > 0 || passkey.counter > 0) && newCounter <= passkey.counter) {
      await core.signIn.secondStepFailed(challenge, 'passkey', origin);
      throw failed();
    }
    return core.signIn.completeSignIn(challenge, 'passkey', origin, async ({ repos }) => {
      const recorded = await repos.passkeys.recordUse(
        passkey.id,
        passkey.counter,
        newCounter,
        nowIso(clock),
      );
      // The same counter used twice at once (a cloned key, a replay): only the first signs in.
      if (!recorded) throw failed();
    });
  }
}

/** How a browser may reach an authenticator (WebAuthn's AuthenticatorTransport). */
const TRANSPORTS = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

/** The client's list of transports, kept only as far as it names known ones (it is the client's word). */
function knownTransports(transports: unknown): string[] | undefined {
  if (!Array.isArray(transports)) return undefined;
  const known = [...new Set<unknown>(transports)].filter(
    (transport): transport is string => typeof transport === 'string' && TRANSPORTS.has(transport),
  );
  return known.length > 0 ? known : undefined;
}

const descriptor = (passkey: PasskeyRow) => ({
  id: passkey.credentialId,
  ...(passkey.transports ? { transports: passkey.transports } : {}),
});
