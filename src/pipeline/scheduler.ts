import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { RunRow } from '../../db/types.js';
import type { Services } from '../context.js';
import { ToolError } from '../errors.js';
import type { FetchPage } from '../scrape/types.js';
import type { ExtractOutcome } from '../scrape/extract.js';
import { campaignBrief } from '../core/brief.js';
import { qaBriefOf } from '../core/message-qa.js';
import { createPoliteFetcher, type PoliteFetcher } from '../scrape/polite-fetcher.js';
import { ExtractionWorker } from '../scrape/extract-pool.js';
import { boundHeapGrowth } from './heap.js';
import { acquireLease, acquireLeases, releaseLease, releaseLeases, renewLeases } from '../../db/leases.js';
import { advanceRun, advanceShards, failRun, type RunnerLimits } from './runner.js';
import { LeaseLost, type Work } from './work.js';
import { OutOfCredits, pauseRun } from './chunks.js';
import { atRunStage } from '../core/run-progress.js';
import { clearLapsed, markWorking, stopWorking, workersNow } from './workers.js';

interface ShardWork {
  shard: number;
  n: number;
}

const shardLease = (run: RunRow, shard: number) => `run:${run.id}:shard:${shard}`;

/**
 * How long after taking or renewing its leases a worker writes without renewing them
 * again: a tenth of their length, at most 5 s, so a live worker's leases stay fresh
 * (get_run_status calls one stale after 15 s) and clocks may differ by most of a lease.
 */
const renewEvery = (leaseMs: number) => Math.min(5_000, leaseMs / 10);

export interface SchedulerOptions {
  fetchPage?: FetchPage;
  /** Identifies this worker in leases; unique per process by default. */
  holder?: string;
  limits?: Partial<RunnerLimits>;
}

/**
 * Drives runs forward in the background. Each tick takes, for every active run, one step
 * of work it can get a lease for: a batch of some shards of the run's speakers, or a step
 * of the run itself. A lease is renewed before every write, so a worker that lost it
 * stops, and a crashed worker's shard or run is taken over once its lease lapses.
 */
export class Scheduler {
  readonly holder: string;
  private readonly fetcher: PoliteFetcher | null;
  private readonly fetchPage: FetchPage;
  private readonly limits: RunnerLimits;
  private readonly extractor: ExtractionWorker;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private committedItems = 0;
  /** When this scheduler last marked itself working (workers.ts); null before its first tick. */
  private markedAt: number | null = null;
  /** By run: its next page, being fetched and read while the page before is written (readAhead). */
  private readonly ahead = new Map<string, { key: string; url: string; outcome: Promise<ExtractOutcome> }>();

  constructor(
    private readonly services: Services,
    opts: SchedulerOptions = {},
  ) {
    this.holder = opts.holder ?? `worker-${process.pid}-${randomUUID().slice(0, 8)}`;
    this.fetcher = opts.fetchPage
      ? null
      : createPoliteFetcher(services.config, { pacingMs: services.config.scrapePacingMs, timeoutMs: services.config.fetchTimeoutMs });
    this.fetchPage = opts.fetchPage ?? (this.fetcher as PoliteFetcher).fetchPage;
    this.limits = { batch: services.config.pipelineBatch, chunk: services.config.pipelineChunk, ...opts.limits };
    this.extractor = new ExtractionWorker(this.fetchPage);
    boundHeapGrowth();
  }

  /** How many runs the last tick found queued or running. */
  activeRuns = 0;

  /** One pass over the active runs; true when any work was done. */
  async tick(): Promise<boolean> {
    const runs = await this.services.db.selectFrom('runs').selectAll().where('status', 'in', ['queued', 'running']).orderBy('seq').limit(20).execute();
    this.activeRuns = runs.length;
    let worked = false;
    for (const run of runs) worked = (await this.advance(run)) || worked;
    return worked;
  }

