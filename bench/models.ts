import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.js';
import { openInstance } from '../src/instance.js';
import { createLogger } from '../src/log.js';
import { benchOwner } from './owner.js';
import { addConferenceUrl, insertCampaign } from '../src/core/campaigns.js';
import { startRun } from '../src/core/runs.js';
import { campaignStats } from '../src/core/stats.js';
import { fictionalSpeakers } from '../src/core/fictional-speakers.js';
import { sessionizeAll, startSite } from '../src/demo/site.js';
import { fileURLToPath } from 'node:url';
import { loopbackModelEnv, type LoopbackModelServer } from '../src/engine/loopback/server.js';
import { Scheduler } from '../src/pipeline/scheduler.js';
import { spawnServer, type BenchResult } from './support.js';

const LATENCY_MS = 300;
// The defaults: five calls in flight per vendor, 25 speakers written per transaction (a
// multiple of the concurrency, so every lane slot stays busy until the chunk ends).
const CONCURRENCY = 5;
const CHUNK = 25;
const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * 500 speakers drafted through the loopback OpenAI-compatible server answering after
 * 300 ms: model calls per second against what the lane allows (concurrency / latency),
 * and the credits on the spend rows against the ledger's charges.
 */
export async function run(total = Number(process.env.BENCH_MODEL_SPEAKERS ?? 500)): Promise<BenchResult[]> {
  const { child, port } = await spawnServer([path.join(here, 'models-server.js'), String(LATENCY_MS)], {}, /listening http:\/\/127\.0\.0\.1:(\d+)/);
  const url = `http://127.0.0.1:${port}`;
  // Only base() is used to build settings; the requests live in the child process.
  const models = { url, base: (v: string) => `${url}/${v}/v1` } as LoopbackModelServer;
  const site = await startSite({ '/api/v2/models/view/All': { contentType: 'application/json', body: sessionizeAll(fictionalSpeakers(total)) } });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'greenroom-bench-models-'));
  const config = loadConfig(
    {},
    {
      ...loopbackModelEnv(models, 'bench-model'),
      GREENROOM_DB: path.join(dir, 'bench.db'),
      GREENROOM_ALLOW_HOSTS: site.host,
      GREENROOM_SCRAPE_PACING_MS: '0',
      GREENROOM_LOG_LEVEL: 'warn',
      GREENROOM_MODEL_PROVIDER: 'openai_compatible',
      GREENROOM_MODEL_CONCURRENCY: String(CONCURRENCY),
      GREENROOM_PIPELINE_CHUNK: String(CHUNK),
      GREENROOM_MODEL_PRICES: 'bench-model=0.5/1.5',
    },
  );
  const instance = await openInstance(config, { logger: createLogger('warn') });
  try {
    const ctx = await benchOwner(instance, total * 3);
    const { campaign } = await insertCampaign(ctx, { name: 'Bench models' });
    await addConferenceUrl(ctx, campaign.id, site.url('/api/v2/models/view/All'));
    await startRun(ctx, campaign.id);
    const scheduler = new Scheduler(instance);
    await scheduler.drain();
    const endedAt = Date.now();
    await scheduler.stop();

    const stats = await campaignStats(ctx, campaign.id);
    const served = (await (await fetch(`${url}/_stats`)).json()) as { requests: number; first_at: number | null };
    const calls = served.requests;
    if (!served.first_at || stats.funnel.drafted === 0) throw new Error('the run made no model calls');
    // From the first model request to the end of the run: the offline stages before it are not the lane's.
    const span = (endedAt - served.first_at) / 1000;
    const rate = calls / span;
    const ceiling = CONCURRENCY / (LATENCY_MS / 1000);
    const spend = await instance.db
      .selectFrom('model_spend')
      .select([sql<number>`coalesce(sum(credits), 0)`.as('credits'), sql<number>`coalesce(sum(cost_usd), 0)`.as('usd')])
      .executeTakeFirstOrThrow();
    const ledger = await instance.db
      .selectFrom('credit_ledger')
      .select(sql<number>`coalesce(-sum(delta), 0)`.as('n'))
      .where('kind', '=', 'charge')
      .executeTakeFirstOrThrow();
    const spent = Number(spend.credits);
    const charged = Number(ledger.n);
    return [
      {
        name: `model calls, ${total} speakers (${stats.funnel.drafted} drafted) via OpenAI-compatible loopback, ${LATENCY_MS} ms per answer, concurrency ${CONCURRENCY}`,
        value: rate,
        unit: `calls/s (${calls} calls in ${span.toFixed(1)} s; ceiling ${ceiling.toFixed(1)})`,
        target: `≥ 80% of ceiling (${(ceiling * 0.8).toFixed(1)})`,
        pass: rate >= ceiling * 0.8,
      },
      {
        name: 'model run, credits on spend rows vs ledger charges',
        value: spent,
        unit: `credits (ledger ${charged}; $${Number(spend.usd).toFixed(4)} at 0.5/1.5 per M tokens)`,
        target: 'equal',
        pass: spent === charged,
      },
    ];
  } finally {
    await instance.close();
    await site.close();
    child.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
