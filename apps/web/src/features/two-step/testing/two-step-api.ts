import type { TwoStepStatus } from '@staff-admin/shared';
import { HttpResponse } from 'msw';
import { answer } from '../../../testing/http.js';
import { TWO_STEP_OFF } from '../../../testing/server.js';

export const TOKENS = { access_token: 'two-step-access', refresh_token: 'two-step-refresh' };

export const CHALLENGE = {
  challenge_token: 'challenge-1',
  methods: ['totp', 'recovery_code'] as const,
  expires_at: '2030-01-01T00:05:00.000Z',
};

export const RECOVERY_CODES = Array.from(
  { length: 10 },
  (_, index) => `ABCDE-${String(index).padStart(5, '0').replace(/0/g, 'F')}`,
);

/** A status of two-step sign-in, off unless `overrides` say otherwise. */
export const twoStepStatus = (overrides: Partial<TwoStepStatus> = {}): TwoStepStatus => ({
  ...TWO_STEP_OFF,
  ...overrides,
});

/** GET /users/profile/two-step answers `status()` (read on each call, so tests can change it). */
export function serveTwoStepStatus(status: () => TwoStepStatus) {
  return answer('get', '/users/profile/two-step', () => HttpResponse.json({ data: status() }));
}

export const setupRequired = () =>
  HttpResponse.json(
    {
      code: 403,
      message: 'Your role requires two-step sign-in. Please set it up to continue.',
      reason: 'two_step_setup_required',
    },
    { status: 403 },
  );
