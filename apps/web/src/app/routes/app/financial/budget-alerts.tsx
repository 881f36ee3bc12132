import { ContentLayout } from '../../../../components/layouts/content-layout.js';
import { BudgetingNav } from '../../../../features/budgeting/components/budgeting-nav.js';
import { AlertIncidentsSection } from '../../../../features/monitoring/components/alert-incidents-section.js';
import { AlertRulesSection } from '../../../../features/monitoring/components/alert-rules-section.js';
import { RequireArea } from '../../../guards/require-area.js';
import { FINANCIAL_AREA } from '../financial-area.js';

/**
 * /financial/alerts: budget thresholds and forecasts, their rules and incidents, for finance and
 * admins (the server lists finance only the budget kinds).
 */
export function BudgetAlertsRoute() {
  return (
    <RequireArea area={FINANCIAL_AREA}>
      <ContentLayout
        title="Budget alerts"
        documentTitle={`Budget alerts · ${FINANCIAL_AREA.label}`}
        description="Who is told when a project nears or passes its budget, and what has fired."
      >
        <BudgetingNav />
        <div className="flex flex-col gap-6">
          <AlertRulesSection budgetOnly />
          <AlertIncidentsSection showKind={false} />
        </div>
      </ContentLayout>
    </RequireArea>
  );
}
