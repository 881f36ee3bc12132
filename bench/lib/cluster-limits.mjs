// The soak's checks that the limits live in Redis, not in a process: a lockout made through one
// process is refused by the other, and the per-address limit counts calls made to both. They call
// the processes directly (not through the proxy), as a client the trusted proxy names in
// X-Forwarded-For.
import { setTimeout as sleep } from 'node:timers/promises';

/** The per-address limit on sign-in and token calls the soak's processes run with. */
export const RATE_LIMIT_PER_MINUTE = 600;
/** LOGIN_FAILURES_BEFORE_LOCK of the soak's processes. */
const FAILURES_BEFORE_LOCK = 5;
const PASSWORD = 'Harbor-Lantern-42';

/** @typedef {{ url: string }} ClusterProcess */

/**
 * @param {ClusterProcess} process
 * @param {string} method
 * @param {string} path
 * @param {{ from: string, token?: string, body?: object }} options
 */
async function call(process, method, path, { from, token, body }) {
  const response = await fetch(`${process.url}${path}`, {
    method,
    headers: {
      'x-forwarded-for': from,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  await response.arrayBuffer();
  return response.status;
}

/**
 * A user invited through the first process and set up through the second (with the link of the
 * mail), then FAILURES_BEFORE_LOCK wrong passwords through the first: the right password through
 * the second must be refused with 429.
 * @param {{ first: ClusterProcess, second: ClusterProcess, accessToken: string,
 *   smtp: import('./smtp-sink.mjs').SmtpSink }} options
 */
export async function checkSharedLockout({ first, second, accessToken, smtp }) {
  const email = 'soak-lockout@example.com';
  const invited = await call(first, 'POST', '/api/users/bulk-create', {
    from: '198.51.100.60',
    token: accessToken,
    body: { users: [{ email, position: 'contractor' }] },
  });
  if (invited !== 201) throw new Error(`lockout check: the invitation answered ${invited}`);
  const deadline = performance.now() + 30_000;
  while (smtp.count(email) === 0) {
    if (performance.now() > deadline) throw new Error(`lockout check: no mail to ${email}`);
    await sleep(100);
  }
  const link = /https?:\/\/\S+accept-invitation\?token=[\w%-]+/.exec(await smtp.text(email));
  const token = link && new URL(link[0]).searchParams.get('token');
  if (!token) throw new Error('lockout check: no invitation link in the mail');
  const setup = await call(second, 'PATCH', '/api/users/setup', {
    from: '198.51.100.61',
    body: { token, password: PASSWORD, confirmedPassword: PASSWORD },
  });
  if (setup !== 200) throw new Error(`lockout check: the setup answered ${setup}`);

  const failures = [];
  for (let i = 0; i < FAILURES_BEFORE_LOCK; i += 1) {
    failures.push(
      await call(first, 'POST', '/api/auth/login', {
        from: `198.51.100.${70 + i}`,
        body: { email, password: 'Wrong-Lantern-42' },
      }),
    );
  }
  const onSecond = await call(second, 'POST', '/api/auth/login', {
    from: '198.51.100.80',
    body: { email, password: PASSWORD },
  });
  return {
    failuresOnFirst: failures.filter((status) => status === 400).length,
    rightPasswordOnSecond: onSecond,
    shared: failures.every((status) => status === 400) && onSecond === 429,
  };
}

/**
 * Calls to a limited route from one address, alternating between the two processes, until one is
 * refused: with a shared count the processes accept RATE_LIMIT_PER_MINUTE in all, not each.
 * @param {{ first: ClusterProcess, second: ClusterProcess }} options
 */
export async function checkSharedRateLimit({ first, second }) {
  const from = '198.51.100.90';
  const path = '/api/users/check-token?token=x&jwtTokenType=confirmation_token';
  let accepted = 0;
  let refusedBy = '';
  for (let i = 0; i <= 2 * RATE_LIMIT_PER_MINUTE; i += 1) {
    const status = await call(i % 2 === 0 ? first : second, 'GET', path, { from });
    if (status === 429) {
      refusedBy = i % 2 === 0 ? 'first' : 'second';
      break;
    }
    accepted += 1;
  }
  const other = await call(refusedBy === 'first' ? second : first, 'GET', path, { from });
  return {
    limit: RATE_LIMIT_PER_MINUTE,
    accepted,
    otherProcessAnswered: other,
    shared: refusedBy !== '' && accepted <= RATE_LIMIT_PER_MINUTE && other === 429,
  };
}
