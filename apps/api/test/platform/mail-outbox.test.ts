import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/database.js';
import { createLogger } from '../../src/lib/logger.js';
import { createSealedBox } from '../../src/lib/sealed-box.js';
import { MailOutboxRepository } from '../../src/modules/mail/mail-outbox.repository.js';
import { MailOutbox } from '../../src/modules/mail/mail-outbox.js';
import { MailWorker } from '../../src/modules/mail/mail-worker.js';
import { createSmtpTransport } from '../../src/modules/mail/smtp-transport.js';
import {
  bearer,
  createTestApp,
  createUser,
  loginTokens,
  ManualClock,
  TEST_AUTH_SECRET,
  type TestApp,
  waitUntil,
} from '../helpers.js';
import { FAST_MAIL_ENV, linkIn, startSmtpServer, type TestSmtpServer } from '../smtp.js';

const forgot = (app: TestApp, email: string) =>
  app.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email } });

const outboxRow = (app: TestApp, email: string) =>
  app.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('recipient', '=', email)
    .executeTakeFirstOrThrow();

/** Time enough for any retry to come due and any claim's lease to run out. */
const pastRetriesAndLeases = (t: TestApp) => t.config.mail.retryMaxMs + t.config.mail.leaseMs;

/** Moves the clock past the next retry and lets the worker look at the outbox, until `condition`. */
async function retryUntil(t: TestApp, condition: () => Promise<boolean>, maxPasses = 20) {
  for (let pass = 0; !(await condition()); pass += 1) {
    if (pass >= maxPasses) throw new Error(`condition not met after ${maxPasses} passes`);
    t.clock.advance(t.config.mail.retryMaxMs);
    await t.app.mailWorker.nextPass();
  }
}

/**
 * Passes of the worker after every retry and lease ran out: a duplicate would go out in them. The
 * first, without moving the clock, finishes what was in hand (its claim must not run out mid-send).
 */
async function passesLater(t: TestApp, passes = 2) {
  await t.app.mailWorker.nextPass();
  for (let pass = 0; pass < passes; pass += 1) {
    t.clock.advance(pastRetriesAndLeases(t));
    await t.app.mailWorker.nextPass();
  }
}

function captureLogs() {
  const lines: string[] = [];
  const logger = createLogger('info', { write: (line: string) => lines.push(line) });
  const records = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { logger, records };
}

describe('an SMTP outage', () => {
  it('delays mail without failing the request, records the attempts, then delivers exactly once', async () => {
    const smtp = await startSmtpServer();
    const { port } = smtp;
    const t = await createTestApp({ env: { SMTP_URL: smtp.url, ...FAST_MAIL_ENV } });
    let revived: TestSmtpServer | undefined;
    try {
      const user = await createUser(t);
      await smtp.stop();

      const response = await forgot(t, user.email);
      expect(response.statusCode).toBe(200);

      // Every retry comes due as the clock moves, and fails while the relay is down.
      await retryUntil(t, async () => (await outboxRow(t, user.email)).attempts >= 3);
      const failing = await outboxRow(t, user.email);
      expect(failing.sent_at).toBeNull();
      expect(failing.last_error).toMatch(/ECONNREFUSED/);
      expect(failing.next_attempt_at > failing.created_at).toBe(true);
      expect(failing.body).not.toBeNull();

      revived = await startSmtpServer(port);
      const relay = revived;
      await retryUntil(t, async () => relay.received.length > 0);
      const mail = await revived.waitForMail(user.email);
      expect(linkIn(mail, '/auth/reset-password').token).toMatch(/^[\w-]{43}$/);
      await passesLater(t);
      expect(revived.received).toHaveLength(1);

      const sent = await outboxRow(t, user.email);
      expect(sent.sent_at).not.toBeNull();
      expect(sent.body).toBeNull();
      expect(sent.claim_id).toBeNull();
      expect(sent.attempts).toBeGreaterThanOrEqual(3);
    } finally {
      await t.close();
      await revived?.stop();
    }
  });
});

