import clsx from 'clsx';

/** Why a role control is off for a user whose role follows the company sign-in (issue 35). */
export const ROLE_MANAGED_BY_SSO =
  "Managed by SSO: this role follows the company's sign-in and cannot be changed here.";

/** "Managed by SSO": the user's role follows the company sign-in's claim (User.managedBySso). */
export function SsoBadge({ className }: { className?: string }) {
  return (
    <span
      className={clsx(
        'inline-flex rounded-full bg-blue-100 px-2.5 py-0.5 text-sm font-medium whitespace-nowrap text-blue-900',
        className,
      )}
    >
      Managed by SSO
    </span>
  );
}
