import { POSITION_LABELS, type Area, type Position } from '@staff-admin/shared';
import { Link } from 'react-router';
import { paths } from '../../config/paths.js';
import { buttonClassName } from '../ui/button.js';
import { DocumentTitle } from '../ui/document-title.js';
import { LockIcon } from 'lucide-react';

/** Shown in place of an area the signed-in user's role does not reach. */
export function NoAccess({ area, position }: { area: Area; position: Position }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-20 text-center">
      <DocumentTitle title="No access" />
      <LockIcon className="text-4xl text-slate-500" />
      <h1 className="text-2xl font-bold text-slate-900">You do not have access to this page</h1>
      <p className="text-slate-700">
        {area.label} is not available to your role ({POSITION_LABELS[position]}). If you need it for
        your work, ask an administrator.
      </p>
      <Link to={paths.home.path} className={buttonClassName({ variant: 'secondary' })}>
        Back to the home page
      </Link>
    </section>
  );
}
