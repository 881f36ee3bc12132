import clsx from 'clsx';
import { NavLink } from 'react-router';

export interface AreaScreen {
  label: string;
  to: string;
  /** The link is current only on its own path, not on the paths under it. */
  end?: boolean;
}

/**
 * An area's own navigation, under the page header: the current screen is marked. Its links wrap
 * onto a second line when the window is too narrow for them (at 320px: Monitoring's four), rather
 * than being cut off or scrolled out of sight.
 */
export function AreaNav({ label, screens }: { label: string; screens: readonly AreaScreen[] }) {
  return (
    <nav aria-label={label} className="mb-6 border-b border-slate-200">
      <ul className="flex flex-wrap gap-x-4 sm:gap-x-6">
        {screens.map((screen) => (
          <li key={screen.to}>
            <NavLink
              to={screen.to}
              end={screen.end}
              className={({ isActive }) =>
                clsx(
                  '-mb-px inline-block border-b-2 px-1 py-2 font-medium focus-visible:outline-2 focus-visible:outline-blue-600',
                  isActive
                    ? 'border-blue-700 text-blue-800'
                    : 'border-transparent text-slate-700 hover:text-slate-900',
                )
              }
            >
              {screen.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
