import { useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../../../components/ui/button.js';
import { lazyDialog } from '../../../../components/ui/lazy-dialog.js';
import { ContentLayout } from '../../../../components/layouts/content-layout.js';
import { BudgetingNav } from '../../../../features/budgeting/components/budgeting-nav.js';
import { ProjectDetailView } from '../../../../features/budgeting/components/project-detail.js';
import { useProject } from '../../../../features/budgeting/api/get-project.js';
import { RequireArea } from '../../../guards/require-area.js';
import { FINANCIAL_AREA } from '../financial-area.js';

const EditProjectDialog = lazyDialog(
  async () =>
    (await import('../../../../features/budgeting/components/edit-project-dialog.js'))
      .EditProjectDialog,
);

function ProjectTitle({ id }: { id: string }) {
  const project = useProject(id);
  const [editing, setEditing] = useState(false);
  const title = project.data ? `${project.data.code} · ${project.data.name}` : 'Project';
  return (
    <ContentLayout
      title={title}
      documentTitle={`${title} · ${FINANCIAL_AREA.label}`}
      actions={
        project.data && (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Edit project
          </Button>
        )
      }
    >
      <BudgetingNav />
      <ProjectDetailView id={id} />
      {project.data && editing && (
        <EditProjectDialog project={project.data} open onOpenChange={setEditing} />
      )}
    </ContentLayout>
  );
}

/** /financial/projects/:id: one project's figures, costs, budget history, rates and imports. */
export function ProjectRoute() {
  const { id = '' } = useParams();
  return (
    <RequireArea area={FINANCIAL_AREA}>
      <ProjectTitle id={id} />
    </RequireArea>
  );
}
