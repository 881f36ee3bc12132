import { Link } from 'react-router';
import { paths } from '../../config/paths.js';
import { buttonClassName } from '../ui/button.js';
import { DocumentTitle } from '../ui/document-title.js';

export function NotFound() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <DocumentTitle title="Page not found" />
      <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase">Error 404</p>
      <h1 className="text-2xl font-bold text-slate-900">Page not found</h1>
      <p className="max-w-md text-slate-700">
        Sorry, we can’t find the page you’re looking for. Check the address, or start again from the
        home page.
      </p>
      <Link to={paths.home.path} className={buttonClassName({ variant: 'dark' })}>
        Go to the home page
      </Link>
    </main>
  );
}
