import { Link, Outlet } from 'react-router';
import { paths } from '../../config/paths.js';
import { useAuthenticatedUser } from '../../lib/auth.js';
import { Logo } from '../ui/logo.js';
import { MainNav } from './main-nav.js';
import { SiteFooter } from './site-footer.js';
import { MAIN_ID, SkipLink } from './skip-link.js';
import { UserMenu } from './user-menu.js';

/** Pages of signed-in users: sticky dark header, the page, then the footer. */
export function AppLayout() {
  const user = useAuthenticatedUser();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-40 h-header bg-slate-900 text-white shadow-sm">
        {/* In the sticky header, so that it shows above it while it has focus. */}
        <SkipLink />
        <div className="mx-auto flex h-full max-w-content items-center gap-6 px-6 lg:px-page-x">
          <Link
            to={paths.home.path}
            className="shrink-0 rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-sky-400"
          >
            <Logo tone="light" nameClassName="max-md:sr-only" />
          </Link>
          <div className="flex min-w-0 flex-1 items-center justify-between gap-4">
            <MainNav position={user.position} />
            <div className="ml-auto">
              <UserMenu user={user} />
            </div>
          </div>
        </div>
      </header>
      {/* At least the rest of the screen tall: the footer starts below the fold, so a page whose
          content arrives after its first paint does not move it in view (layout shift). */}
      <main
        id={MAIN_ID}
        className="mx-auto min-h-[calc(100dvh-var(--spacing-header))] w-full max-w-content flex-1"
      >
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
