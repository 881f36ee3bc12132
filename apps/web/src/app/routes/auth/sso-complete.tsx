import { useMemo } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { DocumentTitle } from '../../../components/ui/document-title.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { paths } from '../../../config/paths.js';
import { useSsoExchange } from '../../../features/auth/api/exchange-sso-code.js';
import { AuthFormHeader } from '../../../features/auth/components/auth-form-header.js';
import type { SignInResult } from '../../../lib/auth.js';
import { returnPath } from '../../../lib/return-to.js';
import { afterLogin } from './after-login.js';

const TITLE = 'Signing you in';

/** Where the exchange's answer leads, with the router state the next page reads. */
function nextPage(result: SignInResult, from: string | null): { to: string; state?: unknown } {
  if (result.secondStep) {
    return { to: paths.auth.twoStep.path, state: { challenge: result.secondStep, from } };
  }
  return { to: afterLogin(result.user, from), state: from ? { from } : undefined };
}

/**
 * /auth/sso/complete?code=: company sign-in comes back here from the server's callback. The code
 * is exchanged for the answer a password sign-in gives, and the visit goes on exactly as after
 * one: signed in, to the page first asked for (`returnTo`, which the server passes on); or to
 * the second step. A code that does not work ends on the refusal page.
 */
export function SsoCompleteRoute() {
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code') || null;
  const returnTo = searchParams.get('returnTo');
  const exchange = useSsoExchange(code);
  // One object per answer: <Navigate> navigates again whenever its state changes identity, and
  // this page renders on while the next one loads.
  const next = useMemo(
    () => (exchange.data ? nextPage(exchange.data, returnPath({ from: returnTo })) : null),
    [exchange.data, returnTo],
  );

  if (code === null || exchange.isError) {
    return <Navigate to={paths.auth.ssoRefused.getHref('invalid_request')} replace />;
  }
  if (next) return <Navigate to={next.to} replace state={next.state} />;
  return (
    <div className="flex flex-col gap-6">
      <DocumentTitle title={TITLE} />
      <AuthFormHeader title={TITLE} />
      <div className="flex justify-center py-8">
        <Spinner text="Loading…" />
      </div>
    </div>
  );
}
