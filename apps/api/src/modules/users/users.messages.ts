/**
 * The user-administration calls' own answers (CONTRACT §4 and §5 name the statuses, not the
 * texts). Kept here until the site needs to match one of them.
 */
export const USER_ADMIN_MESSAGES = {
  lastActiveAdmin:
    'This is the last active admin. Make another user an active admin before removing this one.',
  ownPositionOrStatus: 'You cannot change your own position or status.',
  roleManagedBySso:
    "This user's role is managed by the company sign-in: change their group at the company's identity provider.",
  deleteSelf: 'You cannot delete your own account.',
  pendingStatus:
    'This user has not accepted the invitation yet: their status changes when they set up their account.',
  statusNotSettable: 'Status can only be set to active or inactive.',
  imageNotUploaded: 'The picture must be uploaded first.',
  imageInUse: 'This picture belongs to another user.',
} as const;
