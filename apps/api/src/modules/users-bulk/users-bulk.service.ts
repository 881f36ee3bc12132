import {
  API_MESSAGES,
  BULK_MESSAGES,
  STATUS_LABELS,
  type BulkOutcome,
  type BulkUserResult,
  type BulkUsers,
  type BulkUsersAnswer,
  type UserListFilter,
} from '@staff-admin/shared';
import type { FastifyBaseLogger } from 'fastify';
import { requireRecentAuth } from '../../http/guards.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError, invalid, type ErrorKind } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import type { RequestOrigin } from '../audit/index.js';
import type { InvitationsService } from '../invitations/index.js';
import type { SessionsService } from '../sessions/index.js';
import {
  grantsAdminRole,
  type Standing,
  resolveUserFilter,
  type UsersService,
} from '../users/index.js';
import type { BulkTarget, UsersBulkRepository } from './users-bulk.repository.js';

/** The bulk call's own answers (no one-user call has them). */
export const USERS_BULK_MESSAGES = {
  /** Ending one's own sessions would sign the admin out halfway through a selection. */
  ownSessions: 'You cannot end your own sessions here: sign out instead.',
  badCursor: '"after" must be the "next" of an earlier answer.',
} as const;

/**
 * The kinds of domain error that mean "a rule refused this row" (the one-user call's 400, 403,
 * 404 or 409): the row fails with the error's message and the batch goes on. Any other error (the
 * database unavailable, a bug) stops the call: see UsersBulkService.run.
 */
const ROW_REFUSALS: ReadonlySet<ErrorKind> = new Set([
  'invalid',
  'forbidden',
  'not_found',
  'conflict',
]);

/**
 * How many rows one call has in flight at once on PostgreSQL, each in its own transaction and
 * connection (of the pool's 10). The time of a row is mostly waiting (round trips, the commit's
 * flush to disk), which overlapping rows share: measured with bench/bulk, 1,000 deactivations
 * took about half as long with 4 in flight as one at a time. SQLite has one connection, so one.
 */
export const BULK_ROWS_IN_FLIGHT_POSTGRES = 4;

export interface UsersBulkServiceDeps {
  repository: UsersBulkRepository;
  users: UsersService;
  invitations: InvitationsService;
  sessions: SessionsService;
  log: FastifyBaseLogger;
  clock: Clock;
  /** Rows acted on at once (1: one after the other). */
  rowsInFlight: number;
}

/** One row to act on: the id asked for, and the user it names (undefined: no such user). */
interface Row {
  id: string;
  user: BulkTarget | undefined;
}

/** A row's outcome before it is labelled with the user's id and email. */
type Outcome = { outcome: BulkOutcome; message: string | null };

const isActiveAdmin = (user: BulkTarget | undefined) =>
  user?.position === 'admin' && user.status === 'active';

/** A row's role and status once the action is done (only changeRole and activate change them). */
function standingAfter(input: BulkUsers, user: BulkTarget): Standing {
  if (input.action === 'changeRole' && input.position) {
    return { position: input.position, status: user.status };
  }
  if (input.action === 'activate') return { position: user.position, status: 'active' };
  return user;
}

const DONE: Outcome = { outcome: 'done', message: null };
const skipped = (message: string): Outcome => ({ outcome: 'skipped', message });

/**
 * POST /users/bulk: one action on up to BULK_USERS_MAX users, each row in its own transaction
 * through the one-user call's own service method, so every rule (the last active admin, never
 * oneself, a pending user's status) and every audit event is exactly that call's.
 *
 * The targets are read once for the whole batch; a row with nothing to do (already that role or
 * status, not pending for a resend) is skipped without a transaction. Everything else goes to the
 * one-user method, which reads the user again under its lock and decides for itself.
 *
 * Rows may run several at a time (`rowsInFlight`), never in a way that changes an outcome: rows
 * whose user is an active admin run one after the other in the order given (whether the last
 * active admin is reached depends on that order), and deletions run one at a time (deleting a
 * user also writes the rows of the users they invited). The answer lists the rows in order.
 */
export class UsersBulkService {
  constructor(private readonly deps: UsersBulkServiceDeps) {}

  /**
   * The answer lists the rows in order (the ids' order, or id order for a filter). A domain error
   * that refuses a row makes it `failed` with its message. Any other error is not a row's
   * outcome: it is logged with its row and thrown on once the rows in flight have finished, so
   * the call answers the error (500, or 503 when a dependency is down) like any other call; the
   * rows already done stay done (each had its own transaction), no further row is started, and
   * sending the same chunk again finds the done ones skipped (or, deleted, not found).
   *
   * A batch that would grant the admin role to any of its users needs a recent confirmation, and
   * without one is refused as a whole (403) before any row, so the site can ask for the password
   * and send the same call again.
   */
  async run(actor: AuthContext, input: BulkUsers, origin: RequestOrigin): Promise<BulkUsersAnswer> {
    const { rows, next } = input.ids
      ? { rows: await this.rowsByIds(input.ids), next: null }
      : await this.rowsByFilter(
          input.filter ?? { includeInactive: true },
          input.after,
          input.limit,
        );
    if (rows.some(({ user }) => user && grantsAdminRole(user, standingAfter(input, user)))) {
      requireRecentAuth(actor, this.deps.clock);
    }

    const outcomes = await this.actOnRows(actor, input, rows, origin);
    const results = rows.map((row, index): BulkUserResult => {
      const outcome = outcomes[index];
      if (!outcome) throw new Error(`bulk row ${index} was not acted on`);
      return { id: row.id, email: row.user?.email ?? null, ...outcome };
    });
    if (input.action !== 'resendInvitation') return { results, next };
    // Said once the rows are committed, as the one-user resend says it.
    return { results, next, mailDelivery: await this.deps.invitations.mailDelivery() };
  }

