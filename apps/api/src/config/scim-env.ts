import { z } from 'zod';

/** Provisioning from the company's directory with SCIM 2.0 (issue 36, docs/scim.md). */
export interface ScimConfig {
  /** SCIM_DELETE: a directory's DELETE deletes the user, or only deactivates them. */
  onDelete: 'delete' | 'deactivate';
  /** SCIM_SEND_INVITATIONS: a new user is pending and gets the invitation mail. */
  sendInvitations: boolean;
  /** SCIM_REQUESTS_PER_MINUTE: calls per token and minute; beyond them 429. */
  requestsPerMinute: number;
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
