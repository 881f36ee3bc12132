/** The monitoring module's face: what the rest of the server may use of it. */
export { ErrorsRepository } from './errors.repository.js';
export { errorsRoutes } from './errors.routes.js';
export type { ErrorsService } from './errors.service.js';
export type { MailDeliveryCheck } from './mail-delivery.js';
export { MailMonitoringRepository } from './mail.repository.js';
export { mailMonitoringRoutes } from './mail.routes.js';
export type { MailMonitoringService } from './mail.service.js';
export type { Metrics } from './metrics.js';
export { MetricsRepository } from './metrics.repository.js';
export {
  createErrorMonitoring,
  createMonitoringModule,
  createUptime,
} from './monitoring.module.js';
export type {
  ErrorMonitoringDeps,
  MonitoringModule,
  MonitoringModuleDeps,
  UptimeDeps,
} from './monitoring.module.js';
export { OverviewRepository } from './overview.repository.js';
export { overviewRoutes } from './overview.routes.js';
export { HEARTBEAT_INTERVAL_MS } from './overview.service.js';
export type { OverviewService } from './overview.service.js';
export { securityRoutes } from './security.routes.js';
export type { SecurityService } from './security.service.js';
export type { SampleReport, UptimeSampler } from './uptime-sampler.js';
export { UptimeRepository } from './uptime.repository.js';
export { uptimeRoutes } from './uptime.routes.js';
export { NO_UPTIME_EXCLUSIONS } from './uptime.service.js';
export type { UptimeExclusion, UptimeExclusions, UptimeService } from './uptime.service.js';
