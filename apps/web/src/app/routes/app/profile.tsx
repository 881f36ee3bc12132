import { Link } from 'react-router';
import { ContentLayout } from '../../../components/layouts/content-layout.js';
import { buttonClassName } from '../../../components/ui/button.js';
import { paths } from '../../../config/paths.js';
import { ProfileDetails } from '../../../features/profile/components/profile-details.js';
import { useAuthenticatedUser } from '../../../lib/auth.js';

export function ProfileRoute() {
  const user = useAuthenticatedUser();
  return (
    <ContentLayout
      title="Profile setting"
      actions={
        <Link to={paths.changePassword.path} className={buttonClassName({ variant: 'secondary' })}>
          Change Password
        </Link>
      }
    >
      <ProfileDetails user={user} />
    </ContentLayout>
  );
}
