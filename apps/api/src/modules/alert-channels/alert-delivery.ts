/**
 * What an alert says, the same for every channel: a webhook's JSON body is exactly this object,
 * an email channel's mail is written from it.
 */
export interface AlertNotice {
  /** `"<rule kind>.fired"` or `"<rule kind>.resolved"`. */
  type: string;
  incidentId: string;
  rule: { id: string; name: string };
  /** ISO 8601. */
  occurredAt: string;
  /** One line in plain words. */
  summary: string;
  /** Absolute URL of the incident page in the site. */
  link: string;
  data: Record<string, unknown>;
}

/** How other modules (the alert rules) send a notice to channels. */
export interface AlertDelivery {
  /**
   * Queues the notice on each channel (email through the mail outbox, webhook through the webhook
   * outbox). Unknown ids are skipped.
   */
  deliver(channelIds: readonly string[], notice: AlertNotice): Promise<void>;
  /** The ids among these that do not exist or that `actor` may not use (finance: only audience "budget"). */
  unusable(channelIds: readonly string[], actor: { role: string }): Promise<string[]>;
}
