import { DocumentTitle } from '../../../components/ui/document-title.js';

/** Registered so links to it work; the screen itself is built in the next round. */
export function ResetPasswordRoute() {
  return (
    <>
      <DocumentTitle title="Reset password" />
      <h1 className="text-2xl font-bold text-slate-900">Reset password</h1>
    </>
  );
}
