import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES as M } from '../common/messages.js';
import { fieldErrors } from '../testing/field-errors.js';
import {
  bulkCreateSchema,
  listUsersQuerySchema,
  updateProfileSchema,
  updateStatusSchema,
} from './schemas.js';

describe('full name', () => {
  it.each([
    'Alice Smith',
    'สมชาย ใจดี',
    'Zoë O’Brien',
    // Persian with a zero-width non-joiner, which the script needs.
    'مهرداد می\u200cخواهد',
  ])('accepts %s', (fullName) => {
    expect(updateProfileSchema.safeParse({ fullName }).success).toBe(true);
  });

  it('asks for a full name when empty or blank (SPEC message has no full stop)', () => {
    expect(fieldErrors(updateProfileSchema, { fullName: '  ' })).toEqual({
      fullName: 'Please enter full name',
    });
  });

  it.each([
    ['NUL', 'Ann\u0000Lee'],
    ['CR/LF', 'Ann\r\nLee'],
    ['a tab', 'Ann\tLee'],
    ['a right-to-left override', 'Ann \u202eeeL'],
    ['a first-strong isolate', 'Ann \u2068Lee\u2069'],
    ['a zero-width space', 'Ann\u200bLee'],
    ['a byte-order mark', 'Ann\ufeffLee'],
    ['a line separator', 'Ann\u2028Lee'],
  ])('refuses a name with %s', (_what, fullName) => {
    expect(fieldErrors(updateProfileSchema, { fullName })).toEqual({
      fullName: M.fullNameInvalidCharacters,
    });
  });

  it('trims the name', () => {
    expect(updateProfileSchema.parse({ fullName: '  สมชาย  ' }).fullName).toBe('สมชาย');
  });

  it('allows removing the picture with null and refuses a non-path image url', () => {
    expect(updateProfileSchema.safeParse({ fullName: 'A', imageUrl: null }).success).toBe(true);
    expect(
      updateProfileSchema.safeParse({ fullName: 'A', imageUrl: 'javascript:alert(1)' }).success,
    ).toBe(false);
  });
});

describe('updateStatusSchema', () => {
  it('lets admins switch between active and inactive only', () => {
    expect(updateStatusSchema.safeParse({ status: 'inactive' }).success).toBe(true);
    expect(updateStatusSchema.safeParse({ status: 'pending' }).success).toBe(false);
  });
});

describe('bulkCreateSchema', () => {
  it('takes 1 to 100 rows', () => {
    const rows = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ email: `p${i}@b.co`, position: 'contractor' }));
    expect(fieldErrors(bulkCreateSchema, { users: [] })).toEqual({
      users: 'Please add at least one person to invite.',
    });
    expect(bulkCreateSchema.safeParse({ users: rows(100) }).success).toBe(true);
    expect(fieldErrors(bulkCreateSchema, { users: rows(101) })).toEqual({
      users: 'Please invite at most 100 people at once.',
    });
  });

  it('refuses an email that stands twice, in any case', () => {
    expect(
      fieldErrors(bulkCreateSchema, {
        users: [
          { email: 'a@b.co', position: 'admin' },
          { email: 'c@b.co', position: 'admin' },
          { email: ' A@B.co', position: 'finance' },
        ],
      }),
    ).toEqual({ 'users.2.email': 'This email appears more than once in the list.' });
  });

  it('asks for a role', () => {
    expect(fieldErrors(bulkCreateSchema, { users: [{ email: 'a@b.co' }] })).toEqual({
      'users.0.position': 'Please select role',
    });
  });

  it('reports the row and field of a bad email', () => {
    expect(
      fieldErrors(bulkCreateSchema, {
        users: [
          { email: 'a@b.co', position: 'admin' },
          { email: 'bad', position: 'admin' },
        ],
      }),
    ).toEqual({ 'users.1.email': M.emailInvalid });
  });
});

describe('listUsersQuerySchema', () => {
  it('has the contract defaults', () => {
    expect(listUsersQuerySchema.parse({})).toEqual({
      page: 1,
      limitPerPage: 10,
      sortBy: 'createdAt',
      sortDirection: 'DESC',
      includeInactive: true,
    });
  });

  it('parses query strings', () => {
    expect(
      listUsersQuerySchema.parse({
        search: ' ann ',
        all: 'true',
        page: '3',
        limitPerPage: '100',
        sortBy: 'email',
        sortDirection: 'asc',
        includeInactive: 'false',
      }),
    ).toEqual({
      search: 'ann',
      all: true,
      page: 3,
      limitPerPage: 100,
      sortBy: 'email',
      sortDirection: 'ASC',
      includeInactive: false,
    });
  });

  it.each([
    { page: '0' },
    { page: 'x' },
    { limitPerPage: '101' },
    { limitPerPage: '0' },
    { sortBy: 'password_hash' },
    { sortDirection: 'sideways' },
    { includeInactive: 'yes' },
    { search: '\u0000abc' },
    { search: 'a\nb' },
  ])('refuses %o', (query) => {
    expect(listUsersQuerySchema.safeParse(query).success).toBe(false);
  });
});
