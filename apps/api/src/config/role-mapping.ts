import type { Position } from '@staff-admin/shared';

/**
 * Which position the directory's groups give: OIDC_ROLE_MAP and OIDC_DEFAULT_ROLE, the one rule
 * of both company sign-in and SCIM (read even when the rest of OIDC_* is not set).
 */
export interface RoleMapping {
  /** group → position, in the order given: the first group a person is in wins. */
  map: Map<string, Position>;
  /** The position of a person in no mapped group; undefined: SSO refuses them. */
  defaultRole: Position | undefined;
}

/** The position `groups` give: the first group of the map the person is in, else the default. */
export function roleForGroups(
  mapping: RoleMapping,
  groups: readonly string[],
): { role: Position | undefined; group: string | null } {
  for (const [group, role] of mapping.map) {
    if (groups.includes(group)) return { role, group };
  }
  return { role: mapping.defaultRole, group: null };
}
