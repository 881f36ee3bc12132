import { SSO_MESSAGES, isSsoRefusalReason } from '@staff-admin/shared';
import { Link, useSearchParams } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.js';
import { paths } from '../../../config/paths.js';
import { AuthFormHeader } from './auth-form-header.js';

export const SSO_REFUSED_TITLE = 'Could not sign you in';

/**
 * Where every refused company sign-in ends (`?reason=`): why, and what to do. Only a link the
 * visitor chooses leads on, so a refusal never loops back into the provider by itself. An
 * unknown reason reads as a spoilt request.
 */
export function SsoRefused() {
  const [searchParams] = useSearchParams();
  const given = searchParams.get('reason');
  const reason = isSsoRefusalReason(given) ? given : 'invalid_request';
  return (
    <div className="flex flex-col gap-6">
      <AuthFormHeader title={SSO_REFUSED_TITLE} />
      <p className="text-slate-800">{SSO_MESSAGES[reason]}</p>
      <Link
        to={paths.auth.login.path}
        className={buttonClassName({ size: 'large', fullWidth: true })}
      >
        Back to log in
      </Link>
    </div>
  );
}
