/** The monitoring module's face: what the rest of the server may use of it. */
export { ErrorsRepository } from './errors.repository.js';
export { errorsRoutes } from './errors.routes.js';
export { ErrorsService } from './errors.service.js';
export { MailDeliveryCheck } from './mail-delivery.js';
export { MailMonitoringRepository } from './mail.repository.js';
export { mailMonitoringRoutes } from './mail.routes.js';
export { MailMonitoringService } from './mail.service.js';
export { Metrics } from './metrics.js';
export { MetricsRepository } from './metrics.repository.js';
export { OverviewRepository } from './overview.repository.js';
export { overviewRoutes } from './overview.routes.js';
export { HEARTBEAT_INTERVAL_MS, OverviewService } from './overview.service.js';
export { ProcessMonitor } from './process-monitor.js';
export { securityRoutes } from './security.routes.js';
export { SecurityService } from './security.service.js';
