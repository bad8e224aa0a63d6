import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDb, type OpenedDb } from '../../db/index.js';
import { fictionalSpeakers } from '../../src/core/fictional-speakers.js';
import { sessionizeAll, startSite } from '../../src/demo/site.js';
import { http } from '../support/clients.js';
import { TEST_PROFILE, messagesPerSpeaker } from '../support/pipeline.js';
import { dropDatabase, freshDbEnv } from '../support/pg.js';

const bin = path.resolve(import.meta.dirname, '../../bin/greenroom');
const SPEAKERS = 3_000;
const CREDITS = 100_000;

interface Proc {
  child: ChildProcessWithoutNullStreams;
  base: string;
  stdout: string;
  stderr: string;
  /** Batches of a shard of the run's speakers this process worked ('run step' log lines). */
  steps(): number;
}

/** `greenroom serve` on the shared database; resolves once it listens. */
async function serve(env: Record<string, string>): Promise<Proc> {
  const child = spawn(process.execPath, [bin, 'serve'], { env });
  const p: Proc = {
    child,
    base: '',
    stdout: '',
    stderr: '',
    steps: () => p.stderr.split('\n').filter((l) => l.includes('"msg":"run step"') && l.includes(':shard:')).length,
  };
  child.stderr.on('data', (d: Buffer) => (p.stderr += d.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${p.stderr}`)), 30_000);
    child.stdout.on('data', (d: Buffer) => {
      p.stdout += d.toString();
      const m = /serving on (http:\/\/\S+)/.exec(p.stdout);
      if (m) {
        clearTimeout(timer);
        p.base = m[1] as string;
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${p.stderr}`)));
  });
  return p;
}

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('two serve processes on one database', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'greenroom-two-'));
  let site: Awaited<ReturnType<typeof startSite>>;
  let env: Record<string, string>;
  let opened: OpenedDb;
  const procs: Proc[] = [];

  beforeAll(async () => {
    site = await startSite({ '/api/v2/big/view/All': { contentType: 'application/json', body: sessionizeAll(fictionalSpeakers(SPEAKERS)) } });
    const dbEnv = await freshDbEnv(path.join(dir, 'shared.db'));
    env = {
      PATH: process.env.PATH ?? '',
      ...dbEnv,
      GREENROOM_SECRET: 'x'.repeat(40),
      GREENROOM_PORT: '0',
      GREENROOM_ALLOW_HOSTS: site.host,
      GREENROOM_SCRAPE_PACING_MS: '0',
      GREENROOM_SCHEDULER_INTERVAL_MS: '20',
      // A killed worker's run is taken over once this lapses.
      GREENROOM_LEASE_MS: '3000',
      GREENROOM_PIPELINE_BATCH: '100',
      GREENROOM_SIGNUP_CREDITS: String(CREDITS),
      GREENROOM_RATE_READ: '100000',
      GREENROOM_LOG_LEVEL: 'debug',
    };
    // The first start creates the owner; the second finds it.
    procs.push(await serve(env));
    procs.push(await serve(env));
    opened = openDb(dbEnv.GREENROOM_DATABASE_URL ?? dbEnv.GREENROOM_DB);
  }, 90_000);

  afterAll(async () => {
    for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await opened?.close();
    await site?.close();
    if (env?.GREENROOM_DATABASE_URL) await dropDatabase(env.GREENROOM_DATABASE_URL);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('share a run of 3,000 speakers: both take part, every speaker and charge once, and one finishes after the other is killed', async () => {
    const [a, b] = procs as [Proc, Proc];
    const key = /(grn_\S+)/.exec(a.stdout)?.[1] as string;
    expect(key, a.stdout).toBeTruthy();
    const call = (base: string, method: 'GET' | 'POST', p: string, body?: unknown) => http(base, method, p, { key, body });
    expect((await call(a.base, 'POST', '/profile', TEST_PROFILE)).status).toBe(200);
    const created = await call(b.base, 'POST', '/campaigns', { name: 'Big', conference_url: site.url('/api/v2/big/view/All'), auto_start: true });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const campaignId = created.body.data.campaign_id as string;
    const status = async () => (await call(b.base, 'GET', `/campaigns/${campaignId}/runs/latest`)).body.data.run;

    // Both processes work speakers of the run, each on its own shards, before one dies mid-run.
    await until('both processes to work batches of speakers', () => a.steps() > 0 && b.steps() > 0, 240_000).catch(async (e) => {
      throw new Error(
        `${e.message}: steps ${a.steps()} and ${b.steps()}, run ${JSON.stringify(await status())}; a: ${a.stderr.slice(-1500)} b: ${b.stderr.slice(-1500)}`,
      );
    });
    expect((await status()).status).toBe('running');
    a.child.kill('SIGKILL');
    await new Promise((r) => a.child.once('exit', r));
    await until('the survivor to finish the run', async () => ['done', 'failed'].includes((await status()).status), 240_000);
    expect(await status()).toMatchObject({ status: 'done', error: null });

    const db = opened.db;
    const people = await db
      .selectFrom('speakers')
      .select([sql<number>`count(*)`.as('rows'), sql<number>`count(distinct dedupe_key)`.as('people')])
      .where('campaign_id', '=', campaignId)
      .executeTakeFirstOrThrow();
    expect(Number(people.rows)).toBe(SPEAKERS);
    expect(Number(people.people)).toBe(SPEAKERS);
    const unfinished = await db.selectFrom('speakers').select('id').where('campaign_id', '=', campaignId).where('stage', '!=', 'done').execute();
    expect(unfinished).toEqual([]);
    const charges = await db.selectFrom('credit_ledger').select(['reference', 'delta', 'balance_after']).where('kind', '=', 'charge').orderBy('seq').execute();
    expect(new Set(charges.map((c) => c.reference)).size).toBe(charges.length);
    const enriched = await db
      .selectFrom('speakers')
      .select(sql<number>`count(*)`.as('n'))
      .where('campaign_id', '=', campaignId)
      .where('enriched_at', 'is not', null)
      .executeTakeFirstOrThrow();
    const drafted = await db
      .selectFrom('speakers')
      .select(sql<number>`count(*)`.as('n'))
      .where('campaign_id', '=', campaignId)
      .where('drafted_at', 'is not', null)
      .executeTakeFirstOrThrow();
    // An enrichment is charged only when it learned something beyond the page: at most one per enriched speaker.
    expect(charges.filter((c) => c.reference.startsWith('enrich:')).length).toBeLessThanOrEqual(Number(enriched.n));
    expect(Number(enriched.n)).toBeGreaterThan(0);
    expect(charges.filter((c) => c.reference.startsWith('draft:')).length).toBe(Number(drafted.n));
    expect(Number(drafted.n)).toBeGreaterThan(0);
    // The running balance never skipped or repeated a charge, whichever process wrote it.
    charges.forEach((c, i) => expect(c.balance_after).toBe(CREDITS - (i + 1)));
    const slots = await messagesPerSpeaker(db, campaignId);
    expect(slots.length).toBe(Number(drafted.n));
    expect(slots.every((n) => n === 3)).toBe(true);
    expect(b.steps()).toBeGreaterThan(0);
  }, 540_000);
});
