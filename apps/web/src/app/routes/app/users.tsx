import { useState } from 'react';
import { ContentLayout } from '../../../components/layouts/content-layout.js';
import { Button } from '../../../components/ui/button.js';
import { PlusIcon } from 'lucide-react';
import { InviteUsersDialog } from '../../../features/users/components/invite-users-dialog.js';
import { UsersList } from '../../../features/users/components/users-list.js';
import { RequireArea } from '../../guards/require-area.js';
import { USERS_AREA } from './users-area.js';

function UserManagement() {
  const [inviting, setInviting] = useState(false);
  return (
    <ContentLayout
      title={USERS_AREA.label}
      actions={
        <Button onClick={() => setInviting(true)}>
          <PlusIcon />
          Invite users
        </Button>
      }
    >
      <UsersList />
      <InviteUsersDialog open={inviting} onOpenChange={setInviting} />
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
