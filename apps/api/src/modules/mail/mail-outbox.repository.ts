import type { Insertable, Kysely } from 'kysely';
import type { DbEngine } from '../../db/database.js';
import type { DB, MailOutboxTable } from '../../db/schema.js';

/** A mail reserved for one worker until `claimed_until`. */
export interface ClaimedMail {
  id: string;
  claimId: string;
  template: string;
  recipient: string;
  subject: string;
  body: string | null;
  attempts: number;
  created_at: string;
  link_token_id: string | null;
}

export interface ClaimRequest {
  now: string;
  claimId: string;
  leaseUntil: string;
  /** Without SMTP the worker only logs mail, so mail it has already logged is not due. */
  unloggedOnly: boolean;
}

/** Longest failure text kept in `last_error`. */
const ERROR_MAX_LENGTH = 1_000;

export class MailOutboxRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly engine: DbEngine,
  ) {}

  async insert(row: Insertable<MailOutboxTable>): Promise<void> {
    await this.db.insertInto('mail_outbox').values(row).execute();
  }

  /**
   * Reserves the oldest due mail in one statement, so two workers never hold the same row: an
   * UPDATE is a write transaction of its own on SQLite, and on PostgreSQL `FOR UPDATE SKIP LOCKED`
   * lets concurrent workers pass over rows another one is claiming. A claim whose lease ran out
   * (a worker that died mid-send) is due again. A poll that finds nothing due only reads: on
   * SQLite a write waits for the file's lock, holding up the whole process while another process
   * writes, and each would be a commit to the log every poll.
   */
  async claimNext({ now, claimId, leaseUntil, unloggedOnly }: ClaimRequest) {
    let due = this.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('sent_at', 'is', null)
      .where('failed_at', 'is', null)
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
      .orderBy('next_attempt_at')
      .orderBy('created_at')
      .limit(1);
    if (unloggedOnly) due = due.where('logged_at', 'is', null);
    if (!(await due.executeTakeFirst())) return undefined; // an idle poll only reads
    if (this.engine === 'postgres') due = due.forUpdate().skipLocked();

    const row = await this.db
      .updateTable('mail_outbox')
      .set({ claim_id: claimId, claimed_until: leaseUntil })
      .where('id', 'in', due)
      .returning([
        'id',
        'template',
        'recipient',
        'subject',
        'body',
        'attempts',
        'created_at',
        'link_token_id',
      ])
      .executeTakeFirst();
    return row && ({ ...row, claimId } satisfies ClaimedMail);
  }

  /**
   * The SMTP server accepted it: done for good; the body (with its link) is dropped. The send
   * counts as an attempt, and an earlier failure's error goes: it no longer describes the mail.
   */
  async markSent(id: string, claimId: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('mail_outbox')
      .set((eb) => ({
        sent_at: now,
        attempts: eb('attempts', '+', 1),
        last_error: null,
        body: null,
        claim_id: null,
        claimed_until: null,
      }))
      .where('id', '=', id)
      .where('claim_id', '=', claimId)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async markFailed(
    id: string,
    claimId: string,
    failure: { error: string; nextAttemptAt: string; failedAt?: string },
  ): Promise<void> {
    await this.db
      .updateTable('mail_outbox')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        last_error: failure.error.slice(0, ERROR_MAX_LENGTH),
        next_attempt_at: failure.nextAttemptAt,
        failed_at: failure.failedAt ?? null,
        claim_id: null,
        claimed_until: null,
      }))
      .where('id', '=', id)
      .where('claim_id', '=', claimId)
      .execute();
  }

  /** Written to the log instead of sent (no SMTP_URL): kept unsent, but never logged again. */
  async markLogged(id: string, claimId: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('mail_outbox')
      .set({ logged_at: now, claim_id: null, claimed_until: null })
      .where('id', '=', id)
      .where('claim_id', '=', claimId)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Gives a claimed mail back at once (a worker stopping before it tried to send it). */
  async release(id: string, claimId: string): Promise<void> {
    await this.db
      .updateTable('mail_outbox')
      .set({ claim_id: null, claimed_until: null })
      .where('id', '=', id)
      .where('claim_id', '=', claimId)
      .execute();
  }

  /**
   * Makes an unsent mail that failed at least once (or was given up) due now, a dead letter
   * included: it is given up again after one more failed attempt. Never one a worker is sending.
   * False when the mail is not (or no longer) in such a state (Monitoring › Mail's retry).
   */
  async retryNow(id: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: now, failed_at: null })
      .where('id', '=', id)
      .where('sent_at', 'is', null)
      .where((eb) => eb.or([eb('failed_at', 'is not', null), eb('attempts', '>', 0)]))
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /**
   * Gives up an unsent mail no worker is sending: failed, with `reason` as its last error
   * (Monitoring › Mail's cancel). False when the mail is not (or no longer) in such a state.
   */
  async cancel(id: string, now: string, reason: string): Promise<boolean> {
    const result = await this.db
      .updateTable('mail_outbox')
      .set({ failed_at: now, last_error: reason.slice(0, ERROR_MAX_LENGTH) })
      .where('id', '=', id)
      .where('sent_at', 'is', null)
      .where('failed_at', 'is', null)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }
}