describe('a mail that cannot be delivered', () => {
  it('is given up after MAIL_MAX_ATTEMPTS failed attempts, kept with its error, and not retried', async () => {
    // A relay that refuses every connection.
    const t = await createTestApp({
      env: { SMTP_URL: 'smtp://127.0.0.1:9', ...FAST_MAIL_ENV, MAIL_MAX_ATTEMPTS: '3' },
    });
    try {
      const user = await createUser(t);
      expect((await forgot(t, user.email)).statusCode).toBe(200);
      await retryUntil(t, async () => (await outboxRow(t, user.email)).failed_at !== null);
      const failed = await outboxRow(t, user.email);
      expect(failed.attempts).toBe(3);
      expect(failed.sent_at).toBeNull();
      expect(failed.last_error).toMatch(/ECONNREFUSED/);
      // No worker claims it again.
      const claim = await new MailOutboxRepository(t.db, t.database.engine).claimNext({
        now: new Date(t.clock.now() + 86_400_000).toISOString(),
        claimId: crypto.randomUUID(),
        leaseUntil: new Date(t.clock.now() + 86_460_000).toISOString(),
        unloggedOnly: false,
      });
      expect(claim).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('is given up at once when the relay refuses the address for good (SMTP 550)', async () => {
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const { port } = refusing.server.address() as { port: number };
    const t = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, ...FAST_MAIL_ENV },
    });
    try {
      const user = await createUser(t);
      expect((await forgot(t, user.email)).statusCode).toBe(200);
      await waitUntil(async () => (await outboxRow(t, user.email)).failed_at !== null);
      const failed = await outboxRow(t, user.email);
      expect(failed.attempts).toBe(1);
      expect(failed.last_error).toMatch(/550/);
    } finally {
      await t.close();
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });
});

describe('without SMTP_URL', () => {
  it('keeps mail in the outbox and writes its text, with the link, to the log once', async () => {
    const { logger, records } = captureLogs();
    const t = await createTestApp({ env: FAST_MAIL_ENV, logger });
    try {
      const admin = await createUser(t, { position: 'admin' });
      const { access_token } = await loginTokens(t, admin);
      const email = `logged-${Date.now()}@example.com`;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/users/bulk-create',
        headers: bearer(access_token),
        payload: { users: [{ email, position: 'contractor' }] },
      });
      expect(response.statusCode).toBe(201);

      await waitUntil(async () => (await outboxRow(t, email)).logged_at !== null);
      // More passes, after any retry and lease ran out: it must not be logged again.
      await passesLater(t);
      const logged = records().filter((record) => record.to === email);
      expect(logged).toHaveLength(1);
      expect(logged[0]?.msg).toBe('mail not sent (SMTP_URL is unset); its text follows');
      expect(logged[0]?.subject).toBe('You are invited to Staff Admin');
      expect(String(logged[0]?.text)).toMatch(
        /http:\/\/localhost:3000\/auth\/accept-invitation\?token=[\w-]{43}/,
      );

      const row = await outboxRow(t, email);
      expect(row.sent_at).toBeNull();
      expect(row.attempts).toBe(0);
      expect(row.body).not.toBeNull();
      expect(records().some((record) => record.msg === 'mail sent')).toBe(false);
    } finally {
      await t.close();
    }
  });
});

