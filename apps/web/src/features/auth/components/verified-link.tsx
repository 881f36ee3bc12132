import { TOAST_MESSAGES, type TokenType } from '@staff-admin/shared';
import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.js';
import { paths } from '../../../config/paths.js';
import { useCheckToken } from '../api/check-token.js';
import type { RedirectErrorState } from '../hooks/use-redirect-error-toast.js';

/** What a checked, valid link gives the page behind it. */
export interface VerifiedLink {
  token: string;
  email: string;
}

interface VerifiedLinkGateProps {
  tokenType: TokenType;
  /** Shown when the address carries no token; by default the visitor goes to login. */
  whenMissing?: ReactNode;
  children: (link: VerifiedLink) => ReactNode;
}

function ToLogin({ error, tokenType }: { error?: string; tokenType?: TokenType }) {
  const link = tokenType === 'reset_password_token' ? 'reset' : 'invitation';
  const state: RedirectErrorState | undefined = error ? { error, link } : undefined;
  return <Navigate to={paths.auth.login.path} replace state={state} />;
}

/**
 * The `?token=` of an emailed link, checked with the server before its page shows (SPEC §8):
 * no token goes to login; a failing check to login with 'Invalid token.'; an expired token to
 * login with 'Token is expired.'. The login screen shows those errors in a toast.
 */
export function VerifiedLinkGate({ tokenType, whenMissing, children }: VerifiedLinkGateProps) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') || null;
  const check = useCheckToken(token, tokenType);

  if (token === null) return whenMissing ?? <ToLogin />;
  // Whatever made the check fail (SPEC §8 draws no line), the link cannot be used.
  if (check.isError) return <ToLogin error={TOAST_MESSAGES.invalidToken} tokenType={tokenType} />;
  if (check.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner text="Checking your link…" />
      </div>
    );
  }
  if (check.data.tokenStatus === 'expired') {
    return <ToLogin error={TOAST_MESSAGES.tokenExpired} tokenType={tokenType} />;
  }
  return children({ token, email: check.data.user.email });
}
