import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import { createSealedBox } from '../../lib/sealed-box.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { AccountMails } from '../mail/index.js';
import type { AlertDelivery } from './alert-delivery.js';
import type { AlertChannelsRepository } from './alert-channels.repository.js';
import { AlertChannelsService, type AlertChannelsTransaction } from './alert-channels.service.js';
import type { ResolveAll } from './webhook-address.js';
import { createWebhookSender } from './webhook-sender.js';
import { WebhookWorker } from './webhook-worker.js';

export interface AlertChannelsModuleDeps {
  repository: AlertChannelsRepository;
  unitOfWork: UnitOfWork<AlertChannelsTransaction>;
  /** Email channels mail through the outbox. */
  mails: AccountMails;
  /** Seals the webhooks' signing secrets. */
  secret: string;
  /** ALERT_WEBHOOK_ALLOW_PRIVATE. */
  allowPrivate: boolean;
  appUrl: string;
  log: FastifyBaseLogger;
  clock: Clock;
  /** How host names are resolved for the SSRF check at save time (the system's unless given). */
  resolve?: ResolveAll;
}

export interface AlertChannelsModule {
  /** The routes' service. */
  channels: AlertChannelsService;
  /** Other modules (the alert rules) send notices to channels through it. */
  alertDelivery: AlertDelivery;
  /** Sends the webhook outbox; started and stopped with the app. */
  webhookWorker: WebhookWorker;
}

export function createAlertChannelsModule(deps: AlertChannelsModuleDeps): AlertChannelsModule {
  const box = createSealedBox(deps.secret, 'alert-webhook-secret');
  const webhookWorker = new WebhookWorker({
    repository: deps.repository,
    box,
    send: createWebhookSender({ allowPrivate: deps.allowPrivate }),
    log: deps.log,
    clock: deps.clock,
  });
  const channels = new AlertChannelsService({
    repository: deps.repository,
    unitOfWork: deps.unitOfWork,
    mails: deps.mails,
    box,
    wakeWebhookWorker: () => webhookWorker.notify(),
    allowPrivate: deps.allowPrivate,
    appUrl: deps.appUrl,
    clock: deps.clock,
    resolve: deps.resolve,
  });
  return { channels, alertDelivery: channels, webhookWorker };
}
