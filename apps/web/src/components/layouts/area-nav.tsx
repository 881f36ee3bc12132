import clsx from 'clsx';
import { NavLink } from 'react-router';

export interface AreaScreen {
  label: string;
  to: string;
  /** The link is current only on its own path, not on the paths under it. */
  end?: boolean;
}

/** An area's own navigation, under the page header: the current screen is marked. */
export function AreaNav({ label, screens }: { label: string; screens: readonly AreaScreen[] }) {
  return (
    <nav aria-label={label} className="mb-6 border-b border-slate-200">
      <ul className="flex gap-6">
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
