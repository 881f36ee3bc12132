import clsx from 'clsx';
import { Link } from 'react-router';
import { COMPANY_NAME, PRODUCT_NAME } from '../../config/app.js';
import { paths } from '../../config/paths.js';

const linkClassName =
  'rounded-sm underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

/** Says whose admin site this is and links the public pages. */
export function SiteFooter({ className }: { className?: string }) {
  return (
    <footer className={clsx('border-t border-slate-200 text-sm text-slate-600', className)}>
      <div className="mx-auto flex max-w-content flex-col gap-2 px-6 py-6 sm:flex-row sm:items-center sm:justify-between lg:px-page-x">
        <p>
          © {new Date().getFullYear()} {COMPANY_NAME}. This is the {COMPANY_NAME} admin site for{' '}
          {PRODUCT_NAME}.
        </p>
        <nav aria-label="Site information">
          <ul className="flex gap-5">
            <li>
              <Link to={paths.policy.path} className={linkClassName}>
                Privacy notice
              </Link>
            </li>
            <li>
              <Link to={paths.support.path} className={linkClassName}>
                Support
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
