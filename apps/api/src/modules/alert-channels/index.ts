/** The alert channels module's face: what the rest of the server may use of it. */
export type { AlertDelivery, AlertNotice } from './alert-delivery.js';
export { createAlertChannelsModule } from './alert-channels.module.js';
export type { AlertChannelsModule, AlertChannelsModuleDeps } from './alert-channels.module.js';
export { AlertChannelsRepository } from './alert-channels.repository.js';
export { alertChannelsRoutes } from './alert-channels.routes.js';
export type { AlertChannelsService } from './alert-channels.service.js';
export { WEBHOOK_MAX_ATTEMPTS, webhookRetryDelayMs, type WebhookWorker } from './webhook-worker.js';
