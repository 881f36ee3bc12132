import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients (RCPT TO). */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  mailsTo(address: string): ReceivedMail[];
  /** The `nth` (1-based) mail to this address, waiting for it to arrive. */
  waitForMail(
    address: string,
    options?: { nth?: number; timeoutMs?: number },
  ): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (port 0 picks a free one) that keeps every message, parsed.
 * STARTTLS is off: nodemailer would otherwise upgrade to TLS and refuse the self-signed certificate.
 */
export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const listeners = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    closeTimeout: 1_000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (parsed) => {
            received.push({
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
              from: parsed.from?.text ?? '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              raw: raw.toString('utf8'),
            });
            for (const listener of listeners) listener();
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP server has no port');

  const mailsTo = (to: string) => received.filter((mail) => mail.to.includes(to.toLowerCase()));

  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    mailsTo,
    waitForMail(to, { nth = 1, timeoutMs = 10_000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = mailsTo(to)[nth - 1];
          if (!mail) return;
          cleanup();
          resolve(mail);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no mail #${nth} to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Worker timings for tests: poll every 50 ms, retry after 100 ms, 200 ms … at most 1 s. */
export const FAST_MAIL_ENV = {
  MAIL_POLL_INTERVAL: '50ms',
  MAIL_RETRY_BASE: '100ms',
  MAIL_RETRY_MAX: '1s',
};

/** The link to one of the site's pages in a mail's text, and its token. */
export function linkIn(mail: ReceivedMail, page: string): { url: string; token: string } {
  const match = new RegExp(`https?://\\S+${page.replace(/[/?]/g, '\\$&')}\\?token=[\\w%-]+`).exec(
    mail.text,
  );
  if (!match) throw new Error(`no ${page} link in mail:\n${mail.text}`);
  const url = match[0];
  const token = new URL(url).searchParams.get('token');
  if (!token) throw new Error(`no token in ${url}`);
  return { url, token };
}
