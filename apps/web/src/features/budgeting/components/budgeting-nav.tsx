import { AreaNav, type AreaScreen } from '../../../components/layouts/area-nav.js';
import { paths } from '../../../config/paths.js';

/** The screens of Budgeting & Cost tracking (issue 14). */
const SCREENS: readonly AreaScreen[] = [
  { label: 'Projects', to: paths.financial.projects.path },
  { label: 'Closed months', to: paths.financial.closedMonths.path },
  { label: 'Budget alerts', to: paths.financial.budgetAlerts.path },
];

export function BudgetingNav() {
  return <AreaNav label="Budgeting" screens={SCREENS} />;
}
