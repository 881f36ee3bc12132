import type { UpdateUserInput } from '@staff-admin/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ContentLayout } from '../../../components/layouts/content-layout.js';
import { Button, buttonClassName } from '../../../components/ui/button.js';
import { ChevronLeftIcon } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner.js';
import { paths } from '../../../config/paths.js';
import { ProfileForm } from '../../../features/profile/components/profile-form.js';
import { sessionsQueryKey } from '../../../features/sessions/api/get-sessions.js';
import { SessionsCard } from '../../../features/sessions/components/sessions-card.js';
import { useDeleteUser } from '../../../features/users/api/delete-user.js';
import { useUser, userQueryKey } from '../../../features/users/api/get-user.js';
import { ResetTwoStepAction } from '../../../features/users/components/reset-two-step-action.js';
import { useResendInvitation } from '../../../features/users/api/resend-invitation.js';
import { useSendPasswordReset } from '../../../features/users/api/send-password-reset.js';
import { useUpdateUser } from '../../../features/users/api/update-user.js';
import { getErrorMessage, isApiError } from '../../../lib/api-error.js';
import { useAuthenticatedUser } from '../../../lib/auth.js';
import { RequireArea } from '../../guards/require-area.js';
import { OwnProfile } from './profile.js';
import { USERS_AREA } from './users-area.js';

const TITLE = 'User profile';

const backToList = (
  <Link to={paths.users.path} className={buttonClassName({ variant: 'secondary' })}>
    <ChevronLeftIcon />
    Back to {USERS_AREA.label}
  </Link>
);

function OtherUserProfile({ id }: { id: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUser(id);
  const updateUser = useUpdateUser(id);
  const deleteUser = useDeleteUser(id);
  const resendInvitation = useResendInvitation();
  const sendPasswordReset = useSendPasswordReset();
  // A deleted user's record is dropped from the cache once this page is gone: dropped while the
  // page still shows it (navigation renders in a transition), it would be fetched again.
  const deleted = useRef(false);
  useEffect(
    () => () => {
      if (deleted.current) queryClient.removeQueries({ queryKey: userQueryKey(id) });
    },
    [queryClient, id],
  );

  if (user.isPending) {
    return (
      <ContentLayout title={TITLE} actions={backToList}>
        <Spinner text="Loading user…" />
      </ContentLayout>
    );
  }
  if (user.isError) {
    const missing = isApiError(user.error, 404);
    return (
      <ContentLayout title={TITLE} actions={backToList}>
        <div role="alert" className="flex flex-col items-start gap-4">
          <p className="text-slate-800">
            {missing
              ? 'This user does not exist. They may have been deleted.'
              : `The user could not be loaded. ${getErrorMessage(user.error)}`}
          </p>
          {!missing && (
            <Button variant="secondary" onClick={() => void user.refetch()}>
              Try again
            </Button>
          )}
        </div>
      </ContentLayout>
    );
  }

  const { email } = user.data;
  const save = async (input: UpdateUserInput) => {
    const saved = await updateUser.mutateAsync(input);
    // Making a user inactive ends their sessions on the server.
    if (input.status) void queryClient.invalidateQueries({ queryKey: sessionsQueryKey(id) });
    return saved;
  };
  return (
    <ContentLayout
      title={TITLE}
      documentTitle={`${user.data.fullName || email} · ${TITLE}`}
      actions={backToList}
    >
      <div className="flex flex-col gap-6">
        <ProfileForm
          key={user.data.id}
          variant="other"
          user={user.data}
          onSave={save}
          actions={{
            deleteUser: async () => {
              await deleteUser.mutateAsync();
              deleted.current = true;
              await navigate(paths.users.path);
            },
            resendInvitation: () => resendInvitation.mutateAsync(email),
            sendPasswordReset: () => sendPasswordReset.mutateAsync(email),
          }}
        />
        <ResetTwoStepAction user={user.data} />
        <SessionsCard userId={id} />
      </div>
    </ContentLayout>
  );
}

/**
 * /users/{id}: another user's profile for admins; one's own id shows one's own profile (the
 * server lets anyone read themselves, CONTRACT §4).
 */
export function UserDetailRoute() {
  const { id = '' } = useParams();
  const me = useAuthenticatedUser();
  if (id === me.id) return <OwnProfile />;
  return (
    <RequireArea area={USERS_AREA}>
      <OtherUserProfile id={id} />
    </RequireArea>
  );
}