  /**
   * One step of a run. At a speaker stage, a batch of the first shards with work whose
   * leases this worker can take, so several processes work one stage side by side; when
   * no speaker is left at the stage, a run step under the run's lease moves it on (as do
   * starting, scraping and finishing). False when other workers hold all that is left.
   */
  private async advance(run: RunRow): Promise<boolean> {
    const { db, config } = this.services;
    if (run.status === 'running' && run.stage !== 'scrape' && run.stage !== 'done') {
      // Marked only where speakers are shared out: a process waiting on another's scrape writes nothing.
      await this.markWorking();
      const { shards, workers } = await this.shardsWithWork(run);
      // Shards are taken together up to a batch of speakers: a chunk spread thin over the
      // shards is still worked in batch-sized steps, not one step per shard. With others
      // working too, a step stops at its share of the stage, so they work a wave side by
      // side; never below its share of a batch, so the end of a stage is not cut ever finer.
      const { batch } = this.limits;
      const share = Math.max(Math.ceil(shards.reduce((a, s) => a + s.n, 0) / workers), Math.ceil(batch / workers));
      for (let i = 0; i < shards.length;) {
        const group: number[] = [];
        for (let n = 0; i < shards.length && (group.length === 0 || (n < share && n + (shards[i] as ShardWork).n <= batch)); i++) {
          group.push((shards[i] as ShardWork).shard);
          n += (shards[i] as ShardWork).n;
        }
        const takenAt = this.now();
        const leases = await acquireLeases(
          db,
          group.map((shard) => shardLease(run, shard)),
          this.holder,
          takenAt,
          config.leaseMs,
        );
        if (leases.length === 0) continue;
        const held = group.filter((shard) => leases.includes(shardLease(run, shard)));
        try {
          if (await this.step(run, leases, takenAt, (w) => advanceShards(w, this.limits, held))) return true;
        } finally {
          await releaseLeases(db, leases, this.holder);
        }
      }
      if (shards.length > 0) return false;
    }
    const lease = `run:${run.id}`;
    const takenAt = this.now();
    if (!(await acquireLease(db, lease, this.holder, takenAt, config.leaseMs))) return false;
    try {
      // Read again under the lease: another worker may have moved the run on meanwhile.
      const fresh = await db.selectFrom('runs').selectAll().where('id', '=', run.id).executeTakeFirst();
      if (!fresh || (fresh.status !== 'queued' && fresh.status !== 'running')) return false;
      return await this.step(fresh, [lease], takenAt, (w) => advanceRun(w, this.limits).then(() => true));
    } finally {
      await releaseLease(db, lease, this.holder);
    }
  }

  /**
   * The shards with speakers at the run's stage and how many, the one holding its earliest
   * speaker first; and how many schedulers work on this database now (at least this one).
   */
  private async shardsWithWork(run: RunRow): Promise<{ shards: ShardWork[]; workers: number }> {
    const rows = await atRunStage(this.services.db, run)
      .select(['shard', sql<number>`count(*)`.as('n'), sql<number>`min(seq)`.as('first'), workersNow(this.now())])
      .groupBy('shard')
      .orderBy('first')
      .execute();
    return { shards: rows.map((r) => ({ shard: Number(r.shard), n: Number(r.n) })), workers: Math.max(1, Number(rows[0]?.workers ?? 1)) };
  }

  /** Marks this scheduler working (workers.ts), again once a tenth of a lease has passed. */
  private async markWorking(): Promise<void> {
    const now = this.now();
    const { db, config } = this.services;
    if (this.markedAt !== null && now >= this.markedAt && now - this.markedAt < renewEvery(config.leaseMs)) return;
    if (this.markedAt === null) await clearLapsed(db, now, config.leaseMs);
    await markWorking(db, this.holder, now, config.leaseMs);
    this.markedAt = now;
  }

  /** Ticks until no run has work left (tests and the demo drive runs this way). */
  async drain(maxTicks = 100_000): Promise<number> {
    let ticks = 0;
    while (ticks < maxTicks && (await this.tick())) ticks++;
    return ticks;
  }

