import clsx from 'clsx';
import { APP_NAME, COMPANY_NAME } from '../../config/app.js';

interface LogoProps {
  /** The colour of the text: light for dark backgrounds, dark for light ones. */
  tone?: 'light' | 'dark';
  className?: string;
  /** Classes of the name beside the mark, e.g. to hide it visually on narrow screens. */
  nameClassName?: string;
}

/** The site's mark and name. */
export function Logo({ tone = 'dark', className, nameClassName }: LogoProps) {
  return (
    <span className={clsx('inline-flex items-center gap-3', className)}>
      <svg viewBox="0 0 32 32" width="36" height="36" aria-hidden="true" className="shrink-0">
        <rect width="32" height="32" rx="8" fill={tone === 'light' ? '#f8fafc' : '#1e293b'} />
        <path
          d="M9 16.5l4.5 4.5L23 11.5"
          fill="none"
          stroke={tone === 'light' ? '#1d4ed8' : '#38bdf8'}
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className={clsx('flex flex-col leading-tight', nameClassName)}>
        <span
          className={clsx('text-lg font-bold', tone === 'light' ? 'text-white' : 'text-slate-900')}
        >
          {APP_NAME}
        </span>
        <span className={clsx('text-xs', tone === 'light' ? 'text-slate-300' : 'text-slate-600')}>
          {COMPANY_NAME}
        </span>
      </span>
    </span>
  );
}
