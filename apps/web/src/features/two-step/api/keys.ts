/** The signed-in user's record; two-step changes update its `twoStepEnabled`. */
export const profileQueryKey = ['users', 'profile'] as const;

/** GET /users/profile/two-step; under the profile's key, so refreshing the profile refreshes it. */
export const twoStepStatusQueryKey = ['users', 'profile', 'two-step'] as const;
