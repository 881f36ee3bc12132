import {
  ACCOUNT_EXPIRY_YEARS,
  countLabel,
  POLICY_LAST_MODIFIED,
  TAX_RETENTION_YEARS,
} from '@staff-admin/shared';
import { DocumentTitle } from '../../../components/ui/document-title.js';
import { Prose } from '../../../components/ui/prose.js';
import { APP_NAME, COMPANY_NAME, PRODUCT_NAME, SUPPORT_EMAIL } from '../../../config/app.js';
import { formatDate } from '../../../lib/format-date.js';

const years = (count: number) => countLabel(count, ['year', 'years']);

export function PolicyRoute() {
  return (
    <Prose>
      <DocumentTitle title="Privacy notice" />
      <h1>Privacy notice</h1>
      <p className="text-sm text-slate-600">
        Last modified{' '}
        <time dateTime={POLICY_LAST_MODIFIED}>
          {formatDate(POLICY_LAST_MODIFIED, 'd MMMM yyyy')}
        </time>
      </p>
      <p>
        This notice explains how {COMPANY_NAME} (“we”, “us”) uses personal data about the staff who
        use {APP_NAME}, the admin site of {PRODUCT_NAME}. We are the controller of this data under
        the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.
      </p>

      <h2>The data we hold</h2>
      <ul>
        <li>
          <strong>Account details:</strong> your name, work email address, role, account status, and
          a profile picture if you choose to add one.
        </li>
        <li>
          <strong>Sign-in and security data:</strong> your password, which we store only as a salted
          one-way hash that nobody can read back; your session tokens; when you sign in; the IP
          address and browser of your requests; and who invited you or changed your account.
        </li>
        <li>
          <strong>Work records:</strong> the budgets, costs, projects and other records you create
          or change on this site, linked to your account.
        </li>
        <li>
          <strong>Support correspondence:</strong> what you send us by email and our replies.
        </li>
      </ul>
      <p>We do not collect special category data, such as health information, through this site.</p>

      <h2>Why we use it and our lawful bases</h2>
      <ul>
        <li>
          <strong>Performance of a contract</strong> (UK GDPR Article 6(1)(b)): to give you an
          account and let you do the work your employment or engagement contract describes.
        </li>
        <li>
          <strong>Legal obligation</strong> (Article 6(1)(c)): to keep the financial records UK tax
          law requires.
        </li>
        <li>
          <strong>Legitimate interests</strong> (Article 6(1)(f)): to keep the site and its data
          secure, prevent misuse and investigate incidents. You may object to this use; see your
          rights below.
        </li>
        <li>
          <strong>Consent</strong> (Article 6(1)(a)): for your profile picture. You can remove it
          from your profile at any time.
        </li>
      </ul>

      <h2>Who we share it with</h2>
      <ul>
        <li>
          Service providers who host the site, store its data and deliver its emails. They act only
          on our instructions, under written contracts that protect your data.
        </li>
        <li>Professional advisers, such as our accountants and auditors.</li>
        <li>HM Revenue &amp; Customs and other authorities, when the law requires it.</li>
      </ul>
      <p>We never sell your data or use it for advertising.</p>

      <h2>Where it is stored</h2>
      <p>
        Your data is stored and processed only in the United Kingdom or the European Economic Area
        (EEA). We do not transfer it to any other country.
      </p>

      <h2>How long we keep it</h2>
      <ul>
        <li>
          Your account data is kept while you use the site. An account not used for{' '}
          {years(ACCOUNT_EXPIRY_YEARS)} is treated as expired, and its personal data is deleted.
        </li>
        <li>
          Records needed for tax purposes are kept for {years(TAX_RETENTION_YEARS)}, as UK tax law
          requires, and then deleted.
        </li>
        <li>Support emails are kept only as long as we need them to resolve your request.</li>
      </ul>

      <h2>Your rights</h2>
      <p>Under UK data protection law you have the right to:</p>
      <ul>
        <li>get a copy of the personal data we hold about you;</li>
        <li>have inaccurate or incomplete data corrected;</li>
        <li>have your data erased when we no longer have a reason to keep it;</li>
        <li>restrict our use of your data, or object to it;</li>
        <li>receive the data you gave us in a portable format;</li>
        <li>withdraw your consent at any time, where we rely on it.</li>
      </ul>
      <p>
        Requests are free of charge and we answer them within one month. If you are unhappy with how
        we handle your data, you can complain to the Information Commissioner’s Office (ICO) at{' '}
        <a href="https://ico.org.uk/make-a-complaint/" rel="noreferrer">
          ico.org.uk
        </a>{' '}
        or on 0303 123 1113. We would appreciate the chance to put things right first.
      </p>

      <h2>Contact us</h2>
      <p>
        For any question about this notice or your data, or to use your rights, email{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>

      <h2>Changes to this notice</h2>
      <p>
        We update this notice when the way we use data changes. The date at the top shows when it
        last changed.
      </p>
    </Prose>
  );
}
