import Database from 'better-sqlite3';
import { mulberry32 } from '../search/names.mjs';

// First and last names from two lists of 20: "son" is in about 43 % of the people.
const FIRST =
  'James Mary Jason Madison Allison Robert Linda Michael Susan William Emma Olivia Noah Liam Sophia Ava Ethan Mason Harper Lucas'.split(
    ' ',
  );
const LAST =
  'Johnson Anderson Jackson Wilson Thompson Harrison Smith Brown Garcia Miller Davis Martinez Lee Walker Young King Wright Lopez Hill Scott'.split(
    ' ',
  );

/**
 * @typedef {object} Person
 * @property {string} first
 * @property {string} last
 * @property {string} email
 */

/**
 * The same people every time, from a seeded generator (the peer run seeds them into both sides).
 * @param {number} [count]
 * @returns {Person[]}
 */
export function people(count = 10_000) {
  const random = mulberry32(42);
  const pick = (/** @type {string[]} */ list) =>
    /** @type {string} */ (list[Math.floor(random() * list.length)]);
  return Array.from({ length: count }, (_, index) => {
    const first = pick(FIRST);
    const last = pick(LAST);
    return { first, last, email: `${first}.${last}.${index}@seed.example.com`.toLowerCase() };
  });
}

/**
 * Inserts the people, active contractors, into a bench server's SQLite file (the server runs; the
 * file is in WAL mode, so it sees them at once).
 * @param {string} file
 * @param {Person[]} seeded
 */
export function seedOurPeople(file, seeded) {
  const db = new Database(file, { timeout: 30_000 });
  try {
    const now = new Date().toISOString();
    const insert = db.prepare(
      `insert into users (id, email, full_name, full_name_lower, position, status,
         created_at, updated_at)
       values (?, ?, ?, ?, 'contractor', 'active', ?, ?)`,
    );
    db.transaction(() => {
      for (const person of seeded) {
        const fullName = `${person.first} ${person.last}`;
        insert.run(crypto.randomUUID(), person.email, fullName, fullName.toLowerCase(), now, now);
      }
    })();
    // No ANALYZE: the server never runs it, and its index samples would make SQLite prepare the
    // user-by-id select anew on every call (docs/operations.md, "SQLite statistics").
  } finally {
    db.close();
  }
}
