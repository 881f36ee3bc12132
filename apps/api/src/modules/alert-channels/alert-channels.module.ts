import type { AlertDelivery } from './alert-delivery.js';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AlertChannelsModuleDeps {}

export interface AlertChannelsModule {
  /** Other modules (the alert rules) send notices to channels through it. */
  alertDelivery: AlertDelivery;
}

/** The delivery face only, for now: no channel exists yet, so every id is unknown. */
export function createAlertChannelsModule(_deps: AlertChannelsModuleDeps): AlertChannelsModule {
  return {
    alertDelivery: {
      async deliver() {},
      async unusable(channelIds) {
        return [...channelIds];
      },
    },
  };
}
