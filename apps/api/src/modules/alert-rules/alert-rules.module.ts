import type { OverviewCheck } from '@staff-admin/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { JobLeaseRepository } from '../../db/job-leases.js';
import type { Clock } from '../../lib/clock.js';
import type { AlertDelivery } from '../alert-channels/index.js';
import { AlertEvaluator } from './alert-evaluator.js';
import type { AlertRulesRepository } from './alert-rules.repository.js';
import { AlertRulesService, type AlertRulesServiceDeps } from './alert-rules.service.js';

export interface AlertRulesModuleDeps {
  repositories: { alertRules: AlertRulesRepository; jobLeases: JobLeaseRepository };
  unitOfWork: AlertRulesServiceDeps['unitOfWork'];
  /** The alert channels' face: notices go out through it, and it says which channels a caller may use. */
  delivery: AlertDelivery;
  /** The Overview's health checks now. */
  checks: () => Promise<Omit<OverviewCheck, 'availability'>[]>;
  appUrl: string;
  log: FastifyBaseLogger;
  clock: Clock;
}

export interface AlertRulesModule {
  alertRules: AlertRulesService;
  /** One pass over the rules (the periodic job runs it every ALERTS_EVALUATION_INTERVAL). */
  alertEvaluator: AlertEvaluator;
}

export function createAlertRulesModule(deps: AlertRulesModuleDeps): AlertRulesModule {
  const { repositories, delivery, clock } = deps;
  return {
    alertRules: new AlertRulesService({
      repository: repositories.alertRules,
      unitOfWork: deps.unitOfWork,
      delivery,
      clock,
    }),
    alertEvaluator: new AlertEvaluator({
      repository: repositories.alertRules,
      leases: repositories.jobLeases,
      delivery,
      checks: deps.checks,
      appUrl: deps.appUrl,
      log: deps.log,
      clock,
    }),
  };
}
