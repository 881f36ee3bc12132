// The reference of every server throughput figure: a bare Fastify route that returns a constant
// JSON body shaped like the profile answer. No logger, no plugins, no schema, no database: what
// this machine can serve at best right now. Run as its own process: `node reference-server.mjs PORT`.
import Fastify from 'fastify';

export const REFERENCE_PATH = '/reference';

const BODY = {
  data: {
    id: '0b9a3c1e-6f3d-4d8e-9a57-2f1c9e4b7a10',
    email: 'bench-admin@example.com',
    fullName: 'Bench Admin',
    position: 'admin',
    status: 'active',
    imageUrl: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    invitedBy: null,
  },
};

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const port = Number(process.argv[2] ?? 0);
  const app = Fastify({ logger: false });
  app.get(REFERENCE_PATH, async () => BODY);
  await app.listen({ port, host: '127.0.0.1' });
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}
