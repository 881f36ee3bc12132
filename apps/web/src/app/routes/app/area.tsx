import type { Area } from '@staff-admin/shared';
import { ContentLayout } from '../../../components/layouts/content-layout.js';
import { RequireArea } from '../../guards/require-area.js';

/** A header area whose screens are not built yet: it says so, behind its role guard. */
export function AreaRoute({ area }: { area: Area }) {
  return (
    <RequireArea area={area}>
      <ContentLayout
        title={area.label}
        description={`The ${area.label} screens are coming in a later release.`}
      />
    </RequireArea>
  );
}
