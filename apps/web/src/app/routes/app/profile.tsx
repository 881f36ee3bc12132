import { ContentLayout } from '../../../components/layouts/content-layout.js';
import { useUpdateProfile } from '../../../features/profile/api/update-profile.js';
import { MyDataCard } from '../../../features/profile/components/my-data-card.js';
import { ProfileForm } from '../../../features/profile/components/profile-form.js';
import { SessionsCard } from '../../../features/sessions/components/sessions-card.js';
import { SecurityCard } from '../../../features/two-step/components/security-card.js';
import { useAuthenticatedUser } from '../../../lib/auth.js';

/** The signed-in user's own profile form; also shown at /users/{their id}. */
export function OwnProfile() {
  const me = useAuthenticatedUser();
  const updateProfile = useUpdateProfile();
  return (
    <ContentLayout title="Profile setting">
      <div className="flex flex-col gap-6">
        <ProfileForm key={me.id} variant="self" user={me} onSave={updateProfile.mutateAsync} />
        <SecurityCard />
        <SessionsCard userId={me.id} />
        <MyDataCard />
      </div>
    </ContentLayout>
  );
}

export function ProfileRoute() {
  return <OwnProfile />;
}
