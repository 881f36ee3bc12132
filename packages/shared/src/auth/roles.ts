/** Roles are the user's position (SPEC §6); statuses are SPEC §4's. */
export const POSITIONS = [
  'admin',
  'project_owner',
  'project_manager',
  'contractor',
  'finance',
] as const;
export type Position = (typeof POSITIONS)[number];

export const POSITION_LABELS: Record<Position, string> = {
  admin: 'Admin',
  project_owner: 'Project owner',
  project_manager: 'Project manager',
  contractor: 'Contractor',
  finance: 'Finance',
};

export const STATUSES = ['pending', 'active', 'inactive'] as const;
export type Status = (typeof STATUSES)[number];

export const STATUS_LABELS: Record<Status, string> = {
  pending: 'Pending',
  active: 'Active',
  inactive: 'Inactive',
};

/** The statuses an admin may switch another user between; pending is left only by setup. */
export const SWITCHABLE_STATUSES = ['active', 'inactive'] as const;
export type SwitchableStatus = (typeof SWITCHABLE_STATUSES)[number];

/**
 * The three areas named in the header, who may reach them, and the path prefix that highlights
 * their link (SPEC §2, §6; CONTRACT §5). Order is the header's order.
 */
export const AREAS = [
  {
    id: 'users',
    label: 'User management',
    path: '/users',
    prefix: '/users',
    positions: ['admin'],
  },
  {
    id: 'financial',
    label: 'Budgeting & Cost tracking',
    path: '/financial/projects',
    prefix: '/financial',
    positions: ['admin', 'finance'],
  },
  {
    id: 'monitoring',
    label: 'Monitoring & Error management',
    path: '/monitoring',
    prefix: '/monitoring',
    positions: ['admin'],
  },
] as const satisfies readonly {
  id: string;
  label: string;
  path: string;
  prefix: string;
  positions: readonly Position[];
}[];
export type Area = (typeof AREAS)[number];
export type AreaId = Area['id'];

export function canReachArea(position: Position, areaId: AreaId): boolean {
  const area = AREAS.find((a) => a.id === areaId);
  return area !== undefined && (area.positions as readonly Position[]).includes(position);
}

export function areasFor(position: Position): Area[] {
  return AREAS.filter((area) => (area.positions as readonly Position[]).includes(position));
}
