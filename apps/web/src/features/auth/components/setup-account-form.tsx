import { TOAST_MESSAGES, setupAccountSchema } from '@staff-admin/shared';
import { useSetupAccount } from '../api/setup-account.js';
import { NewPasswordForm } from './new-password-form.js';
import { SsoLink } from './sso-link.js';
import type { VerifiedLink } from './verified-link.js';

/**
 * SPEC §2's account setup: the invited user chooses a password and is signed in with it, or
 * signs in with the company's provider when that is configured (issue 35).
 */
export function SetupAccountForm(link: VerifiedLink) {
  const setupAccount = useSetupAccount();
  return (
    <NewPasswordForm
      {...link}
      schema={setupAccountSchema}
      passwordField="password"
      confirmationField="confirmedPassword"
      title="Set up your account"
      intro="Create a password to activate your account."
      passwordLabel="Create password"
      submit={setupAccount.mutateAsync}
      successMessage={TOAST_MESSAGES.registered}
      // Company sign-in finishes an invited person's set-up too, with no password.
      footer={<SsoLink />}
    />
  );
}
