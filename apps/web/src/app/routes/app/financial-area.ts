import { AREAS } from '@staff-admin/shared';

const area = AREAS.find((candidate) => candidate.id === 'financial');
if (!area) throw new Error('The shared AREAS table has no financial area');

/** Budgeting & Cost tracking: its label, path and the roles that reach it. */
export const FINANCIAL_AREA = area;
