/** The alert channels module's face: what the rest of the server may use of it. */
export type { AlertDelivery, AlertNotice } from './alert-delivery.js';
export { createAlertChannelsModule } from './alert-channels.module.js';
export type { AlertChannelsModule, AlertChannelsModuleDeps } from './alert-channels.module.js';
