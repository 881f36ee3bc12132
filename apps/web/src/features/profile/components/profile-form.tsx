import {
  DIRECTORY_MESSAGES,
  EMPTY_VALUE,
  FULL_NAME_MAX_LENGTH,
  POSITIONS,
  POSITION_LABELS,
  RECORD_DATE_FORMAT,
  STATUS_LABELS,
  SWITCHABLE_STATUSES,
  TOAST_MESSAGES,
  type UpdateProfileInput,
  type UpdateUserInput,
  type User,
} from '@staff-admin/shared';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { Link } from 'react-router';
import {
  isReauthenticationCancelled,
  useReauthenticated,
} from '../../../components/reauthenticate/use-reauthenticated.js';
import { Button, buttonClassName } from '../../../components/ui/button.js';
import { ConfirmDialog } from '../../../components/ui/dialog.js';
import { Dropdown } from '../../../components/ui/dropdown.js';
import { Input } from '../../../components/ui/input.js';
import { DirectoryBadge, ROLE_MANAGED_BY_SSO, SsoBadge } from '../../../components/ui/sso-badge.js';
import { StatusBadge } from '../../../components/ui/status-badge.js';
import { paths } from '../../../config/paths.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { DateTime } from '../../../components/ui/date-time.js';
import { registerTrimmed, setServerFieldErrors, useForm } from '../../../lib/form.js';
import { lazyResolver } from '../../../lib/lazy-resolver.js';
import { toast } from '../../../lib/toast.js';
import { uploadPicture } from '../api/upload-picture.js';
import { storedImage, type ProfileImage } from '../utils/picture.js';
import type { ProfileFormValues } from '../utils/profile-form-resolver.js';
import { PictureField } from './picture-field.js';
import { UserAccountActions, type UserAccountActionHandlers } from './user-account-actions.js';

type ProfileFormProps =
  | {
      /** The signed-in user's own profile: name and picture only. */
      variant: 'self';
      user: User;
      onSave: (input: UpdateProfileInput) => Promise<User>;
    }
  | {
      /** An admin editing someone else: role, status, delete and emails too. */
      variant: 'other';
      user: User;
      onSave: (input: UpdateUserInput) => Promise<User>;
      actions: UserAccountActionHandlers;
    };

/**
 * The form's validation (zod and the shared schemas) loads when the user first focuses the form
 * or saves: nothing on the screen needs it before, and the profile is the first page a signed-in
 * visit shows.
 */
const profileResolver = lazyResolver<ProfileFormValues, unknown, ProfileFormValues>(
  async () => (await import('../utils/profile-form-resolver.js')).profileFormResolver,
);
const namelessUserResolver = lazyResolver<ProfileFormValues, unknown, ProfileFormValues>(
  async () => (await import('../utils/profile-form-resolver.js')).namelessUserFormResolver,
);

const POSITION_OPTIONS = POSITIONS.map((value) => ({ value, label: POSITION_LABELS[value] }));
const STATUS_OPTIONS = SWITCHABLE_STATUSES.map((value) => ({
  value,
  label: STATUS_LABELS[value],
}));

function toFormValues(user: User): ProfileFormValues {
  return {
    fullName: user.fullName ?? '',
    position: user.position,
    status: user.status,
    image: storedImage(user.imageUrl),
  };
}

function fieldsChanged(values: ProfileFormValues, user: User): boolean {
  return (
    values.fullName !== (user.fullName ?? '') ||
    values.position !== user.position ||
    values.status !== user.status
  );
}

/**
 * SPEC §2's profile screen, for oneself and (for admins) for another user. Save asks first; the
 * chosen picture is uploaded on save, then the record is saved with its path. If the upload
 * fails, the stored picture stays (SPEC §7) and whatever else changed is still saved.
 */
