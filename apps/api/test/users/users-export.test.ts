import { randomUUID } from 'node:crypto';
import {
  USER_EXPORT_COLUMNS,
  USER_SORT_COLUMNS,
  userExportRow,
  type User,
} from '@staff-admin/shared';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { toIso } from '../../src/lib/clock.js';
import { NO_ORIGIN } from '../../src/modules/audit/audit-events.js';
import { fullNameKey } from '../../src/modules/users/users.repository.js';
import { UsersService } from '../../src/modules/users/users.service.js';
import {
  bearer,
  createSignedInAdmin,
  createSignedInUser,
  createTestApp,
  createUser,
  type TestApp,
} from '../helpers.js';

/**
 * GET /users/export.csv: exactly the rows the list's filter shows, in its order, every page;
 * UTF-8 with a BOM, RFC 4180 quoting, formula cells defused; read in keyset batches.
 */

const DAY = 24 * 60 * 60 * 1000;
const BOM = '\uFEFF';

let t: TestApp;
let adminToken: string;
let financeToken: string;

/** Names that a spreadsheet would run, or that need quoting. */
const TRICKY_NAMES = [
  '=HYPERLINK("http://evil.example","click")',
  '+1 555 0100',
  '-2+3',
  '@SUM(A1:A9)',
  '\tTabbed',
  '\rReturned',
  'Smith, "Jr."\nSecond line',
  'Zoë Ünal สมชาย',
];

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createSignedInAdmin(t, { email: 'ada@example.com' });
  adminToken = admin.tokens.access_token;
  const finance = await createSignedInUser(t, { position: 'finance', fullName: 'Finn Ance' });
  financeToken = finance.tokens.access_token;

  for (const [index, fullName] of TRICKY_NAMES.entries()) {
    await createUser(t, {
      email: `tricky${index}@example.com`,
      fullName,
      position: 'contractor',
      invitedBy: admin.id,
    });
  }
  // Ties in every sort column, never-signed-in users, one pending user with an invitation.
  const now = t.clock.now();
  for (const [index, status] of (['active', 'active', 'inactive', 'pending'] as const).entries()) {
    const user = await createUser(t, {
      email: `tie${index}@example.com`,
      fullName: index % 2 === 0 ? 'Same Name' : 'same name',
      position: 'project_owner',
      status,
      invitedBy: admin.id,
    });
    await t.db
      .updateTable('users')
      .set({
        created_at: toIso(now - 10 * DAY),
        last_login_at: status === 'pending' || index === 2 ? null : toIso(now - 3 * DAY),
      })
      .where('id', '=', user.id)
      .execute();
  }
  const resend = await t.app.inject({
    method: 'POST',
    url: '/api/users/resend',
    headers: bearer(adminToken),
    payload: { email: 'tie3@example.com' },
  });
  expect(resend.statusCode, resend.body).toBe(200);
});
afterAll(() => t.close());

function exportCsv(query: Record<string, string> = {}, token = adminToken) {
  return t.app.inject({
    method: 'GET',
    url: '/api/users/export.csv',
    query,
    headers: bearer(token),
  });
}

async function listAll(query: Record<string, string>): Promise<User[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/users',
    query: { all: 'true', ...query },
    headers: bearer(adminToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: User[] }>().data;
}

/** The file's records, the BOM checked and taken off. */
function records(body: string): string[][] {
  expect(body.startsWith(BOM)).toBe(true);
  // The server's own reader (the cost import's): it throws on a malformed record.
  return parse(body.slice(BOM.length), { record_delimiter: '\r\n', skip_empty_lines: true });
}

/** What a cell holds once written: a formula-like start defused with a '. */
const defused = (cell: string) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

const expectedRecords = (users: User[]) => [
  [...USER_EXPORT_COLUMNS],
  ...users.map((user) => userExportRow(user).map(defused)),
];

