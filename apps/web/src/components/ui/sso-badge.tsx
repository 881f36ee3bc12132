import { DIRECTORY_MESSAGES } from '@staff-admin/shared';
import clsx from 'clsx';

/** Why a role control is off for a user whose role follows the company sign-in (issue 35). */
export const ROLE_MANAGED_BY_SSO =
  "Managed by SSO: this role follows the company's sign-in and cannot be changed here.";

const BADGE_CLASS =
  'inline-flex rounded-full bg-blue-100 px-2.5 py-0.5 text-sm font-medium whitespace-nowrap text-blue-900';

/** "Managed by SSO": the user's role follows the company sign-in's claim (User.managedBySso). */
export function SsoBadge({ className }: { className?: string }) {
  return <span className={clsx(BADGE_CLASS, className)}>Managed by SSO</span>;
}

/**
 * "Managed by directory": the user is provisioned from the company's directory over SCIM
 * (User.managedByDirectory, issue 36); their name, role and status follow it.
 */
export function DirectoryBadge({ className }: { className?: string }) {
  return (
    <span className={clsx(BADGE_CLASS, className)}>{DIRECTORY_MESSAGES.managedByDirectory}</span>
  );
}
