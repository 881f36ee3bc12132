import { EMPTY_VALUE, LAYOUT, type User } from '@staff-admin/shared';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.js';
import { logout } from '../../lib/auth.js';
import { ActionMenu, type MenuItem } from '../ui/action-menu.js';
import { Avatar } from '../ui/avatar.js';
import { ChevronDownIcon, LogOutIcon, UserIcon } from 'lucide-react';

/** The header's account menu: who is signed in, their profile, and signing out. */
export function UserMenu({ user }: { user: User }) {
  const navigate = useNavigate();
  const items: MenuItem[] = [
    {
      id: 'profile',
      label: 'Profile setting',
      icon: <UserIcon />,
      onClick: () => void navigate(paths.profile.path),
    },
    { id: 'logout', label: 'Log out', icon: <LogOutIcon />, onClick: () => void logout() },
  ];

  return (
    <ActionMenu
      items={items}
      maxHeight={LAYOUT.userMenuMaxHeight}
      minWidth={LAYOUT.userMenuMinWidth}
    >
      <button
        type="button"
        className="flex max-w-72 items-center gap-3 rounded-lg px-2 py-1.5 text-left text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400 data-[state=open]:bg-white/10"
      >
        <Avatar name={user.fullName || user.email} avatarUrl={user.imageUrl} />
        <span className="flex min-w-0 flex-col max-md:sr-only">
          <span className="truncate text-sm font-semibold">{user.fullName || EMPTY_VALUE}</span>
          <span className="truncate text-xs text-slate-300">{user.email || EMPTY_VALUE}</span>
        </span>
        <ChevronDownIcon className="shrink-0 text-slate-300" />
      </button>
    </ActionMenu>
  );
}
