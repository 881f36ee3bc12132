import * as Popover from '@radix-ui/react-popover';
import { areasFor, type Area, type Position } from '@staff-admin/shared';
import clsx from 'clsx';
import { useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ChevronDownIcon, MenuIcon } from 'lucide-react';

/** True when `pathname` is the section's prefix or a page under it. */
export function isInSection(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

function NavLinks({
  areas,
  layout,
  onNavigate,
}: {
  areas: readonly Area[];
  layout: 'row' | 'column';
  onNavigate?: (area: Area) => void;
}) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main">
      <ul className={clsx('flex gap-1', layout === 'row' ? 'items-center' : 'flex-col')}>
        {areas.map((area) => {
          const current = isInSection(pathname, area.prefix);
          return (
            <li key={area.id}>
              <Link
                to={area.path}
                aria-current={current ? 'page' : undefined}
                onClick={() => onNavigate?.(area)}
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

/**
 * The header links of the areas the role reaches; the current section's link is highlighted.
 * From 1200px wide they sit in the header; narrower, where their labels would be cut or pushed
 * out of sight, they are behind a Menu button (a disclosure: the links stay links) whose
 * panel drops below the 80px header.
 */
export function MainNav({ position }: { position: Position }) {
  const { pathname } = useLocation();
  const areas = areasFor(position);
  const [open, setOpen] = useState(false);
  // A chosen link opens a new page, whose heading gets focus (RouteAnnouncer): closing the
  // panel must not hand focus back to the Menu button then.
  const navigating = useRef(false);
  if (areas.length === 0) return null;
  return (
    <>
      <div className="hidden min-w-0 min-[1200px]:block">
        <NavLinks areas={areas} layout="row" />
      </div>
      <div className="min-[1200px]:hidden">
        <Popover.Root open={open} onOpenChange={setOpen}>
          <Popover.Trigger className="flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400 data-[state=open]:bg-white/10">
            <MenuIcon className="text-lg" />
            Menu
            <ChevronDownIcon className="text-slate-300" />
          </Popover.Trigger>
          {/* Not portalled: the links stay inside the header landmark. */}
          <Popover.Content
            // A disclosure of links, not a dialog: no role of its own, the nav inside names it.
            role={undefined}
            align="start"
            sideOffset={8}
            collisionPadding={8}
            onCloseAutoFocus={(event) => {
              if (navigating.current) event.preventDefault();
              navigating.current = false;
            }}
            className="z-50 min-w-60 rounded-lg bg-slate-900 p-2 shadow-lg ring-1 ring-white/10"
          >
            <NavLinks
              areas={areas}
              layout="column"
              onNavigate={(area) => {
                navigating.current = area.path !== pathname;
                setOpen(false);
              }}
            />
          </Popover.Content>
        </Popover.Root>
      </div>
    </>
  );
}
