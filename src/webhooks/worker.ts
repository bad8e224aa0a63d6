import { randomUUID } from 'node:crypto';
import type { DeliveryRow } from '../../db/types.js';
import type { Db } from '../../db/index.js';
import { isPostgres } from '../../db/dialect.js';
import type { Services } from '../context.js';
import type { GuardedFetch } from '../scrape/guarded-fetch.js';
import { attempt, record, targetsOf, type Attempted, type Outcome, type Target } from './delivery.js';

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

const GONE: Outcome = { kind: 'cancelled', status: null, error: 'the webhook is no longer active' };

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
  /** Finished attempts waiting to be written; the loop writes them in one transaction. */
  private finished: Attempted[] = [];
  private loop: Promise<void> | null = null;
  private stopped = false;
  private nudged = false;
  private wake: (() => void) | null = null;
  private readonly onNudge = () => {
    this.nudged = true;
    this.wake?.();
  };

  constructor(
    private readonly services: Services,
    opts: WebhookWorkerOptions = {},
  ) {
    this.holder = opts.holder ?? `webhooks-${process.pid}-${randomUUID().slice(0, 8)}`;
    this.concurrency = opts.concurrency ?? 16;
    this.pollMs = opts.pollMs ?? services.config.webhookPollMs;
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.ownsFetch = !opts.fetch;
    this.fetch = opts.fetch ?? services.fetch('webhook');
  }

  /** Claims up to `max` due deliveries for this worker. */
  async claim(max: number): Promise<DeliveryRow[]> {
    const now = this.services.clock.now().getTime();
    const { db } = this.services;
    const due = (q: Db) =>
      q
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
    const take = (q: Db, seqs: ReturnType<typeof due> | number[]) =>
      q
        .updateTable('webhook_deliveries')
        .set({ lease_holder: this.holder, lease_expires_at: now + this.leaseMs })
        .where('seq', 'in', seqs)
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<=', now)]))
        .returningAll()
        .execute();
    if (!isPostgres(db)) return take(db, due(db));
    // On PostgreSQL rows another worker is claiming right now are passed over, not waited
    // for. The locking read runs on its own first: as a sub-select of the update it may be
    // run again for other rows, and LIMIT would then no longer bound the claim.
    return db.transaction().execute(async (trx) => {
      const seqs = (await due(trx).forUpdate().skipLocked().execute()).map((r) => r.seq);
      return seqs.length ? take(trx, seqs) : [];
    });
  }

  /** One pass: claims up to `max` due deliveries, sends them and records the outcomes; returns how many were tried. */
  async tick(max = 100): Promise<number> {
    const rows = await this.claim(max);
    const targets = await targetsOf(this.services.db, this.services.secret, rows);
    const done: Attempted[] = [];
    let next = 0;
    const lane = async () => {
      while (next < rows.length) {
        const row = rows[next++] as DeliveryRow;
        done.push(await this.send(row, targets.get(row.webhook_id)));
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, rows.length) }, lane));
    await this.write(done);
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
    this.services.signals.on('deliveries-queued', this.onNudge);
    this.loop = this.pump().catch((err) => this.services.logger.error({ err }, 'webhook worker stopped'));
  }

  /** Lets attempts in flight finish and records them, then returns. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.services.signals.off('deliveries-queued', this.onNudge);
    this.wake?.();
    await this.loop;
    await Promise.all(this.inflight);
    await this.flush();
    if (this.ownsFetch) await this.fetch.close();
  }

  private async pump(): Promise<void> {
    const half = Math.max(1, Math.floor(this.concurrency / 2));
    while (!this.stopped) {
      this.nudged = false;
      const free = this.concurrency - this.inflight.size;
      // Claiming in batches, not one row per freed slot, keeps the outbox queries few;
      // outcomes are written in batches too, before each claim and whenever work stops.
      const claiming = free >= half || this.inflight.size === 0;
      if (claiming || this.finished.length >= half) await this.flush();
      const claimed = claiming ? await this.startSome(free) : 0;
      if (this.stopped) break;
      const busy = claimed > 0 && this.inflight.size < this.concurrency;
      if (!busy && !this.nudged) await this.pause(this.pollMs);
    }
  }

  private async startSome(max: number): Promise<number> {
    try {
      const rows = await this.claim(max);
      const targets = await targetsOf(this.services.db, this.services.secret, rows);
      for (const row of rows) {
        const p: Promise<void> = this.send(row, targets.get(row.webhook_id)).then((done) => {
          this.finished.push(done);
          this.inflight.delete(p);
          this.onNudge();
        });
        this.inflight.add(p);
      }
      return rows.length;
    } catch (err) {
      this.services.logger.error({ err }, 'claiming webhook deliveries failed');
      return 0;
    }
  }

  private async flush(): Promise<void> {
    const done = this.finished;
    this.finished = [];
    try {
      await this.write(done);
    } catch (err) {
      // The leases lapse and the deliveries go again: at least once, never lost.
      this.services.logger.error({ err, deliveries: done.length }, 'recording webhook deliveries failed');
    }
  }

  private async write(done: Attempted[]): Promise<void> {
    const lost = await record(this.services.db, this.holder, done);
    for (const row of lost)
      this.services.logger.warn({ delivery: row.id }, 'webhook delivery outcome not recorded: the claim lapsed or the delivery was cancelled');
  }

  private async send(row: DeliveryRow, target: Target | undefined): Promise<Attempted> {
    let outcome: Outcome = GONE;
    try {
      if (target) outcome = await attempt(this.services.clock, this.fetch, row, target);
    } catch (err) {
      outcome = { kind: 'failed', status: null, error: 'the attempt failed inside the worker' };
      this.services.logger.error({ err, delivery: row.id }, 'webhook delivery attempt crashed');
    }
    if (outcome.kind === 'failed')
      this.services.logger.info(
        { delivery: row.id, webhook: row.webhook_id, attempt: row.attempts + 1, status: outcome.status },
        'webhook delivery attempt failed',
      );
    return { row, outcome, at: this.services.clock.now() };
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
}
