/** The alert rules module's face: what the rest of the server may use of it. */
export { AlertEvaluator, ALERTS_JOB } from './alert-evaluator.js';
export type { EvaluationReport } from './alert-evaluator.js';
export { AlertRulesRepository } from './alert-rules.repository.js';
export { alertRulesRoutes } from './alert-rules.routes.js';
export type { AlertRulesService } from './alert-rules.service.js';
export { createAlertRulesModule } from './alert-rules.module.js';
export type { AlertRulesModule, AlertRulesModuleDeps } from './alert-rules.module.js';
export { maintenanceWindowsOf, type MaintenanceWindowsBetween } from './maintenance-windows.js';
