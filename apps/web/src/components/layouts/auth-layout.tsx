import { Outlet } from 'react-router';
import { PRODUCT_DESCRIPTION } from '../../config/app.js';
import { Logo } from '../ui/logo.js';
import { SignInIllustration } from './sign-in-illustration.js';
import { SiteFooter } from './site-footer.js';
import { MAIN_ID, SkipLink } from './skip-link.js';

/**
 * The sign-in pages: a 600px column with the logo, what the product is and an illustration
 * beside the form card. On narrow screens the column becomes a short banner above the form.
 */
export function AuthLayout() {
  return (
    <div className="flex min-h-dvh flex-col lg:grid lg:grid-cols-[var(--spacing-sign-in-aside)_minmax(0,1fr)]">
      <SkipLink />
      <aside
        aria-label="About this site"
        className="flex flex-col gap-6 bg-slate-900 px-6 py-8 text-white sm:px-10 lg:min-h-dvh lg:justify-between lg:gap-10 lg:px-14 lg:py-12"
      >
        <Logo tone="light" />
        <div className="flex flex-col gap-10">
          <p className="max-w-prose text-base leading-relaxed text-slate-200 lg:text-lg">
            {PRODUCT_DESCRIPTION}
          </p>
          <SignInIllustration className="hidden w-full max-w-[480px] lg:block" />
        </div>
        <div className="hidden lg:block" />
      </aside>
      <div className="flex flex-1 flex-col bg-slate-50">
        <main id={MAIN_ID} className="flex flex-1 items-center justify-center px-6 py-12">
          <div className="w-full max-w-login-card rounded-2xl border border-slate-200 bg-white p-8 shadow-sm sm:p-10">
            <Outlet />
          </div>
        </main>
        <SiteFooter className="border-none" />
      </div>
    </div>
  );
}
