import { EMPTY_VALUE, type PersonRef } from '@staff-admin/shared';

/** How a budgeting screen names a person: their name, else their email, else a dash. */
export const personName = (person: Pick<PersonRef, 'fullName' | 'email'> | null) =>
  person?.fullName ?? person?.email ?? EMPTY_VALUE;
