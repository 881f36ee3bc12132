import { useEffect } from 'react';
import { useNavigate, useRouteError } from 'react-router';
import { reportError } from '../../lib/error-reporter.js';
import { Button } from '../ui/button.js';
import { DocumentTitle } from '../ui/document-title.js';

/** SPEC §2's generic error screen; the router shows it when a route fails to load or render. */
export function ErrorScreen() {
  const navigate = useNavigate();
  const error = useRouteError();
  // A crash while rendering or loading a page goes to Monitoring › Errors (an answer the router
  // threw, such as a 404 response, is not a crash).
  useEffect(() => {
    if (error instanceof Error) reportError(error, 'render');
  }, [error]);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <DocumentTitle title="Something went wrong" />
      <h1 className="text-2xl font-bold text-slate-900">Something went wrong.</h1>
      <p className="max-w-md text-slate-700">Sorry, We can’t find the page you’re looking for.</p>
      <Button variant="dark" onClick={() => void navigate(-1)}>
        Go back
      </Button>
    </main>
  );
}
