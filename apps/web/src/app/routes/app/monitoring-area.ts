import { AREAS } from '@staff-admin/shared';

const area = AREAS.find((candidate) => candidate.id === 'monitoring');
if (!area) throw new Error('The shared AREAS table has no monitoring area');

/** Monitoring & Error management: its label, path and the roles that reach it. */
export const MONITORING_AREA = area;
