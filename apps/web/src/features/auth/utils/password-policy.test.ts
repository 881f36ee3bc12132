import { zodResolver } from '@hookform/resolvers/zod';
import { VALIDATION_MESSAGES, changePasswordSchema, setupAccountSchema } from '@staff-admin/shared';
import type { FieldValues, Resolver } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { withPasswordPolicy } from './password-policy.js';

const EMAIL = 'jane.doe@example.com';
const setup = withPasswordPolicy(zodResolver(setupAccountSchema), 'password', EMAIL);

/** The message under each field after a submit with `values`. */
async function messages<T extends FieldValues>(resolver: Resolver<T, unknown, T>, values: T) {
  const { errors } = await resolver(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return Object.fromEntries(
    Object.entries(errors).map(([field, error]) => [
      field,
      (error as { message?: string }).message,
    ]),
  );
}

const setupBody = (password: string, confirmedPassword = password) => ({
  token: 't',
  password,
  confirmedPassword,
});

describe('withPasswordPolicy', () => {
  it('passes a strong, uncommon password that does not hold the email', async () => {
    const body = setupBody('Tangerine-Kite-42');
    expect(await setup(body, undefined, { fields: {}, shouldUseNativeValidation: false })).toEqual({
      values: body,
      errors: {},
    });
  });

  it('refuses a common password, also with digits and symbols around it', async () => {
    for (const password of ['Password1!', '!!Dragon2024']) {
      expect(await messages(setup, setupBody(password))).toEqual({
        password: VALIDATION_MESSAGES.passwordCommon,
      });
    }
  });

  it("refuses a password holding the email's local part, on the named field", async () => {
    const change = withPasswordPolicy(zodResolver(changePasswordSchema), 'newPassword', EMAIL);
    const body = {
      password: 'Old-Secret1',
      newPassword: 'Jane.Doe-2025',
      confirmNewPassword: 'Jane.Doe-2025',
    };
    expect(await messages(change, body)).toEqual({
      newPassword: VALIDATION_MESSAGES.passwordContainsEmail,
    });
  });

  it('speaks while other fields fail, but only once the password meets the rules', async () => {
    expect(await messages(setup, setupBody('Password1!', ''))).toEqual({
      password: VALIDATION_MESSAGES.passwordCommon,
      confirmedPassword: VALIDATION_MESSAGES.confirmPasswordRequired,
    });
    // "password" is common, but the strength rule is the one shown.
    expect(await messages(setup, setupBody('password'))).toEqual({
      password: VALIDATION_MESSAGES.passwordStrength,
    });
  });
});
