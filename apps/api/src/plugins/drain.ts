import fp from 'fastify-plugin';
import type { Drain } from '../lib/drain.js';

/** Once the drain has begun (lib/drain.ts), every answer closes its connection. */
export const drainPlugin = fp<{ drain: Drain }>(
  async (app, { drain }) => {
    app.addHook('onSend', async (_request, reply) => {
      if (drain.active) reply.header('connection', 'close');
    });
  },
  { name: 'drain' },
);
