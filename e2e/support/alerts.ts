import type { APIRequestContext } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { apiAs as call, apiToken, expect, type Caller } from './fixtures';

/** Alerts (docs/alerts.md) set up through the API, for the screens that show them. */

export interface ListedIncident {
  id: string;
  summary: string;
  state: string;
  rule: { id: string; name: string };
}

/**
 * Eight random letters. An error groups by its stack's frames of our code, or by its message
 * with ids and numbers taken out when it has none (fingerprint.ts): a marker of letters only
 * keeps each report a new error group, so that a "new error group" rule fires for it.
 */
export const uniqueWord = () =>
  Array.from(randomBytes(8), (byte) => String.fromCharCode(97 + (byte % 26))).join('');

/** An email channel to everyone of `roles`. */
export const addEmailChannel = (
  request: APIRequestContext,
  who: Caller,
  name: string,
  roles: string[] = ['admin'],
) =>
  call<{ id: string; name: string }>(request, who, 'post', '/monitoring/alert-channels', {
    kind: 'email',
    name,
    recipients: { roles },
  });

/** The ids of the alert rules or channels named `name`. */
export async function idsNamed(
  request: APIRequestContext,
  who: Caller,
  what: 'alert-rules' | 'alert-channels',
  name: string,
): Promise<string[]> {
  const items = await call<{ id: string; name: string }[]>(
    request,
    who,
    'get',
    `/monitoring/${what}`,
  );
  return items.filter((item) => item.name === name).map((item) => item.id);
}

/** Deletes alert rules, then channels (a rule's incidents go with it); best effort. */
export async function removeAlerts(
  request: APIRequestContext,
  who: Caller,
  { rules = [], channels = [] }: { rules?: string[]; channels?: string[] },
) {
  const authorization = await apiToken(request, who);
  for (const id of rules) {
    await request.delete(`/api/monitoring/alert-rules/${id}`, { headers: { authorization } });
  }
  for (const id of channels) {
    await request.delete(`/api/monitoring/alert-channels/${id}`, { headers: { authorization } });
  }
}

/**
 * Waits until the evaluator has opened an incident of rule `ruleId` whose summary contains
 * `marker` (other tests' "new error group" rules may open one about the same error group).
 */
export async function waitForIncident(
  request: APIRequestContext,
  who: Caller,
  ruleId: string,
  marker: string,
): Promise<ListedIncident> {
  let found: ListedIncident | undefined;
  await expect
    .poll(
      async () => {
        const incidents = await call<ListedIncident[]>(
          request,
          who,
          'get',
          '/monitoring/incidents?kind=new_error_group&limitPerPage=100',
        );
        found = incidents.find(
          (incident) => incident.rule.id === ruleId && incident.summary.includes(marker),
        );
        return found !== undefined;
      },
      { message: `an incident about "${marker}"`, timeout: 45_000, intervals: [1_000] },
    )
    .toBe(true);
  return found!;
}

/**
 * An incident to look at: a "new error group" rule that tells no channel (so nobody gets mail),
 * then a browser error report the server has not seen before; the evaluator opens the incident on
 * its next pass. Delete `rule` once done: its incidents go with it.
 */
export async function seedIncident(request: APIRequestContext, who: Caller) {
  const word = uniqueWord();
  const marker = `Alerting failure ${word}`;
  const rule = await call<{ id: string }>(request, who, 'post', '/monitoring/alert-rules', {
    kind: 'new_error_group',
    name: `Seeded rule ${marker}`,
    channelIds: [],
  });
  const reported = await request.post('/api/monitoring/error-reports', {
    data: {
      kind: 'error',
      type: 'TypeError',
      message: marker,
      stack: `TypeError: ${marker}\n    at render_${word} (http://localhost/assets/alerts-with-a-long-name.js:1:2)`,
      url: '/monitoring/alerts',
    },
  });
  expect(reported.status()).toBe(202);
  const incident = await waitForIncident(request, who, rule.id, marker);
  return { rule, incident, marker };
}
