import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLoad } from './lib/load.mjs';

// runLoad's request sequences, as the two-step sign-in figure uses them: one sample per pass.
const app = Fastify();
let url = '';
const hits = { first: 0, second: 0 };

beforeAll(async () => {
  app.post('/first', async () => {
    hits.first += 1;
    await sleep(20);
    return { data: { token: `t${hits.first}` } };
  });
  app.post<{ Body: { token: string } }>('/second', async (request, reply) => {
    hits.second += 1;
    await sleep(30);
    return request.body.token.startsWith('t') ? { data: null } : reply.code(400).send();
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(() => app.close());

describe('runLoad with a request sequence', () => {
  it('times each pass as one sample, its answers summed, and passes data between the calls', async () => {
    const headers = { 'content-type': 'application/json' };
    const result = await runLoad({
      url,
      connections: 2,
      durationSec: 3,
      maxOverallRequests: 2 * 2 * 3,
      requests: [
        {
          method: 'POST',
          path: '/first',
          headers,
          body: '{}',
          onResponse: (_status, body, context) => {
            (context as { token?: string }).token = JSON.parse(body).data.token;
          },
        },
        {
          method: 'POST',
          path: '/second',
          headers,
          setupRequest: (request, context) => ({
            ...request,
            body: JSON.stringify({ token: (context as { token?: string }).token }),
          }),
        },
      ],
    });
    expect(result.non2xx).toBe(0);
    expect(result.errors).toBe(0);
    // Three passes per connection, then maxOverallRequests ends the load (at autocannon's next
    // 1 s tick) well before its 3 s.
    expect(result.requests).toBe(6);
    expect(hits).toEqual({ first: 6, second: 6 });
    expect(result.durationSec).toBeLessThan(2.5);
    // Each sample holds both answers: at least the 20 ms and the 30 ms the routes wait.
    expect(result.p50Ms).toBeGreaterThanOrEqual(50);
  });
});
