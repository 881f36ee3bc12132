import { zodResolver } from '@hookform/resolvers/zod';
import {
  API_MESSAGES,
  BULK_CREATE_MAX,
  POSITIONS,
  POSITION_LABELS,
  fullNameSchema,
  inviteRowSchema,
  normalizeEmail,
  positionSchema,
  noRepeatedEmails,
  type BulkCreateResult,
  type Position,
} from '@staff-admin/shared';
import { Controller, useFieldArray, type FieldPath } from 'react-hook-form';
import { z } from 'zod';
import {
  isReauthenticationCancelled,
  useReauthenticated,
} from '../../../components/reauthenticate/use-reauthenticated.js';
import { Button } from '../../../components/ui/button.js';
import { Dropdown } from '../../../components/ui/dropdown.js';
import { PlusIcon, XIcon } from 'lucide-react';
import { Input } from '../../../components/ui/input.js';
import {
  removableRowProps,
  useRemovedRowFocus,
} from '../../../components/ui/use-removed-row-focus.js';
import { getErrorMessage, isApiError } from '../../../lib/api-error.js';
import { registerTrimmed, useForm } from '../../../lib/form.js';
import { toast } from '../../../lib/toast.js';
import { useInvitationToast } from '../../../lib/use-invitation-toast.js';
import { findExistingEmails } from '../api/find-existing-emails.js';
import { useInviteUsers } from '../api/invite-users.js';

/**
 * The shared row rules, with what a form needs on top: an empty full name means "none" (it is
 * optional) and an unchosen role ('') gets a message of its own.
 */
const inviteFormRowSchema = inviteRowSchema.extend({
  fullName: z
    .string()
    .trim()
    .transform((name) => (name === '' ? undefined : name))
    .pipe(fullNameSchema.optional()),
  position: z.string().pipe(positionSchema),
});

const inviteFormSchema = z
  .object({ rows: z.array(inviteFormRowSchema).min(1).max(BULK_CREATE_MAX) })
  .superRefine(noRepeatedEmails('rows'));

type InviteFormInput = z.input<typeof inviteFormSchema>;
type InviteFormOutput = z.output<typeof inviteFormSchema>;

const EMPTY_ROW: InviteFormInput['rows'][number] = { email: '', fullName: '', position: '' };
const POSITION_OPTIONS = POSITIONS.map((value) => ({ value, label: POSITION_LABELS[value] }));
const ROW_ERROR_KEY = /^users\.(\d+)\.(email|fullName|position)$/;

interface InviteUsersFormProps {
  onInvited: (result: BulkCreateResult) => void;
  onCancel: () => void;
}

/**
 * One row per person (email, optional full name, role). Rows are checked as they are filled;
 * on sending, emails that already have an account are marked and nothing is sent until they
 * are fixed, then POST /users/bulk-create invites the rest (after "Confirm your password" when
 * an admin is among them and the password was not entered recently).
 */
