import clsx from 'clsx';
import { NavLink } from 'react-router';
import { paths } from '../../../config/paths.js';

/** The screens of Monitoring & Error management (issue 13). */
const SCREENS: readonly { label: string; to: string; end?: boolean }[] = [
  // `end`: the overview's link is not current on the other screens under /monitoring.
  { label: 'Overview', to: paths.monitoring.overview.path, end: true },
  { label: 'Errors', to: paths.monitoring.errors.path },
  { label: 'Mail', to: paths.monitoring.mail.path },
  { label: 'Security', to: paths.monitoring.security.path },
];

/** The area's own navigation, under the page header: the current screen is marked. */
export function MonitoringNav() {
  return (
    <nav aria-label="Monitoring" className="mb-6 border-b border-slate-200">
      <ul className="flex gap-6">
        {SCREENS.map((screen) => (
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
