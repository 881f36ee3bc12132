import type { Project } from '@staff-admin/shared';
import type { DialogOpenProps } from '../../../components/ui/dialog.js';

/** A dialog about one project (its details, its budget, a cost import), opened from its page. */
export interface ProjectDialogProps extends DialogOpenProps {
  project: Project;
}
