import {
  BULK_CREATE_MAX,
  countLabel,
  EMAILS_QUERY_MAX,
  INVITE_CSV_COLUMN_LABELS as LABELS,
  POSITIONS,
  POSITION_LABELS,
  normalizeEmail,
  runMailDelivery,
  type BulkCreateResult,
  type InviteRow,
  type MailDelivery,
} from '@staff-admin/shared';
import { useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import {
  isReauthenticationCancelled,
  useReauthenticated,
} from '../../../components/reauthenticate/use-reauthenticated.js';
import { Button } from '../../../components/ui/button.js';
import { Dialog } from '../../../components/ui/dialog.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { TableScroll } from '../../../components/ui/table-scroll.js';
import { getErrorMessage, isApiError } from '../../../lib/api-error.js';
import { toast } from '../../../lib/toast.js';
import { useInvitationToast } from '../../../lib/use-invitation-toast.js';
import { findExistingEmails } from '../api/find-existing-emails.js';
import { USERS_LIST_KEY } from '../api/get-users.js';
import { inviteUsers } from '../api/invite-users.js';
import {
  INVITE_CSV_MAX_BYTES,
  INVITE_CSV_MESSAGES,
  markExisting,
  parseInviteCsv,
  type InviteCsvRow,
} from '../utils/invite-csv.js';
import { BulkProgressView } from './bulk-progress.js';
import { InviteSummary } from './invite-summary.js';

export const INVITE_CSV_TITLE = 'Invite from a CSV file';

type Step =
  | { name: 'file'; error?: string }
  | { name: 'checking' }
  | { name: 'preview'; fileName: string; rows: InviteCsvRow[] }
  | { name: 'sending'; sent: number; total: number }
  | { name: 'done'; result: BulkCreateResult; notSent: number };

function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error(INVITE_CSV_MESSAGES.unreadable));
    reader.readAsText(file);
  });
}

const chunks = <T,>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  );

/** The normalised emails among `emails` that already belong to a user, asked 100 at a time. */
async function existingEmails(emails: readonly string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const part of chunks([...new Set(emails.map(normalizeEmail))], EMAILS_QUERY_MAX)) {
    for (const email of await findExistingEmails(part)) taken.add(email);
  }
  return taken;
}

/** What the file must hold, shown before a file is chosen and read with the file field. */
function FileHelp({ id }: { id: string }) {
  const code = 'rounded bg-slate-100 px-1 font-mono text-[0.85em] break-all text-slate-900';
  const roles = POSITIONS.map((position) => POSITION_LABELS[position]);
  return (
    <div id={id} className="flex flex-col gap-2 text-sm text-slate-700">
      <p>
        The first line names the columns {LABELS.email}, {LABELS.fullName} (may be left empty) and{' '}
        {LABELS.position}: {roles.slice(0, -1).join(', ')} or {roles.at(-1)}. Letter case and spaces
        do not matter, and Name or Position work too, so a file of the user export can be used as it
        is. Other columns are ignored. At most 1 MB.
      </p>
      <p>
        For example:{' '}
        <code className={code}>
          {LABELS.email},{LABELS.fullName},{LABELS.position}
        </code>{' '}
        then <code className={code}>ann@company.com,Ann Lee,Contractor</code>
      </p>
    </div>
  );
}

/**
 * Invites a team from a CSV file: the file is read in the browser, every row is checked with
 * the invite dialog's own rules plus "repeated in the file" and "already a user", a preview
 * shows each row's problems, and only the good rows are sent, BULK_CREATE_MAX at a time, with
 * progress; the summary says who was invited and who was skipped.
 */
