import {
  MAIL_DELIVERY_MESSAGES as M,
  TOAST_MESSAGES,
  canReachArea,
  type MailDelivery,
} from '@staff-admin/shared';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths.js';
import { useAuth } from './auth.js';
import { toast } from './toast.js';

/**
 * The toast once invitations are queued (issue 33, item 18), by what the server said of mail
 * delivery: SPEC §8's 'Invitation sent! …' while mail goes out (`working`), the same with a
 * second line when SMTP_URL is unset (`log`: the email went to the server log), and while mail
 * is `delayed` a warning that the invitation is queued, not sent, which stays until dismissed and
 * offers Monitoring › Mail to those who may open it.
 */
export function useInvitationToast(): (delivery: MailDelivery, count?: number) => void {
  const navigate = useNavigate();
  const { user } = useAuth();
  const seesMail = user !== null && canReachArea(user.position, 'monitoring');
  return useCallback(
    (delivery, count = 1) => {
      if (delivery !== 'delayed') {
        toast.success(
          TOAST_MESSAGES.invitationSent,
          delivery === 'log' ? { description: M.logged } : {},
        );
        return;
      }
      toast.warning(count === 1 ? M.invitationQueued : M.invitationsQueued(count), {
        description: M.delayedDetail,
        // It reports a problem and carries an action: no time limit (WCAG 2.2.1).
        duration: Infinity,
        ...(seesMail
          ? {
              action: {
                label: M.openMail,
                onClick: () => void navigate(paths.monitoring.mail.path),
              },
            }
          : {}),
      });
    },
    [navigate, seesMail],
  );
}
