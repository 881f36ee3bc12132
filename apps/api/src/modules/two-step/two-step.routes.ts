import { confirmTotpSchema, reauthenticateSchema, secondStepSchema } from '@staff-admin/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAuth, manageUsers } from '../../http/guards.js';
import { authRateLimit } from '../../http/rate-limits.js';
import { bearerSecurity, envelope, errorResponses, requestOrigin } from '../../http/schemas.js';
import { userSchema } from '../users/index.js';
import { passkeySchema, tokenPairSchema } from './two-step.schemas.js';
import type { TwoStepServices } from './two-step.service.js';

const twoStepStatusSchema = z.object({
  enabled: z.boolean(),
  totp: z.boolean(),
  passkeys: z.array(passkeySchema),
  recoveryCodesLeft: z.number().int(),
  required: z.boolean(),
  passkeysAvailable: z.boolean(),
  reauthenticatedUntil: z.string().nullable(),
});

const totpSetupSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrCode: z.string(),
});

const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** Open to a caller who must set up two-step sign-in first (see plugins/authenticate.ts). */
const duringSetup = { duringTwoStepSetup: true } as const;

/** Two-step sign-in (docs/two-step.md), except the passkey calls (passkeys.routes.ts). */
export const twoStepRoutes: FastifyPluginAsyncZod<{
  twoStep: TwoStepServices;
  requestsPerMinute: number;
}> = async (app, { twoStep, requestsPerMinute }) => {
  const rateLimit = authRateLimit(requestsPerMinute);

  app.post(
    '/auth/login/second-step',
    {
      config: rateLimit,
      schema: {
        tags: ['auth'],
        summary: 'Second step of the sign-in: an authenticator code or a recovery code',
        description:
          '`challenge_token` is what `POST /auth/login` answered (5 minutes, single use). A wrong ' +
          'code is 400 with `errors.code` and counts toward the email’s lockout (then 429); an ' +
          'unknown, used or expired challenge is 401.',
        body: secondStepSchema,
        response: { 200: envelope(tokenPairSchema), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => ({
      data: await twoStep.signIn.signInWithCode(request.body, requestOrigin(request)),
    }),
  );

  app.post(
    '/auth/reauthenticate',
    {
      config: { ...rateLimit, ...duringSetup },
      onRequest: [app.authenticate],
      schema: {
        tags: ['auth'],
        summary: 'Confirm the password (and a code when two-step sign-in is on)',
        description:
          'Sensitive calls then need no new confirmation for 5 minutes. Wrong password or code: ' +
          '400 (counted toward the email’s lockout, then 429).',
        security: bearerSecurity,
        body: reauthenticateSchema,
        response: {
          200: envelope(z.object({ reauthenticatedUntil: z.string() })),
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request) => ({
      data: await twoStep.reauthentication.reauthenticate(
        currentAuth(request),
        request.body,
        requestOrigin(request),
      ),
    }),
  );

  app.get(
    '/users/profile/two-step',
    {
      config: duringSetup,
      onRequest: [app.authenticate],
      schema: {
        tags: ['two-step'],
        summary: 'The signed-in user’s two-step sign-in (the Security card)',
        security: bearerSecurity,
        response: { 200: envelope(twoStepStatusSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ data: await twoStep.factors.status(currentAuth(request)) }),
  );

  app.post(
    '/users/profile/two-step/totp',
    {
      config: duringSetup,
      onRequest: [app.authenticate],
      schema: {
        tags: ['two-step'],
        summary: 'Start setting up an authenticator app: a new pending secret and its QR code',
        description:
          'Needs a recent confirmation (403 `reason: "reauthentication_required"`; sign-in ' +
          'counts). 409 when an authenticator app is on already.',
        security: bearerSecurity,
        response: { 200: envelope(totpSetupSchema), ...errorResponses(401, 403, 409) },
      },
    },
    async (request) => ({ data: await twoStep.factors.startTotp(currentAuth(request)) }),
  );

  app.post(
    '/users/profile/two-step/totp/confirm',
    {
      config: duringSetup,
      onRequest: [app.authenticate],
      schema: {
        tags: ['two-step'],
        summary: 'Turn the authenticator app on with one of its codes',
        description:
          'Answers the ten recovery codes when this is the first factor (shown once), else an ' +
          'empty list. 400 wrong code; 409 no setup started.',
        security: bearerSecurity,
        body: confirmTotpSchema,
        response: { 200: envelope(recoveryCodesSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => ({
      data: await twoStep.factors.confirmTotp(
        currentAuth(request),
        request.body.code,
        requestOrigin(request),
      ),
    }),
  );

  app.delete(
    '/users/profile/two-step/totp',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['two-step'],
        summary: 'Turn the authenticator app off',
        description:
          'Needs a recent confirmation (403). With no other factor left, the recovery codes go ' +
          'too. 409 when it is not on.',
        security: bearerSecurity,
        response: { 200: envelope(twoStepStatusSchema), ...errorResponses(401, 403, 409) },
      },
    },
    async (request) => ({
      data: await twoStep.factors.disableTotp(currentAuth(request), requestOrigin(request)),
    }),
  );

  app.post(
    '/users/profile/two-step/recovery-codes',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['two-step'],
        summary: 'Make ten new recovery codes; the old ones stop working',
        description: 'Needs a recent confirmation (403). 409 when two-step sign-in is off.',
        security: bearerSecurity,
        response: { 200: envelope(recoveryCodesSchema), ...errorResponses(401, 403, 409) },
      },
    },
    async (request) => ({
      data: await twoStep.factors.regenerateRecoveryCodes(
        currentAuth(request),
        requestOrigin(request),
      ),
    }),
  );

  app.delete(
    '/users/:id/two-step',
    {
      onRequest: [app.authenticate, app.authorize(manageUsers)],
      schema: {
        tags: ['users'],
        summary: 'Reset a user’s two-step sign-in (admins)',
        description:
          'Removes their authenticator app, passkeys and recovery codes; they are mailed; ' +
          'audited. Needs a recent confirmation, on anyone, oneself included (403 `reason: ' +
          '"reauthentication_required"`; sign-in counts). 404 no such user; 409 two-step ' +
          'sign-in is not on.',
        security: bearerSecurity,
        params: z.object({ id: z.string() }),
        response: { 200: envelope(userSchema), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => ({
      data: await twoStep.factors.reset(
        currentAuth(request),
        request.params.id,
        requestOrigin(request),
      ),
    }),
  );
};
