import { DocumentTitle } from '../../../components/ui/document-title.js';

/** Registered so links to it work; the screen itself is built in the next round. */
export function SetupAccountRoute() {
  return (
    <>
      <DocumentTitle title="Set up your account" />
      <h1 className="text-2xl font-bold text-slate-900">Set up your account</h1>
    </>
  );
}
