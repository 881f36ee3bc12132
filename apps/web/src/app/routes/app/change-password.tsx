import { ContentLayout } from '../../../components/layouts/content-layout.js';

/** Registered so the profile's Change Password link works; the form comes in the next round. */
export function ChangePasswordRoute() {
  return <ContentLayout title="Change password" />;
}
