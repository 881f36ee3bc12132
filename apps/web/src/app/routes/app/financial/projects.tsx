import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ContentLayout } from '../../../../components/layouts/content-layout.js';
import { Button } from '../../../../components/ui/button.js';
import { lazyDialog } from '../../../../components/ui/lazy-dialog.js';
import { paths } from '../../../../config/paths.js';
import { BudgetingNav } from '../../../../features/budgeting/components/budgeting-nav.js';
import { ProjectsList } from '../../../../features/budgeting/components/projects-list.js';
import { RequireArea } from '../../../guards/require-area.js';
import { FINANCIAL_AREA } from '../financial-area.js';

const NewProjectDialog = lazyDialog(
  async () =>
    (await import('../../../../features/budgeting/components/new-project-dialog.js'))
      .NewProjectDialog,
);

/** /financial/projects: every project's budget, cost and burn, for admins and finance. */
export function ProjectsRoute() {
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  return (
    <RequireArea area={FINANCIAL_AREA}>
      <ContentLayout
        title="Projects"
        documentTitle={`Projects · ${FINANCIAL_AREA.label}`}
        description={`${FINANCIAL_AREA.label}: budget, actual cost and burn of each project.`}
        actions={
          <Button onClick={() => setCreating(true)}>
            <PlusIcon />
            New project
          </Button>
        }
      >
        <BudgetingNav />
        <ProjectsList />
        <NewProjectDialog
          open={creating}
          onOpenChange={setCreating}
          onCreated={(project) => {
            setCreating(false);
            void navigate(paths.financial.project.getHref(project.id));
          }}
        />
      </ContentLayout>
    </RequireArea>
  );
}