describe('GET /api/users/export.csv', () => {
  it('answers a UTF-8 CSV attachment named by the day, with a BOM and the header', async () => {
    const response = await exportCsv();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="users-${toIso(t.clock.now()).slice(0, 10)}.csv"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.body).toContain(`\r\n`);
    expect(records(response.body)[0]).toEqual([...USER_EXPORT_COLUMNS]);
  });

  it('holds exactly the users the list shows, in its order', async () => {
    const everyone = await listAll({});
    expect(records((await exportCsv()).body)).toEqual(expectedRecords(everyone));

    const queries: Record<string, string>[] = [
      { position: 'project_owner', sortBy: 'fullName', sortDirection: 'ASC' },
      { status: 'pending' },
      { neverSignedIn: 'true', sortBy: 'email', sortDirection: 'DESC' },
      { dormantDays: '2', sortBy: 'lastSignInAt', sortDirection: 'ASC' },
      { includeInactive: 'false', sortBy: 'lastSignInAt', sortDirection: 'DESC' },
      { search: 'tricky', sortBy: 'createdAt', sortDirection: 'ASC' },
      { search: 'nobody-here' },
    ];
    for (const query of queries) {
      const listed = await listAll(query);
      const response = await exportCsv(query);
      expect(response.statusCode).toBe(200);
      expect(records(response.body), JSON.stringify(query)).toEqual(expectedRecords(listed));
    }
    const tiesOnly = records((await exportCsv({ position: 'project_owner' })).body);
    expect(tiesOnly).toHaveLength(5);
  });

  it('writes the columns: role and status labels, ISO times, inviter, invitation expiry, 2-step', async () => {
    const [pending] = await listAll({ status: 'pending' });
    const [header, row] = records((await exportCsv({ status: 'pending' })).body);
    expect(header).toEqual([...USER_EXPORT_COLUMNS]);
    expect(row).toEqual([
      'same name',
      'tie3@example.com',
      'Project owner',
      'Pending',
      pending!.createdAt,
      '',
      'Ada Admin',
      pending!.invitation!.expiresAt,
      'Off',
    ]);
  });

  it('defuses formula cells and quotes commas, quotes and line breaks (RFC 4180)', async () => {
    const body = (await exportCsv({ search: 'tricky', sortBy: 'email', sortDirection: 'ASC' }))
      .body;
    const names = records(body)
      .slice(1)
      .map((row) => row[0]);
    expect(names).toEqual(TRICKY_NAMES.map(defused));
    expect(body).toContain(`\r\n"'=HYPERLINK(""http://evil.example"",""click"")",`);
    expect(body).toContain(`\r\n'+1 555 0100,`);
    expect(body).toContain(`\r\n'-2+3,`);
    expect(body).toContain(`\r\n'@SUM(A1:A9),`);
    expect(body).toContain(`\r\n'\tTabbed,`);
    expect(body).toContain(`\r\n"'\rReturned",`);
    expect(body).toContain(`\r\n"Smith, ""Jr.""\nSecond line",`);
    expect(body).toContain(`\r\nZoë Ünal สมชาย,`);
    // No line of the file starts with a formula character.
    for (const line of body.slice(BOM.length).split('\r\n')) expect(line).not.toMatch(/^[=+\-@]/);
  });

  it('is refused to everyone but admins, and checks its query', async () => {
    expect((await exportCsv({}, financeToken)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/users/export.csv' });
    expect(anonymous.statusCode).toBe(401);
    const invalid: Record<string, string>[] = [
      { dormantDays: '0' },
      { sortBy: 'password_hash' },
      { status: 'gone' },
    ];
    for (const query of invalid) {
      const response = await exportCsv(query);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe(400);
    }
  });

  it('is audited with the filter and the number of matches', async () => {
    t.clock.advance(1000); // after the other exports' events
    await exportCsv({ position: 'project_owner', sortBy: 'email', sortDirection: 'ASC' });
    const event = await t.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'user.list_exported')
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const admin = (await listAll({ position: 'admin' }))[0]!;
    expect(event).toMatchObject({ actor_id: admin.id, target_id: null, ip: '127.0.0.1' });
    expect(JSON.parse(event.details ?? '{}')).toEqual({
      filter: { includeInactive: true, position: 'project_owner' },
      sortBy: 'email',
      sortDirection: 'ASC',
      matches: 4,
    });
  });
});

