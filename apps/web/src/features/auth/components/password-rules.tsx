import { containsEmailName, isCommonPassword, PASSWORD_RULES } from '@staff-admin/shared';
import clsx from 'clsx';
import { CircleCheckIcon, CircleIcon } from 'lucide-react';

interface PasswordRulesProps {
  /** Referenced by the password field's aria-describedby, so the rules are read with it. */
  id: string;
  /** What the user has typed so far. */
  password: string;
  /** The account's email: the password must not contain its local part. */
  email: string;
}

interface Rule {
  id: string;
  label: string;
  met: boolean;
}

/**
 * The password policy's rules (issue 5), as the user would say them; the checks are the shared
 * ones the server runs. They count as met once something is typed that passes them.
 */
function policyRules(password: string, email: string): Rule[] {
  const typed = password.length > 0;
  return [
    { id: 'common', label: 'Be a common password', met: typed && !isCommonPassword(password) },
    {
      id: 'email',
      label: 'Contain your email’s name (the part before the @)',
      met: typed && !containsEmailName(password, email),
    },
  ];
}

function RuleList({ id, title, rules }: { id: string; title: string; rules: Rule[] }) {
  const titleId = `${id}-title`;
  return (
    <div>
      <p id={titleId} className="text-sm font-medium text-slate-900">
        {title}
      </p>
      <ul aria-labelledby={titleId} className="mt-2 flex flex-col gap-1.5 text-sm">
        {rules.map((rule) => (
          <li
            key={rule.id}
            data-state={rule.met ? 'met' : 'unmet'}
            className={clsx(
              'flex items-center gap-2',
              rule.met ? 'text-green-800' : 'text-slate-600',
            )}
          >
            {rule.met ? (
              <CircleCheckIcon className="shrink-0 text-base text-green-700" />
            ) : (
              <CircleIcon className="shrink-0 text-base text-slate-400" />
            )}
            <span>
              {rule.label}
              {/* Starts with a colon, not a space: name computation may drop a leading space. */}
              <span className="sr-only">{rule.met ? ': met' : ': not met'}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Every rule a new password must meet, listed up front and each marked as the user types: SPEC
 * §5's strength rules, then the policy's (not common, not the email's name), so the server never
 * refuses a password for a rule the list did not show. The state is also written out for screen
 * readers (": met" / ": not met"): colour and icon alone would not say it.
 */
export function PasswordRules({ id, password, email }: PasswordRulesProps) {
  const strength = PASSWORD_RULES.map((rule) => ({
    id: rule.id,
    label: rule.label,
    met: rule.test(password),
  }));
  return (
    <div
      id={id}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3"
    >
      <RuleList id={`${id}-strength`} title="Your password must contain:" rules={strength} />
      <RuleList
        id={`${id}-policy`}
        title="Your password must not:"
        rules={policyRules(password, email)}
      />
    </div>
  );
}
