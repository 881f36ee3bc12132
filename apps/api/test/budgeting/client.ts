import type { Project } from '@staff-admin/shared';
import { expect } from 'vitest';
import { bearer, type TestApp } from '../helpers.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export const gbp = (amount: number) => ({ amount, currency: 'GBP' });

let projectCounter = 0;

/**
 * The budgeting calls of one signed-in user (its token read when a call is made, so the client
 * can be made before `beforeAll` signs in): any answer, a 2xx answer's data, a new project.
 */
export function budgetingClient(app: () => TestApp, token: () => string) {
  const call = (method: Method, url: string, payload?: object, as = token()) =>
    app().app.inject({
      method,
      url: `/api${url}`,
      headers: bearer(as),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  async function ok<T>(method: Method, url: string, payload?: object, as = token()) {
    const response = await call(method, url, payload, as);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json<{ data: T }>().data;
  }

  /** A project in GBP (or the given currency) with a budget of 10,000.00, owned by `ownerId`. */
  function newProject(ownerId: string, overrides: Record<string, unknown> = {}) {
    projectCounter += 1;
    const currency = (overrides.currency as string | undefined) ?? 'GBP';
    return ok<Project>('POST', '/projects', {
      code: `P-${projectCounter}-${Math.random().toString(36).slice(2, 6)}`.toUpperCase(),
      name: `Project ${projectCounter}`,
      client: 'Acme',
      currency,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      ownerId,
      budget: { amount: 1_000_000, currency },
      ...overrides,
    });
  }

  return { call, ok, newProject };
}