describe('the outbox', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  const box = createSealedBox(TEST_AUTH_SECRET, 'mail-outbox');
  /** The clock of the workers and outboxes made here. */
  const clock = new ManualClock();

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // The app's own worker stays out of the way: it only logs (no SMTP_URL) and polls rarely.
    t = await createTestApp({ env: { MAIL_POLL_INTERVAL: '1h' } });
    await t.app.close();
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const worker = (
    database = t.database,
    options: { smtpUrl?: string; stopGraceMs?: number } = {},
  ) =>
    new MailWorker({
      repository: new MailOutboxRepository(database.db, database.engine),
      box,
      transport: createSmtpTransport(options.smtpUrl ?? smtp.url),
      config: {
        from: 'Staff Admin <no-reply@localhost>',
        pollIntervalMs: 50,
        retryBaseMs: 100,
        retryMaxMs: 1_000,
        leaseMs: 60_000,
        maxAttempts: 50,
        maxAgeMs: 86_400_000,
      },
      log: createLogger('silent'),
      clock,
      stopGraceMs: options.stopGraceMs,
    });

  async function enqueue(to: string, outbox = new MailOutbox(box, clock)) {
    await t.services.unitOfWork.run((scope) =>
      outbox.enqueue(scope, {
        template: 'password_changed',
        to,
        userId: null,
        subject: `Hello ${to}`,
        text: `text for ${to}`,
        html: `<p>html for ${to}</p>`,
      }),
    );
  }

  it('keeps no mail from a transaction that rolled back, and wakes nobody', async () => {
    let woken = 0;
    const outbox = new MailOutbox(box, clock, () => {
      woken += 1;
    });
    const to = `rolled-back-${Date.now()}@example.com`;
    await expect(
      t.services.unitOfWork.run(async (scope) => {
        await outbox.enqueue(scope, {
          template: 'invitation',
          to,
          userId: null,
          subject: 's',
          text: 't',
          html: 'h',
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(
      await t.db.selectFrom('mail_outbox').where('recipient', '=', to).selectAll().execute(),
    ).toEqual([]);
    expect(woken).toBe(0);

    await enqueue(`committed-${Date.now()}@example.com`, outbox);
    expect(woken).toBe(1);
  });

  it('stores the body sealed, never as readable text', async () => {
    const to = `sealed-${Date.now()}@example.com`;
    await enqueue(to);
    const row = await outboxRow(t, to);
    expect(row.body).not.toContain('text for');
    expect(row.body).toMatch(/^v1\./);
  });

  it('delivers every mail exactly once with two workers on the same outbox', async () => {
    const stamp = Date.now();
    const recipients = Array.from({ length: 12 }, (_, i) => `pair${i}-${stamp}@example.com`);
    for (const to of recipients) await enqueue(to);

    const second = createDatabase(t.config.database);
    const workers = [worker(), worker(second)];
    try {
      for (const w of workers) w.start();
      await Promise.all(recipients.map((to) => smtp.waitForMail(to)));
      // Each worker finishes what it has in hand; then two more passes of each after every retry
      // and lease ran out: a duplicate would go out then.
      await Promise.all(workers.map((w) => w.nextPass()));
      for (let pass = 0; pass < 2; pass += 1) {
        clock.advance(120_000);
        await Promise.all(workers.map((w) => w.nextPass()));
      }
      for (const to of recipients) expect(smtp.mailsTo(to), to).toHaveLength(1);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
      await second.db.destroy();
    }
  });

  it('leaves a mail claimed by another worker alone until that claim expires', async () => {
    const to = `leased-${Date.now()}@example.com`;
    await enqueue(to);
    // A worker that claimed it and died: its lease runs 400 ms from now.
    await t.db
      .updateTable('mail_outbox')
      .set({
        claim_id: '00000000-0000-4000-8000-000000000001',
        claimed_until: new Date(clock.now() + 400).toISOString(),
      })
      .where('recipient', '=', to)
      .execute();

    const w = worker();
    try {
      w.start();
      clock.advance(399);
      await w.nextPass();
      expect(smtp.mailsTo(to)).toEqual([]);
      clock.advance(1);
      await w.nextPass();
      await smtp.waitForMail(to);
      await waitUntil(async () => (await outboxRow(t, to)).sent_at !== null);
      expect(smtp.mailsTo(to)).toHaveLength(1);
    } finally {
      await w.stop();
    }
  });

  it('wakes at once on an enqueue instead of waiting for the next poll', async () => {
    const slow = new MailWorker({
      repository: new MailOutboxRepository(t.db, t.database.engine),
      box,
      transport: createSmtpTransport(smtp.url),
      config: {
        from: 'Staff Admin <no-reply@localhost>',
        pollIntervalMs: 60_000,
        retryBaseMs: 100,
        retryMaxMs: 1_000,
        leaseMs: 60_000,
        maxAttempts: 50,
        maxAgeMs: 86_400_000,
      },
      log: createLogger('silent'),
      clock,
    });
    try {
      slow.start();
      // Its first look at the outbox is over: it sleeps until the next poll, a minute away.
      await slow.nextPass();
      const to = `woken-${Date.now()}@example.com`;
      await enqueue(to, new MailOutbox(box, clock, () => slow.notify()));
      await smtp.waitForMail(to, { timeoutMs: 2_000 });
    } finally {
      const started = Date.now();
      await slow.stop();
      // Stopping does not wait out the poll interval.
      expect(Date.now() - started).toBeLessThan(1_000);
    }
  });

  it('stops while a send hangs without losing the mail: the next worker delivers it', async () => {
    let dataStarted = false;
    const hanging = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      disableReverseLookup: true,
      closeTimeout: 100,
      // Reads the message and never answers, like a server that stalls after DATA.
      onData(stream) {
        dataStarted = true;
        stream.resume();
      },
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const address = hanging.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');

    const to = `stalled-${Date.now()}@example.com`;
    await enqueue(to);
    const stalled = worker(t.database, {
      smtpUrl: `smtp://127.0.0.1:${address.port}`,
      stopGraceMs: 200,
    });
    try {
      stalled.start();
      await waitUntil(async () => dataStarted);
      const started = Date.now();
      await stalled.stop();
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await new Promise<void>((resolve) => hanging.close(() => resolve()));
    }
    const row = await outboxRow(t, to);
    expect(row.sent_at).toBeNull();
    expect(row.claim_id).toBeNull();
    expect(row.attempts).toBe(1);

    // Its retry comes due.
    clock.advance(1_000);
    const next = worker();
    try {
      next.start();
      await smtp.waitForMail(to);
      await waitUntil(async () => (await outboxRow(t, to)).sent_at !== null);
      expect(smtp.mailsTo(to)).toHaveLength(1);
    } finally {
      await next.stop();
    }
  });
});
