import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { toIso, type Clock } from '../../lib/clock.js';
import { MAIL_STATES } from '@staff-admin/shared';
import type { AuditRepository } from '../audit/index.js';
import type { MetricsRepository } from './metrics.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Seconds; from a cached read to a slow upload. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface RequestObservation {
  method: string;
  /** The route's pattern (`/api/users/:id`), never the raw path: one series per route. */
  route: string;
  status: number;
  seconds: number;
}

/**
 * The operators' metrics (Prometheus text format): requests by route and status with their
 * latency, the process (memory, heap, event-loop delay, GC), and what the database says of the
 * mail outbox, the audit trail and the error groups. One registry per app, so that several apps
 * in one process (the tests) never mix their figures.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly durations: Histogram<'method' | 'route' | 'status'>;

  constructor(
    repository: MetricsRepository,
    audit: Pick<AuditRepository, 'countByActionSince'>,
    clock: Clock,
    labels: { release: string | null },
  ) {
    const registers = [this.registry];
    if (labels.release) this.registry.setDefaultLabels({ release: labels.release });
    collectDefaultMetrics({ register: this.registry });

    this.requests = new Counter({
      name: 'staff_admin_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.durations = new Histogram({
      name: 'staff_admin_http_request_duration_seconds',
      help: 'Time to answer HTTP requests, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: DURATION_BUCKETS,
      registers,
    });

    new Gauge({
      name: 'staff_admin_mail_outbox_messages',
      help: 'Mail in the outbox by state (queued, sending, retrying, sent, failed, logged).',
      labelNames: ['state'],
      registers,
      async collect() {
        const counts = await repository.mailByState(toIso(clock.now()));
        for (const state of MAIL_STATES) this.set({ state }, counts.get(state) ?? 0);
      },
    });
    new Gauge({
      name: 'staff_admin_audit_events_last_day',
      help: 'Audit events of the last 24 hours by action (sign-ins, failures, lockouts, changes).',
      labelNames: ['action'],
      registers,
      async collect() {
        const counts = await audit.countByActionSince(toIso(clock.now() - DAY_MS));
        this.reset();
        for (const [action, count] of counts) this.set({ action }, count);
      },
    });
    new Gauge({
      name: 'staff_admin_error_groups',
      help: 'Error groups (server and browser) by source and status.',
      labelNames: ['source', 'status'],
      registers,
      async collect() {
        this.reset();
        for (const { source, status, count } of await repository.errorGroups()) {
          this.set({ source, status }, count);
        }
      },
    });
  }

  observe({ method, route, status, seconds }: RequestObservation): void {
    const labels = { method, route, status: String(status) };
    this.requests.inc(labels);
    this.durations.observe(labels, seconds);
  }

  /** The text Prometheus scrapes. */
  render(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