export function ProfileForm(props: ProfileFormProps) {
  const { user, variant } = props;
  const isSelf = variant === 'self';
  const canEditStatus = !isSelf && user.status !== 'pending';
  const roleManaged = user.managedBySso;
  // Provisioned from the company's directory (issue 36): the name and status follow it, and the
  // role too when its groups give roles (then `managedBySso`, as company sign-in sets it), so
  // those controls are off and say why; the picture stays the person's own. Without groups that
  // give roles the directory sends no role, and an admin sets it here (docs/scim.md).
  const directoryManaged = user.managedByDirectory;
  const directoryReasonId = useId();
  const managedReason = directoryManaged ? directoryReasonId : undefined;
  const roleReason = directoryManaged && roleManaged ? directoryReasonId : undefined;
  const resolver = !isSelf && user.fullName === null ? namelessUserResolver : profileResolver;
  const form = useForm<ProfileFormValues>({
    resolver,
    defaultValues: toFormValues(user),
  });
  const {
    control,
    handleSubmit,
    reset,
    setValue,
    formState: { errors, isDirty, isSubmitting },
  } = form;
  const [confirmingSave, setConfirmingSave] = useState(false);
  const saveButton = useRef<HTMLButtonElement>(null);
  // Making someone an admin asks for the password again when it was not entered recently. The
  // save's confirmation has closed by then: focus comes back to Save.
  const reauthenticated = useReauthenticated({ finalFocus: () => saveButton.current });
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);

  /** The picture's new path, null to remove it, undefined to leave it (also if upload failed). */
  async function savePicture(image: ProfileImage | null): Promise<string | null | undefined> {
    if (image === null) return user.imageUrl === null ? undefined : null;
    if (!image.file) return undefined;
    setUploadProgress(0);
    try {
      return (await uploadPicture(image.file, { onProgress: setUploadProgress })).path;
    } catch (error) {
      toast.error(getErrorMessage(error));
      setValue('image', storedImage(user.imageUrl), { shouldDirty: true });
      return undefined;
    } finally {
      setUploadProgress(null);
    }
  }

  async function save(values: ProfileFormValues) {
    const imageUrl = await savePicture(values.image);
    const pictureSaved = imageUrl !== undefined;
    if (!pictureSaved && !fieldsChanged(values, user)) return;
    const picture = pictureSaved ? { imageUrl } : {};
    try {
      let saved: User;
      if (props.variant === 'self') {
        saved = await props.onSave({ fullName: values.fullName, ...picture });
      } else {
        const switchedStatus =
          canEditStatus && values.status !== user.status && values.status !== 'pending';
        const input = {
          // What the directory owns is never sent: the server would refuse it (409).
          ...(values.fullName && !directoryManaged ? { fullName: values.fullName } : {}),
          // A role that follows the company sign-in (or the directory's groups) is not the
          // admin's to send.
          ...(roleManaged ? {} : { position: values.position }),
          ...(switchedStatus && !directoryManaged ? { status: values.status } : {}),
          ...picture,
        };
        saved = await reauthenticated.run(() => props.onSave(input));
      }
      reset(toFormValues(saved));
      toast.success(TOAST_MESSAGES.changesSaved);
    } catch (error) {
      // "Confirm your password" was closed: nothing was saved, and the user knows why.
      if (isReauthenticationCancelled(error)) return;
      setServerFieldErrors(form, error, ['fullName']);
      toast.error(getErrorMessage(error));
    }
  }

  const askToSave = handleSubmit(() => setConfirmingSave(true));
  const confirmSave = () => {
    setConfirmingSave(false);
    void handleSubmit(save)();
  };

  const displayName = user.fullName || user.email;

  return (
    <form
      noValidate
      aria-label={isSelf ? 'Your profile' : `Profile of ${displayName}`}
      onFocus={resolver.preload}
      onSubmit={(event) => void askToSave(event)}
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_340px] lg:grid-rows-[auto_1fr]"
    >
      <section
        aria-label="Details"
        className="flex flex-col gap-8 rounded-2xl border border-slate-200 bg-white p-6 sm:p-8 lg:col-start-1 lg:row-start-1"
      >
        {directoryManaged && (
          <div className="flex flex-col items-start gap-2 rounded-lg border border-blue-200 bg-blue-50 p-4">
            <DirectoryBadge />
            <p id={directoryReasonId} className="text-sm text-slate-800">
              {DIRECTORY_MESSAGES.managedByDirectoryReason}
            </p>
          </div>
        )}
        <Controller
          control={control}
          name="image"
          render={({ field }) => (
            <PictureField
              name={displayName}
              value={field.value}
              onChange={field.onChange}
              progress={uploadProgress}
              disabled={isSubmitting}
            />
          )}
        />
        <div className="grid gap-6 sm:grid-cols-2">
          <Input label="Email" type="email" value={user.email} readOnly className="sm:col-span-2" />
          <Controller
            control={control}
            name="position"
            render={({ field }) => (
              <Dropdown
                label="Role"
                options={POSITION_OPTIONS}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                disabled={isSelf || roleManaged}
                description={roleReason ? undefined : roleDescription(isSelf, roleManaged)}
                aria-describedby={roleReason}
                error={errors.position?.message}
              />
            )}
          />
          <Input
            label="Full name"
            autoComplete={isSelf ? 'name' : 'off'}
            maxLength={FULL_NAME_MAX_LENGTH}
            error={errors.fullName?.message}
            disabled={directoryManaged}
            aria-describedby={managedReason}
            {...registerTrimmed(form, 'fullName')}
          />
        </div>
      </section>

      <section
        aria-labelledby="profile-record-heading"
        className="flex h-fit flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-6 lg:col-start-2 lg:row-span-2 lg:row-start-1"
      >
        <h2 id="profile-record-heading" className="text-base font-semibold">
          Record
        </h2>
        {canEditStatus ? (
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <Dropdown
                label="Status"
                options={STATUS_OPTIONS}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                disabled={directoryManaged}
                aria-describedby={managedReason}
              />
            )}
          />
        ) : null}
        <dl className="flex flex-col gap-5">
          {!canEditStatus && (
            <RecordFact label="Status">
              <StatusBadge status={user.status} />
            </RecordFact>
          )}
          {/* A directory's person: the notice above the details says what follows it. */}
          {roleManaged && !directoryManaged && (
            <RecordFact label="Role">
              <SsoBadge />
            </RecordFact>
          )}
          <RecordFact label="Record date">
            <DateTime value={user.createdAt} pattern={RECORD_DATE_FORMAT} />
          </RecordFact>
          <RecordFact label="Recorded by">{user.invitedBy?.fullName || EMPTY_VALUE}</RecordFact>
        </dl>
      </section>

      {/* After the record card in the source, so that Status comes before Save in tab order;
          on wide screens it is drawn under the details. */}
      <div className="flex flex-wrap items-center justify-end gap-3 rounded-2xl border border-slate-200 bg-white px-6 py-4 sm:px-8 lg:col-start-1 lg:row-start-2">
        {props.variant === 'self' ? (
          <Link
            to={paths.changePassword.path}
            className={buttonClassName({ variant: 'secondary' })}
          >
            Change Password
          </Link>
        ) : (
          <UserAccountActions user={user} handlers={props.actions} />
        )}
        <Button ref={saveButton} type="submit" disabled={!isDirty} isLoading={isSubmitting}>
          Save changes
        </Button>
      </div>

      <ConfirmDialog
        open={confirmingSave}
        onOpenChange={setConfirmingSave}
        title="Do you want to save changes?"
        description="All changes cannot be undone."
        confirmLabel="Yes, save"
        onConfirm={confirmSave}
      />
      {reauthenticated.dialog}
    </form>
  );
}

/** Why the role cannot be changed here, when it cannot. */
function roleDescription(isSelf: boolean, managedBySso: boolean): string | undefined {
  if (managedBySso) return ROLE_MANAGED_BY_SSO;
  return isSelf ? 'Only an administrator can change your role.' : undefined;
}

function RecordFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-base break-words text-slate-900">{children}</dd>
    </div>
  );
}
