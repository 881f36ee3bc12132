// The directories' own request sequences (./fixtures/*.json, written from Okta's and Microsoft
// Entra ID's provisioning documentation) replayed against a fresh app, step by step, with the
// person signing in between the steps; then the state they leave behind, as the site sees it.
import type { TokenPair } from '@staff-admin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, getProfile, refresh, type TestApp } from '../helpers.js';
import { providerAndEnv, type TestProvider } from '../sso/sso-client.js';
import { createScimToken } from './scim-client.js';
import {
  at,
  companySignIn,
  expectScimContentType,
  fill,
  isMissing,
  loadFixtures,
  scimRequest,
  siteUser,
  ssoEnvFor,
  userRow,
  type Fixture,
  type FixtureEndUser,
  type FixtureStep,
} from './scim-fixtures.js';

const fixtures = loadFixtures();

it('has the recorded sequences of both directories', () => {
  expect(fixtures.map(({ fixture }) => fixture.directory).sort()).toEqual([
    'Microsoft Entra ID',
    'Okta',
    'Okta',
  ]);
});

const describeStep = (step: FixtureStep, index: number) => {
  if ('method' in step)
    return `step ${index + 1}: ${step.method} ${step.path.split('?')[0]} (${step.note})`;
  return `step ${index + 1}: ${step.note}`;
};

describe.each(fixtures.map(({ file, fixture }) => [file, fixture] as [string, Fixture]))(
  '%s',
  (_file, fixture) => {
    let t: TestApp;
    let provider: TestProvider;
    let secret: string;
    let adminToken: string;
    const saved: Record<string, string> = {};
    const sessions: Record<string, TokenPair[]> = {};
    let failedAt: string | null = null;

    beforeAll(async () => {
      const setup = await providerAndEnv(ssoEnvFor({ OIDC_DEFAULT_ROLE: 'contractor' }));
      provider = setup.provider;
      t = await createTestApp({ env: setup.env });
      const issued = await createScimToken(t, `${fixture.directory} provisioning`);
      secret = issued.secret;
      adminToken = issued.adminToken;
    });
    afterAll(async () => {
      await t?.close();
      await provider?.close();
    });

    async function run(step: FixtureStep) {
      if ('signIn' in step) {
        const tokens = await companySignIn(t, provider, {
          sub: `${fixture.directory}-${step.signIn}`,
          email: step.email,
          groups: step.groups,
        });
        expect((await getProfile(t, tokens.access_token)).statusCode).toBe(200);
        (sessions[step.signIn] ??= []).push(tokens);
        return;
      }
      if ('checkSession' in step) {
        const tokens = sessions[step.checkSession]?.at(-1);
        expect(tokens, 'the fixture signs the person in first').toBeDefined();
        const status = (await getProfile(t, tokens!.access_token)).statusCode;
        if (step.expectRefused) expect(status).toBeOneOf([401, 403]);
        else expect(status).toBe(200);
        return;
      }
      if ('checkUser' in step) {
        const row = await userRow(t, saved[step.checkUser]!);
        expect(row).toBeDefined();
        if (step.position) expect(row!.position).toBe(step.position);
        if (step.status) expect(row!.status).toBe(step.status);
        return;
      }
      const response = await scimRequest(t, {
        method: step.method,
        path: fill(step.path, saved),
        secret,
        body: fill(step.body, saved),
        headers: fixture.headers,
      });
      const where = `${step.method} ${fill(step.path, saved)} → ${response.statusCode} ${response.body}`;
      expect(response.statusCode, where).toBe(step.expect.status);
      if (response.statusCode === 204) {
        expect(response.body, where).toBe('');
      } else {
        expectScimContentType(response, where);
      }
      const body: unknown = response.body ? response.json() : undefined;
      for (const [dotted, expected] of Object.entries(step.expect.fields ?? {})) {
        const found = at(body, dotted);
        expect(isMissing(found) ? `(no ${dotted})` : found, `${dotted} of ${where}`).toEqual(
          fill(expected, saved),
        );
      }
      for (const dotted of step.expect.absent ?? []) {
        expect(isMissing(at(body, dotted)), `${dotted} should be absent: ${where}`).toBe(true);
      }
      for (const [name, dotted] of Object.entries(step.save ?? {})) {
        const value = at(body, dotted);
        expect(typeof value, `${dotted} to save as {${name}}: ${where}`).toBe('string');
        saved[name] = value as string;
      }
    }

    // Each step is its own test, in order: a failure names the step, and the steps after it
    // are reported as not reached instead of failing for the same reason.
    fixture.steps.forEach((step, index) => {
      const title = describeStep(step, index);
      it(title, async () => {
        expect(failedAt, `not reached: ${failedAt} failed`).toBeNull();
        try {
          await run(step);
        } catch (error) {
          failedAt = title;
          throw error;
        }
      });
    });

    const endUsers = Object.entries(fixture.end).filter(
      (entry): entry is [string, FixtureEndUser] => !Array.isArray(entry[1]),
    );
    it(`ends as the directory left it: ${endUsers.map(([name, end]) => `${name} ${end.gone ? 'gone' : `${end.status}, ${end.position}`}`).join('; ')}`, async () => {
      expect(failedAt, `not reached: ${failedAt} failed`).toBeNull();
      for (const [name, end] of endUsers) {
        const id = saved[name]!;
        const row = await userRow(t, id);
        if (end.gone) {
          expect(row, `${name} is deleted`).toBeUndefined();
          expect((await siteUser(t, adminToken, id)).statusCode).toBe(404);
        } else {
          expect(row, `${name} still exists`).toBeDefined();
          if (end.status) expect(row!.status, name).toBe(end.status);
          if (end.position) expect(row!.position, name).toBe(end.position);
          if (end.fullName) expect(row!.full_name, name).toBe(end.fullName);
          if (end.managedByDirectory !== undefined) {
            const answer = await siteUser(t, adminToken, id);
            expect(answer.statusCode).toBe(200);
            expect(answer.json().data.managedByDirectory, name).toBe(end.managedByDirectory);
          }
        }
        if (end.sessionsEnded) {
          const all = sessions[name] ?? [];
          expect(all.length, `${name} signed in during the replay`).toBeGreaterThan(0);
          for (const tokens of all) {
            expect((await getProfile(t, tokens.access_token)).statusCode).toBeOneOf([401, 403]);
            expect((await refresh(t, tokens.refresh_token)).statusCode).toBeOneOf([401, 403]);
          }
        }
      }
      for (const name of fixture.end.groupsGone ?? []) {
        const response = await scimRequest(t, {
          method: 'GET',
          path: `/Groups/${saved[name]!}`,
          secret,
        });
        expect(response.statusCode, `group ${name}`).toBe(404);
      }
    });
  },
);
