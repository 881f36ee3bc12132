import type { RoleMapping, ScimConfig } from '../../config/env.js';
import type { DbEngine } from '../../db/database.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditRepository } from '../audit/index.js';
import type { AccountMails } from '../mail/index.js';
import type { OneTimeTokensService } from '../one-time-tokens/index.js';
import type { SessionsService } from '../sessions/index.js';
import type { UploadsService } from '../uploads/index.js';
import { DirectoryChanges, type ScimTransaction } from './directory-changes.js';
import type { DirectoryRepository } from './directory.repository.js';
import type { ScimLogRepository } from './scim-log.repository.js';
import { ScimGroupsService } from './scim-groups.service.js';
import type { ScimTokensRepository } from './scim-tokens.repository.js';
import { ScimTokensService } from './scim-tokens.service.js';
import { ScimUsersService } from './scim-users.service.js';

export interface ScimModuleDeps {
  config: ScimConfig;
  roleMapping: RoleMapping;
  appUrl: string;
  engine: DbEngine;
  repositories: {
    directory: DirectoryRepository;
    scimTokens: ScimTokensRepository;
    scimLog: ScimLogRepository;
    audit: AuditRepository;
  };
  unitOfWork: UnitOfWork<ScimTransaction & { scimTokens: ScimTokensRepository }>;
  sessions: Pick<SessionsService, 'userChanged'>;
  tokens: Pick<OneTimeTokensService, 'mailLink'>;
  mails: Pick<AccountMails, 'invitation'>;
  uploads: Pick<UploadsService, 'removeFiles'>;
  clock: Clock;
}

export interface ScimModule {
  tokens: ScimTokensService;
  users: ScimUsersService;
  groups: ScimGroupsService;
  log: ScimLogRepository;
}

/** Provisioning from the company's directory with SCIM 2.0 (issue 36, docs/scim.md). */
export function createScimModule(deps: ScimModuleDeps): ScimModule {
  const { repositories, unitOfWork, clock, appUrl } = deps;
  const changes = new DirectoryChanges({
    unitOfWork,
    sessions: deps.sessions,
    audit: repositories.audit,
    roleMapping: deps.roleMapping,
    clock,
  });
  return {
    tokens: new ScimTokensService({
      repository: repositories.scimTokens,
      unitOfWork,
      audit: repositories.audit,
      clock,
    }),
    users: new ScimUsersService({
      config: deps.config,
      appUrl,
      directory: repositories.directory,
      changes,
      tokens: deps.tokens,
      mails: deps.mails,
      uploads: deps.uploads,
      clock,
    }),
    groups: new ScimGroupsService({
      appUrl,
      engine: deps.engine,
      directory: repositories.directory,
      changes,
      clock,
    }),
    log: repositories.scimLog,
  };
}