export function InviteCsvDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const fileInputId = useId();
  const [step, setStep] = useState<Step>({ name: 'file' });
  const stopRequested = useRef(false);
  const [stopping, setStopping] = useState(false);
  // A new object on each move, so reaching the same step again focuses it again.
  const [focusRequest, setFocusRequest] = useState<{ target: 'file' | 'preview' } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const previewHeading = useRef<HTMLHeadingElement>(null);
  // Inviting an admin asks for the password again when it was not entered recently; closed, it
  // leads back to the preview.
  const reauthenticated = useReauthenticated({ finalFocus: () => previewHeading.current });
  const invitationToast = useInvitationToast();

  useEffect(() => {
    if (!focusRequest) return;
    (focusRequest.target === 'file' ? fileInput : previewHeading).current?.focus();
  }, [focusRequest]);

  // Each file read has a number: one that ends after the dialog closed or moved on is dropped.
  const reading = useRef(0);

  const changeOpen = (next: boolean) => {
    if (!next) {
      reading.current += 1;
      setStep({ name: 'file' });
    }
    onOpenChange(next);
  };

  const chooseFile = async (file: File | undefined) => {
    if (!file || step.name === 'checking') return;
    const fail = (error: string) => {
      setStep({ name: 'file', error });
      setFocusRequest({ target: 'file' });
    };
    if (!file.name.toLowerCase().endsWith('.csv')) return fail(INVITE_CSV_MESSAGES.notCsv);
    if (file.size > INVITE_CSV_MAX_BYTES) return fail(INVITE_CSV_MESSAGES.tooLarge);
    const current = ++reading.current;
    setStep({ name: 'checking' });
    try {
      const parsed = parseInviteCsv(await readText(file));
      if (current !== reading.current) return;
      if ('error' in parsed) return fail(parsed.error);
      const candidates = parsed.rows.flatMap((row) => (row.invite ? [row.invite.email] : []));
      const taken = await existingEmails(candidates);
      if (current !== reading.current) return;
      setStep({ name: 'preview', fileName: file.name, rows: markExisting(parsed.rows, taken) });
      setFocusRequest({ target: 'preview' });
    } catch (error) {
      // The server could not say which emails are taken, or the browser could not read the file.
      if (current === reading.current) {
        fail(isApiError(error) ? getErrorMessage(error) : INVITE_CSV_MESSAGES.unreadable);
      }
    }
  };

  const chooseAnotherFile = () => {
    reading.current += 1;
    setStep({ name: 'file' });
    setFocusRequest({ target: 'file' });
  };

  const send = async (fileName: string, rows: InviteCsvRow[]) => {
    const invites = rows.flatMap((row) => (row.invite ? [row.invite] : []));
    const withProblems = rows.length - invites.length;
    let mailDelivery: MailDelivery = 'working';
    const result: Omit<BulkCreateResult, 'mailDelivery'> = { created: [], skipped: [] };
    let sent = 0;
    stopRequested.current = false;
    setStopping(false);
    setStep({ name: 'sending', sent, total: invites.length });
    let failure: unknown = null;
    let cancelled = false;
    for (const part of chunks<InviteRow>(invites, BULK_CREATE_MAX)) {
      if (stopRequested.current) break;
      try {
        const answer = await reauthenticated.run(() => inviteUsers({ users: part }));
        result.created.push(...answer.created);
        result.skipped.push(...answer.skipped);
        mailDelivery = runMailDelivery(mailDelivery, answer.mailDelivery);
      } catch (error) {
        if (isReauthenticationCancelled(error)) cancelled = true;
        else failure = error;
        break;
      }
      sent += part.length;
      setStep({ name: 'sending', sent, total: invites.length });
    }
    await queryClient.invalidateQueries({ queryKey: USERS_LIST_KEY });
    if (failure !== null) toast.error(getErrorMessage(failure));
    if (sent === 0 && (failure !== null || cancelled)) {
      // Nothing went out: back to the preview, to try again.
      setStep({ name: 'preview', fileName, rows });
      setFocusRequest({ target: 'preview' });
      return;
    }
    if (result.created.length > 0) invitationToast(mailDelivery, result.created.length);
    setStep({
      name: 'done',
      result: { ...result, mailDelivery },
      notSent: withProblems + (invites.length - sent),
    });
  };

  const sending = step.name === 'sending';
  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      title={INVITE_CSV_TITLE}
      description={
        step.name === 'done'
          ? 'The invitations have been processed.'
          : 'Each person gets an email with a link to set up their account.'
      }
      preventClose={sending}
    >
      {step.name === 'done' ? (
        <InviteSummary
          result={step.result}
          notSent={step.notSent}
          onDone={() => changeOpen(false)}
          onInviteMore={chooseAnotherFile}
        />
      ) : step.name === 'sending' ? (
        <BulkProgressView
          progress={{ processed: step.sent, total: step.total }}
          label="Sending invitations"
          stopping={stopping}
          onStop={() => {
            setStopping(true);
            stopRequested.current = true;
          }}
        />
      ) : (
        <div className="mt-6 flex flex-col gap-5">
          {step.name !== 'preview' && (
            <div className="flex flex-col gap-2">
              <label htmlFor={fileInputId} className="text-sm font-medium text-slate-900">
                CSV file
              </label>
              <input
                ref={fileInput}
                id={fileInputId}
                type="file"
                accept=".csv,text/csv"
                aria-invalid={step.name === 'file' && step.error ? true : undefined}
                aria-describedby={clsx(
                  `${fileInputId}-help`,
                  step.name === 'file' && step.error && `${fileInputId}-error`,
                )}
                onChange={(event) => void chooseFile(event.target.files?.[0])}
                className="max-w-full text-sm"
              />
              {step.name === 'file' && step.error && (
                <p id={`${fileInputId}-error`} role="alert" className="text-sm text-red-700">
                  {step.error}
                </p>
              )}
              <FileHelp id={`${fileInputId}-help`} />
            </div>
          )}
          {step.name === 'checking' && <Spinner text="Checking the file…" />}
          {step.name === 'preview' && (
            <CsvPreview
              fileName={step.fileName}
              rows={step.rows}
              headingRef={previewHeading}
              onChooseAnother={chooseAnotherFile}
            />
          )}
          <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-6">
            <Button variant="secondary" onClick={() => changeOpen(false)}>
              Cancel
            </Button>
            {step.name === 'preview' && (
              <SendButton rows={step.rows} onSend={(rows) => void send(step.fileName, rows)} />
            )}
          </div>
        </div>
      )}
      {reauthenticated.dialog}
    </Dialog>
  );
}

