import { describe, expect, it } from 'vitest';
import { PASSKEY_NAME_MAX_LENGTH } from './constants.js';
import { TWO_STEP_MESSAGES as M } from './messages.js';
import { addPasskeySchema, renamePasskeySchema } from './schemas.js';

const RESPONSE = { id: 'credential', rawId: 'credential', type: 'public-key' };

/** The name's first message on adding and on renaming (they must agree), or null when valid. */
function nameErrors(name: unknown): [string | null, string | null] {
  const first = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.success ? null : (result.error?.issues[0]?.message ?? null);
  return [
    first(addPasskeySchema.safeParse({ name, response: RESPONSE })),
    first(renamePasskeySchema.safeParse({ name })),
  ];
}

describe('passkey name', () => {
  it.each([
    'Work laptop',
    'iPhone de Zoë',
    'โทรศัพท์ของฉัน',
    // An emoji made with zero-width joiners, which emoji and several scripts need.
    'Family phone 👨\u200d👩\u200d👧',
    'x'.repeat(PASSKEY_NAME_MAX_LENGTH),
  ])('accepts %s', (name) => {
    expect(nameErrors(name)).toEqual([null, null]);
  });

  it('trims the name, and asks for one when blank or too long', () => {
    expect(renamePasskeySchema.parse({ name: '  Work laptop ' }).name).toBe('Work laptop');
    expect(nameErrors('   ')).toEqual([M.passkeyNameRequired, M.passkeyNameRequired]);
    expect(nameErrors('x'.repeat(PASSKEY_NAME_MAX_LENGTH + 1))).toEqual([
      M.passkeyNameTooLong,
      M.passkeyNameTooLong,
    ]);
  });

  // The full name's rule (text.ts): what a list of passkeys could be disguised with.
  it.each([
    ['CR/LF', 'Work\r\nlaptop'],
    ['an escape sequence', 'Work \u001b[31mlaptop'],
    ['a right-to-left override', 'Work \u202epotpal'],
    ['a first-strong isolate', 'Work \u2068laptop\u2069'],
    ['a zero-width space', 'Work\u200blaptop'],
    ['a byte-order mark', 'Work\ufefflaptop'],
    ['a line separator', 'Work\u2028laptop'],
  ])('refuses a name with %s, on adding and renaming', (_what, name) => {
    expect(nameErrors(name)).toEqual([
      M.passkeyNameInvalidCharacters,
      M.passkeyNameInvalidCharacters,
    ]);
  });
});
