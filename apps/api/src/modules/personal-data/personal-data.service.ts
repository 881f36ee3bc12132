import type { AuditEvent, PersonalData } from '@staff-admin/shared';
import { nowIso, type Clock } from '../../lib/clock.js';
import { UserNotFound } from '../../lib/errors.js';
import type { AuditEventRow, AuditRepository, RequestOrigin } from '../audit/index.js';
import type { AuthContext, SessionsService } from '../sessions/index.js';
import type { TwoStepRepository } from '../two-step/index.js';
import type { UsersRepository } from '../users/index.js';

export interface PersonalDataDeps {
  users: UsersRepository;
  sessions: SessionsService;
  twoStep: TwoStepRepository;
  audit: AuditRepository;
  clock: Clock;
}

/**
 * GET /users/profile/export: what the site holds about the signed-in user (SPEC §1's right of
 * access). Every field is picked by name, so nothing secret can slip in: no password hash, no
 * token or token hash, no sealed authenticator secret, no recovery code hash, no passkey key.
 */
export class PersonalDataService {
  constructor(private readonly deps: PersonalDataDeps) {}

  async export(auth: AuthContext, origin: RequestOrigin): Promise<PersonalData> {
    const { users, sessions, twoStep, audit, clock } = this.deps;
    const user = await users.findById(auth.userId);
    if (!user) throw new UserNotFound();
    // Recorded before anything is read, so the export holds its own event too.
    await audit.record({
      action: 'user.data_exported',
      actorId: auth.userId,
      targetId: auth.userId,
      origin,
    });
    const [history, totp, passkeys, recoveryCodesLeft, events] = await Promise.all([
      sessions.historyForUser(auth.userId),
      twoStep.findTotp(auth.userId),
      twoStep.listPasskeys(auth.userId),
      twoStep.countUnusedRecoveryCodes(auth.userId),
      audit.findInvolving(auth.userId),
    ]);
    return {
      exportedAt: nowIso(clock),
      user,
      sessions: history,
      twoStep: {
        totp: Boolean(totp?.confirmedAt),
        recoveryCodesLeft,
        passkeys: passkeys.map(({ id, name, createdAt, lastUsedAt }) => ({
          id,
          name,
          createdAt,
          lastUsedAt,
        })),
      },
      auditEvents: events.map((row) => ownAuditEvent(row, auth.userId)),
    };
  }
}

/**
 * An audit event as the user's own data. Where another user acted on them (an admin changing
 * their role), the IP address and browser are that other person's data and are left out, as the
 * retention job's anonymisation also keeps them apart.
 */
function ownAuditEvent(row: AuditEventRow, userId: string): AuditEvent {
  // The directory (a SCIM token, `actorName`) is someone else too.
  const byOther = (row.actorId !== null && row.actorId !== userId) || row.actorName !== null;
  return {
    id: row.id,
    at: row.at,
    action: row.action,
    actorId: row.actorId,
    actorName: row.actorName,
    targetId: row.targetId,
    ip: byOther ? null : row.ip,
    userAgent: byOther ? null : row.userAgent,
    details: row.details ? (JSON.parse(row.details) as Record<string, unknown>) : null,
  };
}