describe('the export reads in keyset batches', () => {
  /** A users service like the app's, reading `batchSize` users per query. */
  const serviceWithBatches = (batchSize: number) =>
    new UsersService({
      repository: t.services.usersRepository,
      hasher: t.services.hasher,
      sessions: t.services.sessions,
      unitOfWork: t.services.unitOfWork,
      uploads: t.services.uploads,
      clock: t.clock,
      exportBatchSize: batchSize,
    });

  it('gives the list’s order for every sort, across batch ends that fall inside ties', async () => {
    const service = serviceWithBatches(2);
    const adminId = (await listAll({ position: 'admin' }))[0]!.id;
    for (const sortBy of USER_SORT_COLUMNS) {
      for (const sortDirection of ['ASC', 'DESC'] as const) {
        for (const position of [undefined, 'project_owner'] as const) {
          const listQuery: Record<string, string> = position
            ? { sortBy, sortDirection, position }
            : { sortBy, sortDirection };
          const expected = (await listAll(listQuery)).map((u) => u.id);
          const { batches } = await service.exportList(
            adminId,
            { includeInactive: true, sortBy, sortDirection, position },
            NO_ORIGIN,
          );
          const seen: string[] = [];
          for await (const batch of batches) {
            expect(batch.length).toBeGreaterThan(0);
            expect(batch.length).toBeLessThanOrEqual(2);
            seen.push(...batch.map((user) => user.id));
          }
          expect(seen, `${sortBy} ${sortDirection} ${position}`).toEqual(expected);
        }
      }
    }
  });

  it('a user who leaves the filter between batches shifts nothing', async () => {
    const service = serviceWithBatches(2);
    const adminId = (await listAll({ position: 'admin' }))[0]!.id;
    const expected = (
      await listAll({ search: 'tricky', sortBy: 'email', sortDirection: 'ASC' })
    ).map((u) => u.email);
    const { batches } = await service.exportList(
      adminId,
      { includeInactive: true, search: 'tricky', sortBy: 'email', sortDirection: 'ASC' },
      NO_ORIGIN,
    );
    const seen: string[] = [];
    let renamed = false;
    for await (const batch of batches) {
      seen.push(...batch.map((user) => user.email));
      if (!renamed) {
        // The first of the batch just read leaves the search.
        renamed = true;
        await t.db
          .updateTable('users')
          .set({ email: 'left@example.com' })
          .where('email', '=', batch[0]!.email)
          .execute();
      }
    }
    expect(seen).toEqual(expected);
    await t.db
      .updateTable('users')
      .set({ email: expected[0]! })
      .where('email', '=', 'left@example.com')
      .execute();
  });

  it('streams thousands of users in batches of 500, never one query for all', async () => {
    const COUNT = 1_234;
    const now = t.clock.now();
    for (let startAt = 0; startAt < COUNT; startAt += 250) {
      const rows = [];
      for (let index = startAt; index < Math.min(COUNT, startAt + 250); index += 1) {
        const fullName = `Load ${String(index).padStart(4, '0')}`;
        rows.push({
          id: randomUUID(),
          email: `load${index}@bulk.example`,
          full_name: fullName,
          full_name_lower: fullNameKey(fullName),
          position: 'contractor' as const,
          status: 'active' as const,
          created_at: toIso(now - index * 1000),
          updated_at: toIso(now),
          // Every third never signed in; the rest in pairs with the same time.
          last_login_at: index % 3 === 0 ? null : toIso(now - Math.floor(index / 2) * 60_000),
        });
      }
      await t.db.insertInto('users').values(rows).execute();
    }

    const findBatch = vi.spyOn(t.services.usersRepository, 'findBatch');
    try {
      const query = { search: 'bulk.example', sortBy: 'lastSignInAt', sortDirection: 'DESC' };
      const response = await exportCsv(query);
      expect(response.statusCode).toBe(200);
      const rows = records(response.body).slice(1);
      expect(rows).toHaveLength(COUNT);
      expect(rows.map((row) => row[1])).toEqual((await listAll(query)).map((u) => u.email));
      expect(findBatch.mock.calls.map((call) => call[2])).toEqual([500, 500, 500]);
      expect(findBatch.mock.calls[0]?.[1]).toBeNull();
    } finally {
      findBatch.mockRestore();
      await t.db.deleteFrom('users').where('email', 'like', '%@bulk.example').execute();
    }
  });
});
