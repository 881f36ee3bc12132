import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/env.js';
import type { Database } from './db/database.js';
import { createPasswordHasher, type PasswordHasher } from './lib/password-hasher.js';
import { HealthRepository } from './modules/health/health.repository.js';
import { SessionsRepository } from './modules/sessions/sessions.repository.js';
import { SessionsService } from './modules/sessions/sessions.service.js';
import { UsersRepository } from './modules/users/users.repository.js';
import { UsersService } from './modules/users/users.service.js';

/** Everything that needs only the database and the config: shared by the server and the CLI. */
export interface CoreServices {
  hasher: PasswordHasher;
  usersRepository: UsersRepository;
  users: UsersService;
  sessions: SessionsService;
  health: HealthRepository;
}

export function createCoreServices(
  { db }: Database,
  config: Config,
  log: FastifyBaseLogger,
): CoreServices {
  const hasher = createPasswordHasher();
  const usersRepository = new UsersRepository(db);
  const sessions = new SessionsService(
    new SessionsRepository(db),
    config.auth.refreshTokenTtlMs,
    log,
  );
  return {
    hasher,
    usersRepository,
    users: new UsersService(usersRepository, hasher, sessions),
    sessions,
    health: new HealthRepository(db),
  };
}
