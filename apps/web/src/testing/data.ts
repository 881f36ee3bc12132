import type { User } from '@staff-admin/shared';

let sequence = 0;

export function createUser(overrides: Partial<User> = {}): User {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    email: `user${sequence}@example.com`,
    fullName: `Test User ${sequence}`,
    position: 'admin',
    status: 'active',
    imageUrl: null,
    createdAt: '2025-03-04T09:05:00.000Z',
    updatedAt: '2025-03-04T09:05:00.000Z',
    invitedBy: null,
    twoStepEnabled: false,
    twoStepRequired: false,
    lastSignInAt: null,
    invitation: null,
    managedBySso: false,
    managedByDirectory: false,
    ...overrides,
  };
}