  start(intervalMs = this.services.config.schedulerIntervalMs): void {
    const loop = async () => {
      if (this.stopped) return;
      let worked = false;
      this.running = this.tick().then(
        (w) => void (worked = w),
        (err) => this.services.logger.error({ err }, 'scheduler tick failed'),
      );
      await this.running;
      if (!this.stopped) this.timer = setTimeout(loop, worked ? 0 : intervalMs);
    };
    this.timer = setTimeout(loop, 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    if (this.markedAt !== null) await stopWorking(this.services.db, this.holder);
    await this.fetcher?.close();
    await this.extractor.close();
  }

  private now(): number {
    return this.services.clock.now().getTime();
  }

  /**
   * Runs `act` on the run under `leases` (taken or last renewed at `renewedAt`); false
   * when a lease was lost or `act` found nothing to do.
   */
  private async step(run: RunRow, leases: string[], renewedAt: number, act: (w: Work) => Promise<boolean>): Promise<boolean> {
    const { db, config, logger, engines } = this.services;
    const campaign = await db.selectFrom('campaigns').selectAll().where('id', '=', run.campaign_id).executeTakeFirstOrThrow();
    let engine: Work['engine'];
    try {
      engine = engines.forCampaign(campaign);
    } catch (err) {
      // A provider that is not configured fails the run, naming the setting it lacks.
      if (!(err instanceof ToolError)) throw err;
      await failRun({ services: this.services, run, campaign }, err.message);
      return true;
    }
    let lost = false;
    const renew = async (): Promise<boolean> => {
      const now = this.now();
      if (!(await renewLeases(db, leases, this.holder, now, config.leaseMs))) {
        lost = true;
        return false;
      }
      renewedAt = now;
      return true;
    };
    const w: Work = {
      services: this.services,
      run,
      campaign,
      brief: await campaignBrief(db, campaign),
      qaBrief: qaBriefOf(campaign),
      engine,
      fetchPage: this.fetchPage,
      extract: (page) => this.extractor.extract(page),
      readPage: (key, url) => {
        const next = this.ahead.get(run.id);
        this.ahead.delete(run.id);
        return next?.key === key && next.url === url ? next.outcome : this.fetchPage(url).then((page) => this.extractor.extract(page));
      },
      readAhead: (key, url) => {
        const outcome = this.fetchPage(url).then((page) => this.extractor.extract(page));
        // A failure is the page's, reported when its step takes it; a page never taken is dropped.
        outcome.catch(() => undefined);
        this.ahead.delete(run.id);
        // A run stopped mid-scrape leaves its page here: a few runs' pages at most are kept.
        if (this.ahead.size >= 4) this.ahead.delete(this.ahead.keys().next().value as string);
        this.ahead.set(run.id, { key, url, outcome });
      },
      // Renewed before a write once a few seconds have passed since they were taken or last
      // renewed: until then nobody else can have taken them (they run for leaseMs, which
      // is far longer), and a round trip per chunk is spared.
      fence: async () => {
        if (lost) throw new LeaseLost(leases.join(', '));
        if (this.now() - renewedAt < renewEvery(config.leaseMs)) return;
        if (!(await renew())) throw new LeaseLost(leases.join(', '));
      },
      committed: (n) => this.failpoint(n),
    };
    // A step that works a long while between writes (a large page read on the extraction
    // worker, a slow vendor) keeps its leases: without this, a step longer than the lease
    // lost it to another process, which started the same step over, and so on while the
    // machine stayed that slow.
    const heartbeat = setInterval(() => {
      if (!lost && this.now() - renewedAt >= renewEvery(config.leaseMs)) renew().catch((err) => logger.warn({ err, run: run.id }, 'lease renewal failed'));
    }, renewEvery(config.leaseMs));
    heartbeat.unref();
    try {
      // Which process did which step, for operators (and the multi-process test) to read.
      logger.debug({ run: run.id, holder: this.holder, stage: run.stage, lease: leases.join(' ') }, 'run step');
      return await act(w);
    } catch (err) {
      if (err instanceof LeaseLost) return false;
      if (err instanceof OutOfCredits) {
        await pauseRun(w, err.needed, err.balance);
        return true;
      }
      if (err instanceof ToolError) {
        await failRun(w, err.message);
        return true;
      }
      logger.error({ err, run: run.id }, 'run step failed');
      await failRun(w, 'An internal error stopped the run; its work so far is kept and a new run resumes it');
      return true;
    } finally {
      clearInterval(heartbeat);
    }
  }

  private failpoint(n: number): void {
    const limit = this.services.config.crashAfterItems;
    this.committedItems += n;
    if (limit !== null && this.committedItems >= limit) process.kill(process.pid, 'SIGKILL');
  }
}