function SendButton({
  rows,
  onSend,
}: {
  rows: InviteCsvRow[];
  onSend: (rows: InviteCsvRow[]) => void;
}) {
  const ready = rows.filter((row) => row.invite).length;
  return (
    <Button disabled={ready === 0} onClick={() => onSend(rows)}>
      Send {countLabel(ready, ['invitation', 'invitations'])}
    </Button>
  );
}

const ROWS_LABEL = 'Rows of the file';
const COLUMNS = ['Line', 'Email', 'Full name', 'Role', 'Check'] as const;
/** The columns of a row from sm up; below, each value sits beside its name. */
const ROW_COLUMNS =
  'sm:grid-cols-[3rem_minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,0.8fr)_minmax(0,1.3fr)]';

/** One value of a row: its name shown beside it on narrow screens, read with it everywhere. */
function RowValue({
  name,
  className,
  children,
}: {
  name: (typeof COLUMNS)[number];
  className?: string;
  children: ReactNode;
}) {
  return (
    <>
      <dt className="font-medium text-slate-600 sm:sr-only">{name}</dt>
      <dd className={className}>{children}</dd>
    </>
  );
}

function CsvPreview({
  fileName,
  rows,
  headingRef,
  onChooseAnother,
}: {
  fileName: string;
  rows: InviteCsvRow[];
  headingRef: RefObject<HTMLHeadingElement | null>;
  onChooseAnother: () => void;
}) {
  const headingId = useId();
  const ready = rows.filter((row) => row.invite).length;
  const withProblems = rows.length - ready;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h3
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          Preview of {fileName}
        </h3>
        <Button variant="link" onClick={onChooseAnother}>
          Choose another file
        </Button>
      </div>
      <p className="text-sm text-slate-700">
        {countLabel(rows.length, ['row', 'rows'])}: {ready} ready to send
        {withProblems > 0
          ? `, ${withProblems} with problems (they are not sent: fix them in the file and choose it again).`
          : '.'}
      </p>
      {/* The rows scroll on their own, so Cancel and Send stay in view below them. At narrow
          widths each row is a card that names its values; from sm up the cards line up under
          column headings (the house's row pattern, as in Invite users). */}
      <TableScroll
        label="Preview rows"
        className="max-h-[min(35vh,28rem)] overflow-y-auto rounded-lg border border-slate-200"
      >
        <div
          aria-hidden="true"
          className={clsx(
            ROW_COLUMNS,
            'sticky top-0 hidden gap-x-3 border-b border-slate-200 bg-slate-50 px-3 py-2 text-sm font-semibold text-slate-700 sm:grid',
          )}
        >
          {COLUMNS.map((column) => (
            <span key={column}>{column}</span>
          ))}
        </div>
        <ol aria-label={ROWS_LABEL} className="flex flex-col">
          {rows.map((row) => (
            <li
              key={row.line}
              className={clsx(
                'border-b border-slate-100 px-3 py-2 text-sm last:border-none',
                row.invite === null && 'bg-red-50',
              )}
            >
              <dl
                className={clsx(
                  ROW_COLUMNS,
                  'grid grid-cols-[5.5rem_minmax(0,1fr)] gap-x-3 gap-y-1',
                )}
              >
                <RowValue name="Line" className="text-slate-700 tabular-nums">
                  {row.line}
                </RowValue>
                <RowValue name="Email" className="break-all text-slate-900">
                  {row.email}
                </RowValue>
                <RowValue name="Full name" className="break-words text-slate-700">
                  {row.fullName}
                </RowValue>
                <RowValue name="Role" className="break-words text-slate-700">
                  {row.position}
                </RowValue>
                <RowValue name="Check">
                  {row.invite ? (
                    <span className="text-green-800">Ready</span>
                  ) : (
                    <ul className="flex flex-col gap-0.5 text-red-800">
                      {row.problems.map((problem) => (
                        <li key={problem}>{problem}</li>
                      ))}
                    </ul>
                  )}
                </RowValue>
              </dl>
            </li>
          ))}
        </ol>
      </TableScroll>
    </section>
  );
}