export function InviteUsersForm({ onInvited, onCancel }: InviteUsersFormProps) {
  const inviteUsers = useInviteUsers();
  const reauthenticated = useReauthenticated();
  const invitationToast = useInvitationToast();
  const form = useForm<InviteFormInput, unknown, InviteFormOutput>({
    resolver: zodResolver(inviteFormSchema),
    // Checked as each field is left, then on every change once sent. (Not 'onTouched': with it,
    // adding or removing a row would check every row at once, untouched ones included.)
    mode: 'onBlur',
    reValidateMode: 'onChange',
    defaultValues: { rows: [EMPTY_ROW] },
  });
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const rows = useFieldArray({ control, name: 'rows' });
  // A removed row took its Remove button, which had focus: focus goes to the next row's email,
  // else the previous row's.
  const { attach: rowsRef } = useRemovedRowFocus();

  /** Marks the rows whose email has an account; true when there was one. */
  function markTaken(values: InviteFormOutput, taken: Set<string>): boolean {
    let first = true;
    values.rows.forEach((row, index) => {
      if (!taken.has(normalizeEmail(row.email))) return;
      setError(
        `rows.${index}.email`,
        { type: 'server', message: API_MESSAGES.emailTaken },
        { shouldFocus: first },
      );
      first = false;
    });
    return !first;
  }

  /** Puts the server's per-row messages (`users.<row>.<field>`) under their fields. */
  function markServerErrors(error: unknown) {
    if (!isApiError(error)) return;
    for (const [key, message] of Object.entries(error.errors ?? {})) {
      const match = ROW_ERROR_KEY.exec(key);
      if (!match || typeof message !== 'string') continue;
      const name = `rows.${match[1]}.${match[2]}` as FieldPath<InviteFormInput>;
      setError(name, { type: 'server', message });
    }
  }

  const onSubmit = handleSubmit(async (values) => {
    try {
      const taken = await findExistingEmails(values.rows.map((row) => normalizeEmail(row.email)));
      if (markTaken(values, taken)) return;
      const users = values.rows.map(({ email, fullName, position }) => ({
        email,
        ...(fullName ? { fullName } : {}),
        position,
      }));
      const result = await reauthenticated.run(() => inviteUsers.mutateAsync({ users }));
      if (result.created.length > 0) invitationToast(result.mailDelivery, result.created.length);
      onInvited(result);
    } catch (error) {
      // "Confirm your password" was closed: nobody was invited, the rows stay to send again.
      if (isReauthenticationCancelled(error)) return;
      markServerErrors(error);
      toast.error(getErrorMessage(error));
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="mt-6 flex flex-col gap-4"
    >
      <div
        aria-hidden="true"
        className="hidden grid-cols-[minmax(0,1fr)_minmax(0,1fr)_11rem_2.5rem] gap-3 text-sm font-medium text-slate-900 sm:grid"
      >
        <span>Email</span>
        <span>Full name (optional)</span>
        <span>Role</span>
      </div>
      <ol ref={rowsRef} className="flex flex-col gap-4 sm:gap-3">
        {rows.fields.map((field, index) => {
          const number = index + 1;
          const rowErrors = errors.rows?.[index];
          return (
            <li
              key={field.id}
              {...removableRowProps(field.id)}
              className="grid grid-cols-1 items-start gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_11rem_2.5rem] sm:border-none sm:p-0"
            >
              <Input
                label={`Email ${number}`}
                hideLabel="sm"
                type="email"
                inputMode="email"
                autoComplete="off"
                placeholder="name@company.com"
                error={rowErrors?.email?.message}
                {...registerTrimmed(form, `rows.${index}.email`)}
              />
              <Input
                label={`Full name ${number}`}
                hideLabel="sm"
                autoComplete="off"
                placeholder="Full name"
                error={rowErrors?.fullName?.message}
                {...registerTrimmed(form, `rows.${index}.fullName`)}
              />
              <Controller
                control={control}
                name={`rows.${index}.position`}
                render={({ field: position }) => (
                  <Dropdown
                    label={`Role ${number}`}
                    hideLabel="sm"
                    options={POSITION_OPTIONS}
                    value={
                      (POSITIONS as readonly string[]).includes(position.value)
                        ? (position.value as Position)
                        : null
                    }
                    onChange={position.onChange}
                    onBlur={position.onBlur}
                    ref={position.ref}
                    error={rowErrors?.position?.message}
                  />
                )}
              />
              <button
                type="button"
                aria-label={`Remove row ${number}`}
                disabled={rows.fields.length === 1}
                onClick={() => rows.remove(index)}
                className="inline-flex size-11 items-center justify-center justify-self-end rounded-lg text-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-40"
              >
                <XIcon />
              </button>
            </li>
          );
        })}
      </ol>
      <div>
        <Button
          variant="secondary"
          size="small"
          disabled={rows.fields.length >= BULK_CREATE_MAX}
          onClick={() => rows.append(EMPTY_ROW)}
        >
          <PlusIcon />
          Add row
        </Button>
      </div>
      <div className="mt-4 flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-6">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isLoading={isSubmitting}>
          Send invitations
        </Button>
      </div>
      {reauthenticated.dialog}
    </form>
  );
}
