import { DocumentTitle } from '../../../components/ui/document-title.js';
import { SSO_REFUSED_TITLE, SsoRefused } from '../../../features/auth/components/sso-refused.js';

export function SsoRefusedRoute() {
  return (
    <>
      <DocumentTitle title={SSO_REFUSED_TITLE} />
      <SsoRefused />
    </>
  );
}
