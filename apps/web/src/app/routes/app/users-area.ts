import { AREAS } from '@staff-admin/shared';

const area = AREAS.find((candidate) => candidate.id === 'users');
if (!area) throw new Error('The shared AREAS table has no users area');

/** The User management area: its label, path and the roles that reach it. */
export const USERS_AREA = area;
