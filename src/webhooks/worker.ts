import { randomUUID } from 'node:crypto';
import type { DeliveryRow } from '../../db/types.js';
import type { Services } from '../context.js';
import { createGuardedFetch, type GuardedFetch } from '../scrape/guarded-fetch.js';
import { VERSION } from '../version.js';
import { attempt, DELIVERY_TIMEOUT_MS, record, type Outcome } from './delivery.js';
import { deliveryNudge } from './outbox.js';

export interface WebhookWorkerOptions {
  /** Identifies this worker in delivery leases; unique per instance by default. */
  holder?: string;
  /** Deliveries in flight at once. Default 16. */
  concurrency?: number;
  /** Idle pause between looks at the outbox when nothing nudges. Default config.webhookPollMs. */
  pollMs?: number;
  /** How long a claim lasts; far longer than one attempt can take. Default 60 s. */
  leaseMs?: number;
  /** The guarded fetch to send through (tests pass one with their own resolver). */
  fetch?: GuardedFetch;
}

/**
 * Sends the webhook outbox. Each delivery is claimed by a conditional update of its
 * lease columns, so of several workers on one database exactly one gets it; a worker
 * that dies leaves a lease that lapses, and the row is sent again by another (at least
 * once, as a receiver must expect: it de-duplicates on the event id).
 */
export class WebhookWorker {
  readonly holder: string;
  private readonly fetch: GuardedFetch;
  private readonly ownsFetch: boolean;
  private readonly concurrency: number;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly inflight = new Set<Promise<void>>();
  private loop: Promise<void> | null = null;
  private stopped = false;
  private nudged = false;
  private wake: (() => void) | null = null;
  private readonly onNudge = () => {
    this.nudged = true;
    this.wake?.();
  };

  constructor(private readonly services: Services, opts: WebhookWorkerOptions = {}) {
    this.holder = opts.holder ?? `webhooks-${process.pid}-${randomUUID().slice(0, 8)}`;
    this.concurrency = opts.concurrency ?? 16;
    this.pollMs = opts.pollMs ?? services.config.webhookPollMs;
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.ownsFetch = !opts.fetch;
    this.fetch =
      opts.fetch ??
      createGuardedFetch({ allowHosts: services.config.allowHosts, timeoutMs: DELIVERY_TIMEOUT_MS, maxBytes: 256 * 1024, maxRedirects: 0, userAgent: `Greenroom-Webhooks/${VERSION}` });
  }

  /** Claims up to `max` due deliveries for this worker. */
  async claim(max: number): Promise<DeliveryRow[]> {
    const now = this.services.clock.now().getTime();
    const { db } = this.services;
    const due = db
      .selectFrom('webhook_deliveries')
      .select('seq')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<=', now)]))
      .orderBy('next_attempt_at')
      .orderBy('seq')
      .limit(max);
    // The conditions are repeated on the update itself: one statement decides, so a row
    // another worker claimed first no longer matches here.
    return db
      .updateTable('webhook_deliveries')
      .set({ lease_holder: this.holder, lease_expires_at: now + this.leaseMs })
      .where('seq', 'in', due)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<=', now)]))
      .returningAll()
      .execute();
  }

  /** One pass: claims up to `max` due deliveries and sends them all; returns how many were tried. */
  async tick(max = 100): Promise<number> {
    const rows = await this.claim(max);
    await runPool(rows, this.concurrency, (row) => this.deliver(row));
    return rows.length;
  }

  /** Ticks until nothing is due (tests drive the clock and call this). */
  async drain(): Promise<number> {
    let total = 0;
    for (let n = await this.tick(); n > 0; n = await this.tick()) total += n;
    return total;
  }

  /** Sends in the background: promptly when this process queues deliveries, else every pollMs. */
  start(): void {
    deliveryNudge.on('queued', this.onNudge);
    this.loop = this.pump().catch((err) => this.services.logger.error({ err }, 'webhook worker stopped'));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    deliveryNudge.off('queued', this.onNudge);
    this.wake?.();
    await this.loop;
    await Promise.all(this.inflight);
    if (this.ownsFetch) await this.fetch.close();
  }

  private async pump(): Promise<void> {
    while (!this.stopped) {
      this.nudged = false;
      const free = this.concurrency - this.inflight.size;
      let claimed = 0;
      if (free > 0) {
        try {
          const rows = await this.claim(free);
          claimed = rows.length;
          for (const row of rows) this.track(this.deliver(row));
        } catch (err) {
          this.services.logger.error({ err }, 'claiming webhook deliveries failed');
        }
      }
      if (this.stopped) break;
      // Full, or nothing due: wait for a slot to free up, a nudge, or the poll interval.
      const full = this.inflight.size >= this.concurrency;
      if ((claimed === 0 || full) && !this.nudged) await this.pause(this.pollMs);
    }
  }

  private track(p: Promise<void>): void {
    const tracked = p.finally(() => {
      this.inflight.delete(tracked);
      // A freed slot is reason enough to look again.
      this.onNudge();
    });
    this.inflight.add(tracked);
  }

  private pause(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = null;
        done();
      };
    });
  }

  private async deliver(row: DeliveryRow): Promise<void> {
    const { db, clock, logger } = this.services;
    try {
      const hook = await db.selectFrom('webhooks').select(['url', 'secret_sealed', 'active', 'deleted_at']).where('id', '=', row.webhook_id).executeTakeFirst();
      let outcome: Outcome;
      if (!hook || hook.active !== 1 || hook.deleted_at !== null) outcome = { kind: 'cancelled', status: null, error: 'the webhook is no longer active' };
      else outcome = await attempt(this.services, this.fetch, row, hook);
      if (!(await record(db, clock.now(), this.holder, row, outcome))) logger.warn({ delivery: row.id }, 'webhook delivery outcome not recorded: the claim was lost or the delivery cancelled');
      else if (outcome.kind !== 'delivered') logger.info({ delivery: row.id, webhook: row.webhook_id, attempt: row.attempts + 1, status: outcome.status }, 'webhook delivery attempt failed');
    } catch (err) {
      logger.error({ err, delivery: row.id }, 'webhook delivery attempt crashed');
    }
  }
}

/** Runs fn over items with at most `limit` at once. */
async function runPool<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await fn(items[next++] as T);
  });
  await Promise.all(lanes);
}
