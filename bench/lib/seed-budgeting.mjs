// Projects and cost entries for the benches that need Budgeting data (the budgeting bench, the
// seeded site of the screen audits): inserted with Kysely, on SQLite or PostgreSQL.
import { sql } from 'kysely';

/** The cost categories the entries cycle through (and costImportCsv's rows). */
export const COST_CATEGORIES = ['contractor', 'software', 'hardware', 'travel', 'other'];

/**
 * A CSV file of `rows` valid costs (every column the import needs, no currency: the project's), as
 * the budgeting bench imports it and the interactions bench previews it.
 * @param {number} rows
 */
export function costImportCsv(rows) {
  const lines = ['date,category,description,amount'];
  for (let i = 0; i < rows; i += 1) {
    const day = String((i % 28) + 1).padStart(2, '0');
    lines.push(
      `2026-0${(i % 9) + 1}-${day},${COST_CATEGORIES[i % COST_CATEGORIES.length]},Imported cost ${i},${(i % 5000) + 1}.${String(i % 100).padStart(2, '0')}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The id of the n-th seeded project.
 * @param {number} n
 */
export const projectId = (n) => `c0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * @typedef {object} SeedDatabase
 * @property {'sqlite' | 'postgres'} engine
 * @property {import('kysely').Kysely<any>} db
 */

/**
 * `projects` projects in GBP and USD (a fifth in USD), a tenth archived (never the first), owned
 * by `ownerId`; then `costEntries` entries spread over them in turn (entry n to project
 * n % projects) in one INSERT ... SELECT, and the totals the app keeps on each write, computed
 * once.
 * @param {SeedDatabase} database
 * @param {{ projects: number, costEntries: number, ownerId: string }} options
 */
export async function seedProjectsAndCosts({ db, engine }, { projects, costEntries, ownerId }) {
  const now = new Date().toISOString();
  const rows = Array.from({ length: projects }, (_, n) => {
    const code = `P-${String(n).padStart(5, '0')}`;
    const name = `Project ${n}`;
    const client = n % 3 === 0 ? 'Acme' : n % 3 === 1 ? 'Globex' : 'Initech';
    return {
      id: projectId(n),
      code,
      name,
      client,
      search_text: `${code}\n${name}\n${client}`.toLowerCase(),
      currency: n % 5 === 0 ? 'USD' : 'GBP',
      start_date: '2025-01-01',
      end_date: n % 4 === 0 ? null : '2026-12-31',
      status: n % 10 === 9 ? 'archived' : 'active',
      owner_id: ownerId,
      budget_minor: 5_000_000 + (n % 17) * 1_000_000,
      created_at: now,
      updated_at: now,
    };
  });
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto('projects')
      .values(rows.slice(start, start + 500))
      .execute();
  }
  const categories = sql.join(COST_CATEGORIES.map((c, i) => sql`(${sql.lit(i)}, ${sql.lit(c)})`));
  if (engine === 'postgres') {
    await sql`
      with categories(slot, name) as (values ${categories})
      insert into cost_entries (id, project_id, entry_date, category, description, amount_minor, created_at, updated_at)
      select
        ('d0000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid,
        ('c0000000-0000-4000-8000-' || lpad((n % ${sql.lit(projects)})::text, 12, '0'))::uuid,
        to_char(date '2025-01-01' + (n % 600)::int, 'YYYY-MM-DD'),
        categories.name,
        'Cost ' || n,
        (n * 7919) % 100000 + 100,
        ${now}::timestamptz,
        ${now}::timestamptz
      from generate_series(0::bigint, ${sql.lit(costEntries - 1)}) as n
      join categories on categories.slot = n % ${sql.lit(COST_CATEGORIES.length)}`.execute(db);
  } else {
    await sql`
      with recursive s(n) as (select 0 union all select n + 1 from s where n < ${sql.lit(costEntries - 1)}),
      categories(slot, name) as (values ${categories})
      insert into cost_entries (id, project_id, entry_date, category, description, amount_minor, created_at, updated_at)
      select
        printf('d0000000-0000-4000-8000-%012d', n),
        printf('c0000000-0000-4000-8000-%012d', n % ${sql.lit(projects)}),
        date('2025-01-01', '+' || (n % 600) || ' days'),
        categories.name,
        'Cost ' || n,
        (n * 7919) % 100000 + 100,
        ${now},
        ${now}
      from s join categories on categories.slot = s.n % ${sql.lit(COST_CATEGORIES.length)}`.execute(
      db,
    );
  }
  await sql`
    update projects set
      actual_minor = (select coalesce(sum(amount_minor), 0) from cost_entries where project_id = projects.id),
      cost_count = (select count(*) from cost_entries where project_id = projects.id)`.execute(db);
}
