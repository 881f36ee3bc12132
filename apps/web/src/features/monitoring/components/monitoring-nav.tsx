import { AreaNav, type AreaScreen } from '../../../components/layouts/area-nav.js';
import { paths } from '../../../config/paths.js';

/** The screens of Monitoring & Error management (issue 13; Directory, issue 36). */
const SCREENS: readonly AreaScreen[] = [
  // `end`: the overview's link is not current on the other screens under /monitoring.
  { label: 'Overview', to: paths.monitoring.overview.path, end: true },
  { label: 'Errors', to: paths.monitoring.errors.path },
  { label: 'Mail', to: paths.monitoring.mail.path },
  { label: 'Security', to: paths.monitoring.security.path },
  { label: 'Directory', to: paths.monitoring.directory.path },
  // `end`: not current on Alert channels, under /monitoring/alerts too.
  { label: 'Alerts', to: paths.monitoring.alerts.path, end: true },
  { label: 'Alert channels', to: paths.monitoring.alertChannels.path },
];

export function MonitoringNav() {
  return <AreaNav label="Monitoring" screens={SCREENS} />;
}
