// Run by logger.test.ts in its own process: a Fastify app with the server's logger in the
// pretty format answers one request; the lines it logs go to this process's stdout.
import Fastify from 'fastify';
import { createLogger, RequestLogController } from '../../src/lib/logger.js';

const app = Fastify({
  loggerInstance: createLogger('info', undefined, 'pretty'),
  logController: new RequestLogController(),
});
app.get('/api/things', async () => ({ data: [] }));
await app.inject({ method: 'GET', url: '/api/things' });
await app.close();
