import { ContentLayout } from '../../../../components/layouts/content-layout.js';
import { RequireArea } from '../../../guards/require-area.js';
import { FINANCIAL_AREA } from '../financial-area.js';

/** Placeholder while the screen is built (issue 14). */
export function ProjectsRoute() {
  return (
    <RequireArea area={FINANCIAL_AREA}>
      <ContentLayout title="Projects" documentTitle={`Projects · ${FINANCIAL_AREA.label}`}>
        <p>Coming soon.</p>
      </ContentLayout>
    </RequireArea>
  );
}
