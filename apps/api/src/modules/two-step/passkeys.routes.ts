import {
  addPasskeySchema,
  passkeyOptionsRequestSchema,
  passkeySignInSchema,
  renamePasskeySchema,
} from '@staff-admin/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAuth } from '../../http/guards.js';
import { authRateLimit } from '../../http/rate-limits.js';
import { bearerSecurity, envelope, errorResponses, requestOrigin } from '../../http/schemas.js';
import type { PasskeysService } from './passkeys.service.js';
import { passkeySchema, tokenPairSchema } from './two-step.schemas.js';

const credentialDescriptorSchema = z.object({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
});

/** The client extensions the options ask for (credProps at registration). */
const extensionsSchema = z.object({
  appid: z.string().optional(),
  credProps: z.boolean().optional(),
});

/** `PublicKeyCredentialCreationOptionsJSON`, for `startRegistration()` of @simplewebauthn/browser. */
const creationOptionsSchema = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ type: z.string(), alg: z.number() })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptorSchema).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.string().optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.string().optional(),
      userVerification: z.string().optional(),
    })
    .optional(),
  hints: z.array(z.string()).optional(),
  attestation: z.string().optional(),
  extensions: extensionsSchema.optional(),
});

/** `PublicKeyCredentialRequestOptionsJSON`, for `startAuthentication()` of @simplewebauthn/browser. */
const requestOptionsSchema = z.object({
  challenge: z.string(),
  rpId: z.string().optional(),
  timeout: z.number().optional(),
  allowCredentials: z.array(credentialDescriptorSchema).optional(),
  userVerification: z.string().optional(),
  hints: z.array(z.string()).optional(),
  extensions: extensionsSchema.optional(),
});

const idParams = z.object({ id: z.string().max(64) });

/**
 * Passkeys (docs/two-step.md): adding, renaming and removing one on the profile (listed by
 * GET /users/profile/two-step), and the passkey second step of sign-in.
 */
export const passkeysRoutes: FastifyPluginAsyncZod<{
  passkeys: PasskeysService;
  requestsPerMinute: number;
}> = async (app, { passkeys, requestsPerMinute }) => {
  const rateLimit = authRateLimit(requestsPerMinute);

  app.post(
    '/users/profile/passkeys/options',
    {
      onRequest: [app.authenticate],
      config: { duringTwoStepSetup: true },
      schema: {
        tags: ['two-step'],
        summary: 'Options for the device to make a new passkey (recent password needed)',
        description:
          'Pass `data` to `startRegistration()` of @simplewebauthn/browser, then send its answer ' +
          'to POST /users/profile/passkeys within 5 minutes, from this session. 403 with ' +
          '`reason: "reauthentication_required"` unless the password was entered in the last ' +
          '5 minutes (POST /auth/reauthenticate; sign-in counts). 409 when APP_URL is an IP ' +
          'address, where browsers refuse passkeys (`passkeysAvailable` of the two-step status).',
        security: bearerSecurity,
        response: { 200: envelope(creationOptionsSchema), ...errorResponses(401, 403, 409) },
      },
    },
    async (request) => ({ data: await passkeys.registrationOptions(currentAuth(request)) }),
  );

  app.post(
    '/users/profile/passkeys',
    {
      onRequest: [app.authenticate],
      config: { duringTwoStepSetup: true },
      schema: {
        tags: ['two-step'],
        summary: 'Add a passkey: the device’s answer to this session’s options, and a name',
        description:
          '`recoveryCodes` are new codes, shown once, when this is the first second factor; ' +
          'empty otherwise. 400 when the answer does not verify (or the options expired or were ' +
          'used).',
        security: bearerSecurity,
        body: addPasskeySchema,
        response: {
          201: envelope(z.object({ passkey: passkeySchema, recoveryCodes: z.array(z.string()) })),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const data = await passkeys.add(currentAuth(request), request.body, requestOrigin(request));
      return reply.code(201).send({ data });
    },
  );

  app.patch(
    '/users/profile/passkeys/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['two-step'],
        summary: 'Rename one of one’s passkeys',
        security: bearerSecurity,
        params: idParams,
        body: renamePasskeySchema,
        response: { 200: envelope(passkeySchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await passkeys.rename(
        currentAuth(request),
        request.params.id,
        request.body.name,
        requestOrigin(request),
      ),
    }),
  );

  app.delete(
    '/users/profile/passkeys/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['two-step'],
        summary: 'Remove one of one’s passkeys (recent password needed)',
        description:
          'Removing the last second factor turns two-step sign-in off and removes the recovery ' +
          'codes. 403 with `reason: "reauthentication_required"` unless the password was ' +
          'entered in the last 5 minutes.',
        security: bearerSecurity,
        params: idParams,
        response: { 200: envelope(z.null()), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await passkeys.remove(currentAuth(request), request.params.id, requestOrigin(request));
      return { data: null };
    },
  );

  app.post(
    '/auth/login/passkey-options',
    {
      config: rateLimit,
      schema: {
        tags: ['auth'],
        summary: 'Second step with a passkey: options for the device',
        description:
          '`challenge_token` is from POST /auth/login. Pass `data` to `startAuthentication()` of ' +
          '@simplewebauthn/browser and send its answer to POST /auth/login/passkey. 409 when ' +
          'APP_URL is an IP address, where browsers refuse passkeys (the login answer then ' +
          'offers no `passkey` method).',
        body: passkeyOptionsRequestSchema,
        response: { 200: envelope(requestOptionsSchema), ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => ({ data: await passkeys.signInOptions(request.body.challenge_token) }),
  );

  app.post(
    '/auth/login/passkey',
    {
      config: rateLimit,
      schema: {
        tags: ['auth'],
        summary: 'Second step with a passkey: the device’s answer; a token pair',
        description:
          '400 when the answer does not verify (counted toward the account lockout like a wrong ' +
          'code) or the passkey is not one of the account’s; 401 when the challenge expired or ' +
          'was used; 429 while the account is locked.',
        body: passkeySignInSchema,
        response: { 200: envelope(tokenPairSchema), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => ({ data: await passkeys.signIn(request.body, requestOrigin(request)) }),
  );
};
