import { areasFor, type Position } from '@staff-admin/shared';
import clsx from 'clsx';
import { Link, useLocation } from 'react-router';

/** True when `pathname` is the section's prefix or a page under it. */
export function isInSection(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** The header links of the areas the role reaches; the current section's link is highlighted. */
export function MainNav({ position }: { position: Position }) {
  const { pathname } = useLocation();
  const areas = areasFor(position);
  if (areas.length === 0) return null;

  return (
    <nav aria-label="Main" className="min-w-0 overflow-x-auto">
      <ul className="flex items-center gap-1">
        {areas.map((area) => {
          const current = isInSection(pathname, area.prefix);
          return (
            <li key={area.id}>
              <Link
                to={area.path}
                aria-current={current ? 'page' : undefined}
                className={clsx(
                  'block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400',
                  current
                    ? 'bg-white/10 text-white shadow-[inset_0_-2px_0_var(--color-sky-400)]'
                    : 'text-slate-300 hover:bg-white/5 hover:text-white',
                )}
              >
                {area.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
