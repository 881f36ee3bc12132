import {
  changePasswordSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
} from '@staff-admin/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerSecurity, envelope, errorResponses, requestOrigin } from '../../http/schemas.js';
import { currentAuth } from '../../http/guards.js';
import { authRateLimit } from '../../http/rate-limits.js';
import type { PasswordsService } from './passwords.service.js';

const acknowledged = envelope(z.null());

export const passwordsRoutes: FastifyPluginAsyncZod<{
  passwords: PasswordsService;
  requestsPerMinute: number;
}> = async (app, { passwords, requestsPerMinute }) => {
  const config = authRateLimit(requestsPerMinute);

  app.post(
    '/users/forgot-password',
    {
      config,
      onRequest: [app.authenticateIfPresent],
      schema: {
        tags: ['account'],
        summary: 'Mail a password-reset link',
        description:
          'Always `{ "data": null }`, whether or not the email is known; only an active user is ' +
          'mailed a link. Admins call it for another user (Reset Password) with their bearer ' +
          'token and the same result. Anonymous calls are limited per client IP, and to ' +
          'FORGOT_PASSWORD_PER_HOUR requests per address and client per hour (429 with ' +
          'Retry-After); an address is mailed at most FORGOT_PASSWORD_PER_HOUR links an hour in ' +
          'all (beyond it the answer is the same and nothing is sent). An admin is limited by ' +
          'neither. A new link cancels the earlier ones once its mail has gone out. An email of ' +
          'SSO_REQUIRED_DOMAINS answers 403 "Use Sign in with {name}." (the domain, not the ' +
          'account, decides).',
        body: forgotPasswordSchema,
        response: { 200: acknowledged, ...errorResponses(400, 403, 429) },
      },
    },
    async (request) => {
      const admin = request.auth?.position === 'admin' ? request.auth : undefined;
      await passwords.forgotPassword(request.body.email, requestOrigin(request), admin);
      return { data: null };
    },
  );

  app.patch(
    '/users/reset-password',
    {
      config,
      schema: {
        tags: ['account'],
        summary: 'Set a new password with a reset token',
        description:
          'The token is used up and every session of the user ends. 400 `Invalid token` for ' +
          'unknown, used or cancelled tokens; 400 `Token is expired` for expired ones.',
        body: resetPasswordSchema,
        response: { 200: acknowledged, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await passwords.resetPassword(request.body, requestOrigin(request));
      return { data: null };
    },
  );

  app.patch(
    '/users/change-password',
    {
      config,
      onRequest: [app.authenticate],
      schema: {
        tags: ['account'],
        summary: 'Change one’s own password',
        description:
          'Needs the current password (400 `The provided password does not match`). The new ' +
          'password must differ from it. Other sessions of the user end; this one stays. The ' +
          'user is mailed a notice.',
        security: bearerSecurity,
        body: changePasswordSchema,
        response: { 200: acknowledged, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      await passwords.changePassword(currentAuth(request), request.body, requestOrigin(request));
      return { data: null };
    },
  );
};
