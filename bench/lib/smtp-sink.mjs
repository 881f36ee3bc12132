import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * @typedef {object} SmtpSink
 * @property {string} url smtp://127.0.0.1:<port>, for the servers' SMTP_URL
 * @property {(address: string) => number} count how many mails arrived for this recipient
 * @property {(address: string) => Promise<string>} text the text of the first mail to this
 *   recipient, parsed (it must have arrived)
 * @property {() => Promise<void>} stop
 */

/**
 * A real SMTP server on a free 127.0.0.1 port that keeps every message it accepts, by envelope
 * recipient (apps/api/test/smtp.ts is the tests' twin). smtp-server and mailparser are the API's
 * own dev dependencies.
 * @param {string} root repository root
 * @returns {Promise<SmtpSink>}
 */
export async function startSmtpSink(root) {
  const require = createRequire(join(root, 'apps/api/package.json'));
  const { SMTPServer } = require('smtp-server');
  const { simpleParser } = require('mailparser');
  /** @type {Map<string, Buffer[]>} */
  const byRecipient = new Map();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    closeTimeout: 1_000,
    /**
     * @param {NodeJS.ReadableStream} stream
     * @param {{ envelope: { rcptTo: { address: string }[] } }} session
     * @param {(error?: Error) => void} callback
     */
    onData(stream, session, callback) {
      /** @type {Buffer[]} */
      const chunks = [];
      stream.on('data', (/** @type {Buffer} */ chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        for (const { address } of session.envelope.rcptTo) {
          const key = address.toLowerCase();
          byRecipient.set(key, [...(byRecipient.get(key) ?? []), raw]);
        }
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(undefined));
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('the SMTP server has no port');
  const { port } = address;
  return {
    url: `smtp://127.0.0.1:${port}`,
    count: (address) => byRecipient.get(address.toLowerCase())?.length ?? 0,
    text: async (address) => {
      const raw = byRecipient.get(address.toLowerCase())?.[0];
      if (!raw) throw new Error(`no mail to ${address}`);
      return (await simpleParser(raw)).text ?? '';
    },
    stop: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
