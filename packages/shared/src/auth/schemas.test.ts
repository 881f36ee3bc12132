import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES as M } from '../common/messages.js';
import { fieldErrors } from '../testing/field-errors.js';
import {
  changePasswordSchema,
  checkTokenQuerySchema,
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  setupAccountSchema,
} from './schemas.js';

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
