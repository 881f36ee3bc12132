import { MAIL_DELIVERY_MESSAGES as M, canReachArea, type MailDelivery } from '@staff-admin/shared';
import { Link } from 'react-router';
import { paths } from '../../config/paths.js';
import { useAuth } from '../../lib/auth.js';

/**
 * Under a summary of invitations just queued (issue 33, item 18): nothing while mail goes out;
 * that the emails went to the server log when SMTP_URL is unset; while delivery is delayed, that
 * they are queued, not sent, with a link to Monitoring › Mail for those who may open it.
 */
export function QueuedMailNote({ delivery, count }: { delivery: MailDelivery; count: number }) {
  const { user } = useAuth();
  if (delivery === 'working' || count === 0) return null;
  if (delivery === 'log') return <p className="text-sm text-slate-700">{M.logged}</p>;
  return (
    <div className="flex flex-col gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
      <p>
        {M.invitationsQueued(count)} {M.delayedDetail}
      </p>
      {user && canReachArea(user.position, 'monitoring') && (
        <Link
          to={paths.monitoring.mail.path}
          className="self-start rounded-sm font-semibold text-blue-800 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        >
          {M.openMail}
        </Link>
      )}
    </div>
  );
}
