import { z } from 'zod';
import type { Position } from '@staff-admin/shared';

/** Provisioning from the company's directory with SCIM 2.0 (issue 36, docs/scim.md). */
export interface ScimConfig {
  /** SCIM_DELETE: a directory's DELETE deletes the user, or only deactivates them. */
  onDelete: 'delete' | 'deactivate';
  /** SCIM_SEND_INVITATIONS: a new user is pending and gets the invitation mail. */
  sendInvitations: boolean;
  /** SCIM_REQUESTS_PER_MINUTE: calls per token and minute; beyond them 429. */
  requestsPerMinute: number;
}

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

const flag = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .transform((value) => value === 'true');

export const scimEnvSchema = {
  SCIM_DELETE: z
    .enum(['delete', 'deactivate'], { error: 'must be delete or deactivate' })
    .default('delete'),
  SCIM_SEND_INVITATIONS: flag.default(false),
  SCIM_REQUESTS_PER_MINUTE: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(1_000_000)
    .default(6000),
};

type ScimVars = z.output<z.ZodObject<typeof scimEnvSchema>>;

export const buildScimConfig = (vars: ScimVars): ScimConfig => ({
  onDelete: vars.SCIM_DELETE,
  sendInvitations: vars.SCIM_SEND_INVITATIONS,
  requestsPerMinute: vars.SCIM_REQUESTS_PER_MINUTE,
});

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
