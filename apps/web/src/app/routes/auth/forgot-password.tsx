import { DocumentTitle } from '../../../components/ui/document-title.js';

/** Registered so links to it work; the screen itself is built in the next round. */
export function ForgotPasswordRoute() {
  return (
    <>
      <DocumentTitle title="Forgot password" />
      <h1 className="text-2xl font-bold text-slate-900">Forgot password</h1>
    </>
  );
}
