import { areasFor, type Area, type Position } from '@staff-admin/shared';
import clsx from 'clsx';
import { useEffect, useId, useRef, useState } from 'react';
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
 * The Menu button of narrow windows and the links it shows: a disclosure (WAI-ARIA APG), not a
 * menu or a dialog. Opening it leaves focus on the button, which says it is expanded; the links
 * follow it in the tab order. Escape closes it and puts focus back on the button; a press or a
 * focus outside closes it. The panel spans the header's width just below it, so it never sticks
 * out of a 320px window.
 */
function MenuDisclosure({ areas }: { areas: readonly Area[] }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const disclosure = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const outside = (target: EventTarget | null) =>
      !(target instanceof Node && disclosure.current?.contains(target));
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      if (!outside(document.activeElement)) button.current?.focus();
    };
    const onOutside = (event: Event) => {
      if (outside(event.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onOutside);
    document.addEventListener('focusin', onOutside);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onOutside);
      document.removeEventListener('focusin', onOutside);
    };
  }, [open]);

  return (
    <div ref={disclosure}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
        className={clsx(
          'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400',
          open && 'bg-white/10',
        )}
      >
        <MenuIcon className="text-lg" />
        Menu
        <ChevronDownIcon className={clsx('text-slate-300', open && 'rotate-180')} />
      </button>
      {/* In the header (not portalled): the links stay inside its landmark. */}
      <div
        id={panelId}
        hidden={!open}
        className="absolute inset-x-0 top-full bg-slate-900 px-4 pt-2 pb-4 shadow-lg ring-1 ring-white/10"
      >
        <NavLinks
          areas={areas}
          layout="column"
          onNavigate={(area) => {
            // Another page focuses its own heading (RouteAnnouncer); on this page focus goes
            // back to the button rather than to a link that is about to be hidden.
            if (area.path === pathname) button.current?.focus();
            setOpen(false);
          }}
        />
      </div>
    </div>
  );
}

/**
 * The header links of the areas the role reaches; the current section's link is highlighted.
 * From 1200px wide they sit in the header; narrower, where their labels would be cut or pushed
 * out of sight, they are behind a Menu button whose panel drops below the 80px header.
 */
export function MainNav({ position }: { position: Position }) {
  const areas = areasFor(position);
  if (areas.length === 0) return null;
  return (
    <>
      <div className="hidden min-w-0 min-[1200px]:block">
        <NavLinks areas={areas} layout="row" />
      </div>
      <div className="min-[1200px]:hidden">
        <MenuDisclosure areas={areas} />
      </div>
    </>
  );
}
