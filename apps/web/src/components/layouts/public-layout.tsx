import { Link, Outlet } from 'react-router';
import { paths } from '../../config/paths.js';
import { useAuth } from '../../lib/auth.js';
import { buttonClassName } from '../ui/button.js';
import { Logo } from '../ui/logo.js';
import { SiteFooter } from './site-footer.js';
import { MAIN_ID, SkipLink } from './skip-link.js';

/** The public pages (privacy notice, support), open whether or not someone is signed in. */
export function PublicLayout() {
  const { isAuthenticated, isLoadingUser } = useAuth();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-header max-w-content items-center justify-between gap-4 px-6 lg:px-page-x">
          <Link
            to={paths.home.path}
            className="rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-blue-600"
          >
            <Logo />
          </Link>
          {isLoadingUser ? null : isAuthenticated ? (
            <Link
              key="profile"
              to={paths.profile.path}
              className={buttonClassName({ variant: 'secondary' })}
            >
              Your profile
            </Link>
          ) : (
            <Link
              key="login"
              to={paths.auth.login.path}
              className={buttonClassName({ variant: 'dark' })}
            >
              Log in
            </Link>
          )}
        </div>
      </header>
      <main id={MAIN_ID} className="mx-auto w-full max-w-3xl flex-1 px-6 py-12">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
