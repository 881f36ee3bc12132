import { DocumentTitle } from '../../../components/ui/document-title.js';
import { SetupAccountForm } from '../../../features/auth/components/setup-account-form.js';
import { SetupLinkMissing } from '../../../features/auth/components/setup-link-missing.js';
import { VerifiedLinkGate } from '../../../features/auth/components/verified-link.js';

/** One screen for /auth/accept-invitation (the emailed link) and /auth/setup-account. */
export function SetupAccountRoute() {
  return (
    <>
      <DocumentTitle title="Set up your account" />
      <VerifiedLinkGate tokenType="confirmation_token" whenMissing={<SetupLinkMissing />}>
        {(link) => <SetupAccountForm {...link} />}
      </VerifiedLinkGate>
    </>
  );
}