  /**
   * The rows' outcomes, in order. One lane takes the active admins' rows in order, then helps
   * with the rest; the other lanes take the rest. After an unexpected error no lane starts a new
   * row; the rows in flight finish, and the first such error is thrown once they have.
   */
  private async actOnRows(
    actor: AuthContext,
    input: BulkUsers,
    rows: Row[],
    origin: RequestOrigin,
  ): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    const lanes = input.action === 'delete' ? 1 : Math.max(1, this.deps.rowsInFlight);
    // One lane: every row in the order given.
    const inOrder = (row: Row) => lanes > 1 && isActiveAdmin(row.user);
    const admins = rows.flatMap((row, index) => (inOrder(row) ? [index] : []));
    const others = rows.flatMap((row, index) => (inOrder(row) ? [] : [index]));
    let nextOther = 0;
    let failure: { error: unknown } | undefined;
    const act = async (index: number) => {
      const row = rows[index];
      if (!row || failure) return;
      try {
        outcomes[index] = await this.actOnRow(actor, input, row, origin, index);
      } catch (error) {
        failure ??= { error };
      }
    };
    const takeOthers = async () => {
      while (!failure) {
        const index = others[nextOther++];
        if (index === undefined) return;
        await act(index);
      }
    };
    const adminLane = async () => {
      for (const index of admins) await act(index);
      await takeOthers();
    };
    await Promise.all([adminLane(), ...Array.from({ length: lanes - 1 }, takeOthers)]);
    if (failure) throw failure.error;
    return outcomes;
  }

  /** Each id once (ids are UUIDs, compared in lower case), in the order given. */
  private async rowsByIds(ids: string[]): Promise<Row[]> {
    const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
    const found = await this.deps.repository.findByIds(wanted.filter(isUuid));
    const byId = new Map(found.map((user) => [user.id, user]));
    return wanted.map((id) => ({ id, user: byId.get(id) }));
  }

  /**
   * The next `limit` matches of the list's filter after the cursor, in id order. One more is
   * read to tell whether any is left: `next` is the last id taken when another match existed at
   * the time of the read, so the last call of a run is the one that answers `next: null` (never
   * an extra empty call). Users that leave the filter once acted on (deactivated with
   * `status=active`, deleted) do not shift the cursor: it is an id, not an offset.
   */
  private async rowsByFilter(
    filter: UserListFilter,
    after: string | undefined,
    limit: number,
  ): Promise<{ rows: Row[]; next: string | null }> {
    const cursor = after?.toLowerCase();
    if (cursor !== undefined && !isUuid(cursor)) {
      throw invalid(USERS_BULK_MESSAGES.badCursor, { after: USERS_BULK_MESSAGES.badCursor });
    }
    const resolved = resolveUserFilter(filter, new Date(this.deps.clock.now()));
    const matches = await this.deps.repository.findMatches(resolved, cursor, limit + 1);
    const taken = matches.slice(0, limit);
    const next = matches.length > limit ? (taken.at(-1)?.id ?? null) : null;
    return { rows: taken.map((user) => ({ id: user.id, user })), next };
  }

  private async actOnRow(
    actor: AuthContext,
    input: BulkUsers,
    { id, user }: Row,
    origin: RequestOrigin,
    index: number,
  ): Promise<Outcome> {
    if (!user) return { outcome: 'failed', message: API_MESSAGES.userNotFound };
    try {
      return await this.act(actor, input, user, origin);
    } catch (error) {
      if (error instanceof DomainError && ROW_REFUSALS.has(error.kind)) {
        return { outcome: 'failed', message: error.message };
      }
      this.deps.log.warn(
        { action: input.action, userId: id, row: index },
        'bulk user action stopped by an unexpected error; rows already started are committed',
      );
      throw error;
    }
  }

  /** One row: skipped when there is nothing to do, else the one-user call's own method. */
  private async act(
    actor: AuthContext,
    input: BulkUsers,
    user: BulkTarget,
    origin: RequestOrigin,
  ): Promise<Outcome> {
    const { users } = this.deps;
    switch (input.action) {
      case 'changeRole': {
        const position = input.position;
        // The schema requires a position for changeRole; this only narrows the type.
        if (!position) throw invalid(BULK_MESSAGES.positionRequired);
        if (user.position === position) return skipped(BULK_MESSAGES.alreadyInRole(position));
        await users.updateUser(actor, user.id, { position }, origin);
        return DONE;
      }
      case 'activate':
      case 'deactivate': {
        const status = input.action === 'activate' ? 'active' : 'inactive';
        if (user.status === status) {
          return skipped(BULK_MESSAGES.alreadyInStatus(STATUS_LABELS[status]));
        }
        await users.updateStatus(actor, user.id, status, origin);
        return DONE;
      }
      case 'resendInvitation':
        if (user.status !== 'pending') return skipped(BULK_MESSAGES.notPending);
        await this.deps.invitations.resend(actor.userId, user.email, origin);
        return DONE;
      case 'endSessions': {
        if (user.id === actor.userId) {
          return { outcome: 'failed', message: USERS_BULK_MESSAGES.ownSessions };
        }
        const ended = await this.deps.sessions.revokeAllLiveForUser(user.id, actor, origin);
        return ended > 0 ? DONE : skipped(BULK_MESSAGES.noSessions);
      }
      case 'delete':
        await users.delete(actor, user.id, origin);
        return DONE;
    }
  }
}
