import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { VALIDATION_MESSAGES as M } from './messages.js';
import {
  bulkCreateSchema,
  changePasswordSchema,
  checkTokenQuerySchema,
  forgotPasswordSchema,
  listUsersQuerySchema,
  loginSchema,
  resetPasswordSchema,
  setupAccountSchema,
  updateProfileSchema,
  updateStatusSchema,
} from './schemas.js';

/** The first message per field, as the site shows and the server answers. */
function fieldErrors(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

const STRONG = 'Str0ng!pass';

describe('loginSchema', () => {
  it('asks for both fields when empty', () => {
    expect(fieldErrors(loginSchema, { email: '', password: '' })).toEqual({
      email: M.emailRequired,
      password: M.passwordRequired,
    });
  });

  it('treats missing fields like empty ones', () => {
    expect(fieldErrors(loginSchema, {})).toEqual({
      email: M.emailRequired,
      password: M.passwordRequired,
    });
  });

  it('says the email is invalid for a bad format, once', () => {
    expect(fieldErrors(loginSchema, { email: 'a@b', password: 'x' })).toEqual({
      email: 'Email is invalid.',
    });
  });

  it('trims the email and accepts any non-empty password', () => {
    expect(loginSchema.parse({ email: ' a@b.co ', password: 'x' })).toEqual({
      email: 'a@b.co',
      password: 'x',
    });
  });

  it('treats a blank email as missing', () => {
    expect(fieldErrors(loginSchema, { email: '   ', password: 'x' })).toEqual({
      email: 'Please enter email.',
    });
  });
});

describe('password strength', () => {
  const strength = (newPassword: string) =>
    fieldErrors(resetPasswordSchema, {
      token: 't',
      newPassword,
      confirmNewPassword: newPassword,
    }).newPassword;

  it.each([
    ['too short', 'Ab1!xyz'],
    ['no uppercase', 'str0ng!pass'],
    ['no lowercase', 'STR0NG!PASS'],
    ['no digit', 'Strong!pass'],
    ['no special character', 'Str0ngpass'],
  ])('refuses a password with %s', (_why, password) => {
    expect(strength(password)).toBe(
      'Please enter at least 8 characters, including a uppercase letter, lowercase letter, number and special character.',
    );
  });

  it('accepts exactly 8 characters with all four classes', () => {
    expect(strength('Ab1!wxyz')).toBeUndefined();
  });

  it('accepts a long passphrase without truncating it', () => {
    const passphrase = `Correct horse battery staple 42! ${'x'.repeat(90)}`;
    expect(passphrase.length).toBeGreaterThan(120);
    expect(strength(passphrase)).toBeUndefined();
    expect(
      resetPasswordSchema.parse({
        token: 't',
        newPassword: passphrase,
        confirmNewPassword: passphrase,
      }).newPassword,
    ).toBe(passphrase);
  });
});

describe('resetPasswordSchema', () => {
  it('has a message for every empty field', () => {
    expect(
      fieldErrors(resetPasswordSchema, { token: '', newPassword: '', confirmNewPassword: '' }),
    ).toEqual({
      token: M.tokenRequired,
      newPassword: M.newPasswordRequired,
      confirmNewPassword: M.confirmPasswordRequired,
    });
  });

  it('refuses a confirmation that differs', () => {
    expect(
      fieldErrors(resetPasswordSchema, {
        token: 't',
        newPassword: STRONG,
        confirmNewPassword: `${STRONG}x`,
      }),
    ).toEqual({ confirmNewPassword: "Password don't match." });
  });
});

describe('setupAccountSchema', () => {
  it('uses the setup messages', () => {
    expect(
      fieldErrors(setupAccountSchema, { token: 't', password: '', confirmedPassword: '' }),
    ).toEqual({
      password: 'Please enter password.',
      confirmedPassword: 'Please enter confirm password.',
    });
  });

  it('refuses a confirmation that differs and accepts a match', () => {
    expect(
      fieldErrors(setupAccountSchema, { token: 't', password: STRONG, confirmedPassword: 'other' }),
    ).toEqual({ confirmedPassword: M.passwordMismatch });
    expect(
      setupAccountSchema.safeParse({ token: 't', password: STRONG, confirmedPassword: STRONG })
        .success,
    ).toBe(true);
  });
});

describe('changePasswordSchema', () => {
  it('needs the current password and a strong, confirmed new one', () => {
    expect(
      fieldErrors(changePasswordSchema, {
        password: '',
        newPassword: 'weak',
        confirmNewPassword: 'weak',
      }),
    ).toEqual({ password: M.passwordRequired, newPassword: M.passwordStrength });
  });
});

describe('forgotPasswordSchema', () => {
  it('validates the email', () => {
    expect(fieldErrors(forgotPasswordSchema, { email: 'nobody' })).toEqual({
      email: M.emailInvalid,
    });
  });
});

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

describe('checkTokenQuerySchema', () => {
  it('knows both token types', () => {
    expect(
      checkTokenQuerySchema.safeParse({ token: 'x', jwtTokenType: 'confirmation_token' }).success,
    ).toBe(true);
    expect(checkTokenQuerySchema.safeParse({ token: 'x', jwtTokenType: 'access' }).success).toBe(
      false,
    );
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
