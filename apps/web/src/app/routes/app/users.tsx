import { useState } from 'react';
import { ContentLayout } from '../../../components/layouts/content-layout.js';
import { Button } from '../../../components/ui/button.js';
import { lazyDialog } from '../../../components/ui/lazy-dialog.js';
import { FileUpIcon, PlusIcon } from 'lucide-react';
import { UsersList } from '../../../features/users/components/users-list.js';
import { RequireArea } from '../../guards/require-area.js';
import { USERS_AREA } from './users-area.js';

const InviteUsersDialog = lazyDialog(
  async () =>
    (await import('../../../features/users/components/invite-users-dialog.js')).InviteUsersDialog,
);
const InviteCsvDialog = lazyDialog(
  async () =>
    (await import('../../../features/users/components/invite-csv-dialog.js')).InviteCsvDialog,
);

function UserManagement() {
  const [inviting, setInviting] = useState(false);
  const [invitingFromCsv, setInvitingFromCsv] = useState(false);
  return (
    <ContentLayout
      title={USERS_AREA.label}
      actions={
        <>
          <Button variant="secondary" onClick={() => setInvitingFromCsv(true)}>
            <FileUpIcon />
            Invite from CSV
          </Button>
          <Button onClick={() => setInviting(true)}>
            <PlusIcon />
            Invite users
          </Button>
        </>
      }
    >
      <UsersList />
      <InviteUsersDialog open={inviting} onOpenChange={setInviting} />
      <InviteCsvDialog open={invitingFromCsv} onOpenChange={setInvitingFromCsv} />
    </ContentLayout>
  );
}

/** /users: the list of staff, for admins. */
export function UsersRoute() {
  return (
    <RequireArea area={USERS_AREA}>
      <UserManagement />
    </RequireArea>
  );
}
