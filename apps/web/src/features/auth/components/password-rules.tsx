import { PASSWORD_RULES } from '@staff-admin/shared';
import clsx from 'clsx';
import { CheckCircleIcon, CircleIcon } from '../../../components/ui/icons.js';

interface PasswordRulesProps {
  /** Referenced by the password field's aria-describedby, so the rules are read with it. */
  id: string;
  /** What the user has typed so far. */
  password: string;
}

/**
 * SPEC §5's password rules, each marked once the typed password meets it. The state is also
 * written out for screen readers (": met" / ": not met"): colour and icon alone would not say it.
 */
export function PasswordRules({ id, password }: PasswordRulesProps) {
  const titleId = `${id}-title`;
  return (
    <div id={id} className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
      <p id={titleId} className="text-sm font-medium text-slate-900">
        Your password must contain:
      </p>
      <ul aria-labelledby={titleId} className="mt-2 flex flex-col gap-1.5 text-sm">
        {PASSWORD_RULES.map((rule) => {
          const met = rule.test(password);
          return (
            <li
              key={rule.id}
              data-state={met ? 'met' : 'unmet'}
              className={clsx('flex items-center gap-2', met ? 'text-green-800' : 'text-slate-600')}
            >
              {met ? (
                <CheckCircleIcon className="shrink-0 text-base text-green-700" />
              ) : (
                <CircleIcon className="shrink-0 text-base text-slate-400" />
              )}
              <span>
                {rule.label}
                {/* Starts with a colon, not a space: name computation may drop a leading space. */}
                <span className="sr-only">{met ? ': met' : ': not met'}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
