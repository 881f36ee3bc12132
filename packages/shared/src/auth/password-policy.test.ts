import { describe, expect, it } from 'vitest';
// The generator is the source of truth for the shipped list; this checks the file has not drifted.
import { topCommonPasswords } from '../../../../scripts/generate-common-passwords.mjs';
import { COMMON_PASSWORDS_TEXT } from './common-passwords.js';
import { passwordPolicyProblem } from './password-policy.js';

const COMMON = 'This password is too common. Please choose another one.';
const HAS_EMAIL = 'Please choose a password that does not contain your email.';

describe('passwordPolicyProblem', () => {
  it('ships exactly the 10,000 most common passwords of the source list', () => {
    const shipped = COMMON_PASSWORDS_TEXT.split('\n');
    expect(shipped).toHaveLength(10_000);
    expect(shipped).toEqual(topCommonPasswords());
  });

  it.each(['P@ssw0rd', 'p@ssw0rd', 'Password1!', '!!Dragon2024', 'Football#1', 'Sasha_007'])(
    'refuses the common password %s',
    (password) => {
      expect(passwordPolicyProblem(password)).toBe(COMMON);
    },
  );

  it.each(['Tr4ck!ng-Bugs', 'Correct horse battery staple 42!', 'Zq7#mLp2vX'])(
    'accepts %s',
    (password) => {
      expect(passwordPolicyProblem(password, 'someone@company.test')).toBeUndefined();
    },
  );

  it('refuses a password containing the email local part, in any case', () => {
    expect(passwordPolicyProblem('Quillon#2026', 'quillon@company.test')).toBe(HAS_EMAIL);
    expect(passwordPolicyProblem('xxJ.Smith99!', 'j.smith@company.test')).toBe(HAS_EMAIL);
  });

  it('ignores very short local parts, which would refuse too much', () => {
    expect(passwordPolicyProblem('Zq7#mLp2vX-jo', 'jo@company.test')).toBeUndefined();
  });

  it('accepts a 128-character passphrase without truncation', () => {
    const passphrase = `Tr4ck!ng ${'bugs and boards '.repeat(8)}`.slice(0, 128);
    expect(passphrase).toHaveLength(128);
    expect(passwordPolicyProblem(passphrase, 'casey@company.test')).toBeUndefined();
  });
});
