import { SUPPORT_RESPONSE_HOURS } from '@staff-admin/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.js';
import { DocumentTitle } from '../../../components/ui/document-title.js';
import { BugIcon, CircleHelpIcon, MailIcon, ShieldCheckIcon } from 'lucide-react';
import { Prose } from '../../../components/ui/prose.js';
import { APP_NAME, SUPPORT_EMAIL } from '../../../config/app.js';
import { paths } from '../../../config/paths.js';

const TOPICS: { title: string; icon: ReactNode; text: string }[] = [
  {
    title: 'Technical issues',
    icon: <BugIcon />,
    text: 'Trouble signing in, an invitation or reset link that no longer works, or a page that shows an error. Tell us what you were doing, when, and any message you saw.',
  },
  {
    title: 'General questions',
    icon: <CircleHelpIcon />,
    text: 'How to use the site, what your role lets you do, or how to change your details.',
  },
  {
    title: 'Security concerns',
    icon: <ShieldCheckIcon />,
    text: 'A sign-in you do not recognise, a suspicious email that claims to come from us, or a password you think someone else knows. Put “Security” in the subject and we will deal with it first.',
  },
];

export function SupportRoute() {
  return (
    <div className="flex flex-col gap-10">
      <DocumentTitle title="Support" />
      <Prose>
        <h1>Support</h1>
        <p>
          Need help with {APP_NAME}? Email us and a member of our team will reply within{' '}
          {SUPPORT_RESPONSE_HOURS} hours.
        </p>
      </Prose>

      <section
        aria-labelledby="email-support-heading"
        className="flex flex-col items-start gap-4 rounded-2xl border border-slate-200 bg-white p-6 sm:flex-row sm:items-center sm:justify-between"
      >
        <div className="flex items-start gap-4">
          <MailIcon className="mt-1 shrink-0 text-2xl text-blue-700" />
          <div>
            <h2 id="email-support-heading" className="text-lg font-semibold text-slate-900">
              Email support
            </h2>
            <p className="text-slate-700">
              Write to <span className="font-medium break-all">{SUPPORT_EMAIL}</span>. We reply
              within {SUPPORT_RESPONSE_HOURS} hours.
            </p>
          </div>
        </div>
        <a href={`mailto:${SUPPORT_EMAIL}`} className={buttonClassName({ className: 'shrink-0' })}>
          Email us
        </a>
      </section>

      <section aria-labelledby="topics-heading" className="flex flex-col gap-4">
        <h2 id="topics-heading" className="text-xl font-semibold text-slate-900">
          What we can help with
        </h2>
        <ul className="grid gap-4 md:grid-cols-3">
          {TOPICS.map((topic) => (
            <li key={topic.title} className="rounded-2xl border border-slate-200 bg-white p-5">
              <h3 className="mb-2 flex items-center gap-2 font-semibold text-slate-900">
                <span className="text-xl text-blue-700">{topic.icon}</span>
                {topic.title}
              </h3>
              <p className="text-sm leading-relaxed text-slate-700">{topic.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <Prose>
        <p>
          We will never ask for your password. If you think someone knows it, reset it straight away
          with <Link to={paths.auth.forgotPassword.path}>Forgot password</Link>. To learn how we
          handle your data, read our <Link to={paths.policy.path}>privacy notice</Link>.
        </p>
      </Prose>
    </div>
  );
}
