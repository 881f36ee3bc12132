import { ContentLayout } from '../../../../components/layouts/content-layout.js';
import { BudgetingNav } from '../../../../features/budgeting/components/budgeting-nav.js';
import { ClosedMonths } from '../../../../features/budgeting/components/closed-months.js';
import { RequireArea } from '../../../guards/require-area.js';
import { FINANCIAL_AREA } from '../financial-area.js';

/** /financial/closed-months: months whose costs no longer change. */
export function ClosedMonthsRoute() {
  return (
    <RequireArea area={FINANCIAL_AREA}>
      <ContentLayout
        title="Closed months"
        documentTitle={`Closed months · ${FINANCIAL_AREA.label}`}
        description="No cost dated in a closed month can be added, changed or deleted."
      >
        <BudgetingNav />
        <ClosedMonths />
      </ContentLayout>
    </RequireArea>
  );
}
