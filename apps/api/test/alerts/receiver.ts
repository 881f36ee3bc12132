import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  /** The raw body, as the signature covers it. */
  body: string;
}

export interface TestReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** The statuses to answer, in order; once used up, `fallback` (200 unless set). */
  answers: number[];
  fallback: number;
  stop(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 (a free port) that keeps every request it gets. */
export async function startReceiver(): Promise<TestReceiver> {
  const receiver: Omit<TestReceiver, 'url' | 'stop'> = { received: [], answers: [], fallback: 200 };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      receiver.received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.statusCode = receiver.answers.shift() ?? receiver.fallback;
      response.end(response.statusCode >= 400 ? 'receiver says no' : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/hooks/alerts`,
    stop: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  });
}

/** The headers `standardwebhooks`' verify takes. */
export const webhookHeaders = (headers: IncomingHttpHeaders) => ({
  'webhook-id': String(headers['webhook-id']),
  'webhook-timestamp': String(headers['webhook-timestamp']),
  'webhook-signature': String(headers['webhook-signature']),
});
