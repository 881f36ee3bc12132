import type { ListMailQuery, MailKind, MailState } from '@staff-admin/shared';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema.js';

/** One outbox row as the Mail screen needs it: never the body (sealed, with its link). */
export interface OutboxMailRow {
  id: string;
  kind: MailKind;
  /** Unmasked: the service masks it. */
  recipient: string;
  state: MailState;
  attempts: number;
  nextAttemptAt: string;
  createdAt: string;
  sentAt: string | null;
  failedAt: string | null;
  lastError: string | null;
}

const SORT_COLUMNS = { createdAt: 'created_at', attempts: 'attempts' } as const;

/**
 * The state of a mail at `now`, from its columns: sent and failed are final; a live claim is a
 * send under way; a mail written to the log (no SMTP) waits there; otherwise failed attempts make
 * it retrying, none queued. `logged` counts only while SMTP is unset: with SMTP a logged mail is
 * due like any other.
 */
export function mailStateOf(now: string, smtp: boolean) {
  const logged = smtp ? sql`` : sql`when logged_at is not null then 'logged'`;
  return sql<MailState>`case
    when sent_at is not null then 'sent'
    when failed_at is not null then 'failed'
    when claimed_until is not null and claimed_until > ${now} then 'sending'
    ${logged}
    when attempts > 0 then 'retrying'
    else 'queued' end`;
}

/**
 * Monitoring › Mail: the outbox as admins read it. Its writes (the worker's, retry and cancel) are
 * the mail module's (mail-outbox.repository.ts).
 */
export class MailMonitoringRepository {
  constructor(private readonly db: Kysely<DB>) {}

  private select(now: string, smtp: boolean) {
    return this.db
      .selectFrom('mail_outbox')
      .select([
        'id',
        sql<MailKind>`template`.as('kind'),
        'recipient',
        mailStateOf(now, smtp).as('state'),
        'attempts',
        'next_attempt_at as nextAttemptAt',
        'created_at as createdAt',
        'sent_at as sentAt',
        'failed_at as failedAt',
        'last_error as lastError',
      ]);
  }

  async findPage(
    query: ListMailQuery,
    { now, smtp }: { now: string; smtp: boolean },
  ): Promise<{ mails: OutboxMailRow[]; total: number }> {
    const conditions = (state: Expression<MailState>) => {
      const where: Expression<SqlBool>[] = [];
      if (query.state) where.push(sql<SqlBool>`${state} = ${query.state}`);
      if (query.kind) where.push(sql<SqlBool>`template = ${query.kind}`);
      return where;
    };
    const { total } = await this.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where((eb) => eb.and(conditions(mailStateOf(now, smtp))))
      .executeTakeFirstOrThrow();
    const direction = query.sortDirection === 'ASC' ? 'asc' : 'desc';
    const rows = await this.select(now, smtp)
      .where((eb) => eb.and(conditions(mailStateOf(now, smtp))))
      .orderBy(SORT_COLUMNS[query.sortBy], direction)
      .orderBy('id', direction)
      .limit(query.limitPerPage)
      .offset((query.page - 1) * query.limitPerPage)
      .execute();
    return { mails: rows.map(toRow), total: Number(total) };
  }

  async findById(id: string, now: string, smtp: boolean): Promise<OutboxMailRow | undefined> {
    const row = await this.select(now, smtp).where('id', '=', id).executeTakeFirst();
    return row && toRow(row);
  }
}

function toRow(row: OutboxMailRow): OutboxMailRow {
  return { ...row, attempts: Number(row.attempts) };
}
