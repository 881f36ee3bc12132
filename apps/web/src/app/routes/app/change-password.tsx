import { ContentLayout } from '../../../components/layouts/content-layout.js';
import { ChangePasswordForm } from '../../../features/auth/components/change-password-form.js';

export function ChangePasswordRoute() {
  return (
    <ContentLayout
      title="Change password"
      description="Enter your current password, then choose a new one."
    >
      <ChangePasswordForm />
    </ContentLayout>
  );
}
