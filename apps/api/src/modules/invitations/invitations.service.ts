import {
  API_MESSAGES,
  normalizeEmail,
  type BulkCreateInput,
  type BulkCreateResult,
  type MailDelivery,
  type SetupAccountInput,
  type User,
} from '@staff-admin/shared';
import { requireRecentAuth } from '../../http/guards.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { nowIso, type Clock } from '../../lib/clock.js';
import { invalid, UserNotFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { PasswordHasher } from '../../lib/password-hasher.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { AccountMails, MailTransaction } from '../mail/index.js';
import type { MailDeliveryCheck } from '../monitoring/index.js';
import { setPasswordFromLink, type PasswordLinkTransaction } from '../passwords/index.js';
import type { OneTimeTokensService } from '../one-time-tokens/index.js';
import { grantsAdminRole, type UsersRepository, type UsersService } from '../users/index.js';
import type { RequestOrigin } from '../audit/index.js';

interface InvitationsDeps {
  unitOfWork: UnitOfWork<PasswordLinkTransaction & MailTransaction>;
  users: UsersService;
  usersRepository: UsersRepository;
  tokens: OneTimeTokensService;
  mails: AccountMails;
  hasher: PasswordHasher;
  /** Whether the invitation emails go out now: the answers say so (issue 33, item 18). */
  delivery: Pick<MailDeliveryCheck, 'now'>;
  clock: Clock;
}

/** Invite (bulk), resend, and the invited user's account setup. */
export class InvitationsService {
  constructor(private readonly deps: InvitationsDeps) {}

  /**
   * All rows are valid or none is created (the shared schema checked each row and refused repeats).
   * Emails already in use are skipped with a reason; every other row becomes a pending user with
   * a confirmation token and an invitation mail, all in one transaction. Inviting an admin needs
   * a recent confirmation (403 for the whole list without one).
   */
  async bulkCreate(
    actor: AuthContext,
    input: BulkCreateInput,
    origin: RequestOrigin,
  ): Promise<BulkCreateResult> {
    const rows = input.users.map((row) => ({ ...row, email: normalizeEmail(row.email) }));
    if (rows.some(({ position }) => grantsAdminRole(undefined, { position, status: 'pending' }))) {
      requireRecentAuth(actor, this.deps.clock);
    }
    const inviter = await this.deps.users.getById(actor.userId);

    const result = await this.deps.unitOfWork.run(async (scope) => {
      const createdIds: string[] = [];
      const skipped: BulkCreateResult['skipped'] = [];
      for (const row of rows) {
        const now = nowIso(this.deps.clock);
        const user = { id: newId(), email: row.email, fullName: row.fullName ?? null };
        const inserted = await scope.repos.users.insertIfEmailFree({
          id: user.id,
          email: user.email,
          full_name: user.fullName,
          position: row.position,
          status: 'pending',
          password_hash: null,
          invited_by: inviter.id,
          created_at: now,
          updated_at: now,
        });
        if (!inserted) {
          skipped.push({ email: row.email, reason: API_MESSAGES.emailTaken });
          continue;
        }
        await this.deps.tokens.mailLink(scope, {
          userId: user.id,
          type: 'confirmation_token',
          mail: (token) => this.deps.mails.invitation(scope, user, token, inviter.fullName),
          event: {
            action: 'invitation.sent',
            actorId: inviter.id,
            origin,
            details: { position: row.position },
          },
        });
        createdIds.push(user.id);
      }
      const byId = new Map(
        (await scope.repos.users.findByIds(createdIds)).map((user) => [user.id, user]),
      );
      const created = createdIds.flatMap((id) => byId.get(id) ?? []);
      return { created, skipped };
    });
    return { ...result, mailDelivery: await this.mailDelivery() };
  }

  /** Whether the mail just queued goes out now, or waits (said after the commit). */
  mailDelivery(): Promise<MailDelivery> {
    return this.deps.delivery.now();
  }

  /** A new invitation link for a pending user; earlier links stop working. */
  async resend(callerId: string, email: string, origin: RequestOrigin): Promise<void> {
    const user = await this.deps.usersRepository.findByEmail(normalizeEmail(email));
    if (!user) throw new UserNotFound();
    if (user.status !== 'pending') throw invalid(API_MESSAGES.notPending);
    const inviterName =
      user.invitedBy?.fullName ?? (await this.deps.users.getById(callerId)).fullName;

    await this.deps.unitOfWork.run(async (scope) => {
      await this.deps.tokens.mailLink(scope, {
        userId: user.id,
        type: 'confirmation_token',
        mail: (token) => this.deps.mails.invitation(scope, user, token, inviterName),
        event: { action: 'invitation.sent', actorId: callerId, origin, details: { resend: true } },
      });
    });
  }

  /** The invited user chooses a password: they become active and the link is used up. */
  async setup(input: SetupAccountInput, origin: RequestOrigin): Promise<User> {
    const token = await setPasswordFromLink(
      this.deps,
      {
        type: 'confirmation_token',
        token: input.token,
        password: input.password,
        field: 'password',
        whileStatus: 'pending',
        newStatus: 'active',
        action: 'invitation.accepted',
      },
      origin,
    );
    return this.deps.users.getById(token.user.id);
  }
}
