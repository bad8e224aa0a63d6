/**
 * Webhook delivery throughput: 3,000 events queued in one transaction, each to one
 * endpoint on a loopback receiver (another process), delivered by the worker `serve`
 * runs, signed and through the guarded fetch. Timed from the outbox write to the last
 * recorded delivery, after 500 warm-up deliveries.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadConfig } from '../src/config.js';
import { openInstance, type Instance } from '../src/instance.js';
import { createUser } from '../src/core/users.js';
import { createWebhook } from '../src/core/webhooks.js';
import { emitEvents, type EventInput } from '../src/core/events.js';
import { WebhookWorker } from '../src/webhooks/worker.js';
import { createGuardedFetch } from '../src/scrape/guarded-fetch.js';
import { spawnServer, type BenchResult } from './support.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const TARGET_SECONDS = 5;
const WARMUP = 500;

/** Queues n events in one transaction and waits until `already + n` deliveries are delivered. */
async function queueAndWait(instance: Instance, campaignId: string, n: number, already = 0): Promise<void> {
  const events: EventInput[] = Array.from({ length: n }, (_, i) => ({
    campaignId,
    runId: null,
    type: 'message.ready',
    data: { message_id: crypto.randomUUID(), slot: 1 + (i % 3), qa_score: 9 },
    at: new Date(),
  }));
  await instance.db.transaction().execute((trx) => emitEvents(trx, events));
  const started = performance.now();
  // Counting what is still pending reads only the outbox's partial index.
  for (let pending = n; pending > 0;) {
    await new Promise((r) => setTimeout(r, 50));
    const row = await instance.db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    pending = Number(row.n);
    if (performance.now() - started > 120_000) throw new Error(`${pending} of ${n} still pending after two minutes`);
  }
  const delivered = await instance.db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'delivered')
    .executeTakeFirstOrThrow();
  if (Number(delivered.n) !== already + n) throw new Error(`${Number(delivered.n) - already} of ${n} delivered`);
}

export async function run(total = Number(process.env.BENCH_WEBHOOKS ?? 3000)): Promise<BenchResult[]> {
  const { child, port } = await spawnServer([path.join(here, 'webhook-receiver.js')], {}, /listening (\d+)/);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'greenroom-bench-webhooks-'));
  const config = loadConfig({}, { GREENROOM_DB: path.join(dir, 'bench.db'), GREENROOM_LOG_LEVEL: 'warn', GREENROOM_ALLOW_HOSTS: `127.0.0.1:${port}` });
  const instance = await openInstance(config);
  const worker = new WebhookWorker(instance);
  try {
    const user = await createUser(instance.db, instance, { email: 'bench@example.com', name: 'Bench', role: 'member', grant: 0 });
    const principal = { userId: user.user_id, scopes: ['read', 'write'] as const, tokenId: 'bench', tokenKind: 'api_key' as const, tokenName: 'bench' };
    await createWebhook({ ...instance, principal }, { url: `http://127.0.0.1:${port}/hook` });
    const campaignId = crypto.randomUUID();
    const now = new Date().toISOString();
    await instance.db
      .insertInto('campaigns')
      .values({
        id: campaignId,
        user_id: user.user_id,
        name: 'Bench',
        pitch: '',
        cta: '',
        your_name: '',
        your_role: '',
        tone: '',
        positioning: '',
        icp: '{}',
        style: '{}',
        auto_start: 0,
        intent_enabled: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    worker.start();
    // Warm-up, as a long-running serve is warm: the JIT, the connection pool, the receiver.
    await queueAndWait(instance, campaignId, WARMUP);
    const started = performance.now();
    await queueAndWait(instance, campaignId, total, WARMUP);
    const seconds = (performance.now() - started) / 1000;
    const counts = (await (await fetch(`http://127.0.0.1:${port}/count`)).json()) as { received: number; distinct: number };
    if (counts.received !== total + WARMUP || counts.distinct !== total + WARMUP)
      throw new Error(`receiver saw ${counts.received} requests, ${counts.distinct} distinct, for ${total} deliveries`);
    const bare = await barePosts(`http://127.0.0.1:${port}/hook`, total, config.allowHosts);
    return [
      {
        name: `webhooks baseline: ${total.toLocaleString('en-US')} bare POSTs, same receiver and fetch, 16 at a time (no outbox, no signing)`,
        value: bare,
        unit: 's',
        target: 'baseline',
        pass: true,
      },
      {
        name: `webhooks, ${total.toLocaleString('en-US')} deliveries to a loopback receiver (queued to delivered, each once)`,
        value: seconds,
        unit: `s (${Math.round(total / seconds).toLocaleString('en-US')} deliveries/s)`,
        target: `< ${TARGET_SECONDS} s`,
        pass: seconds < TARGET_SECONDS,
      },
    ];
  } finally {
    await worker.stop();
    await instance.close();
    child.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The same number of POSTs straight through a guarded fetch: what the worker adds is the rest. */
async function barePosts(url: string, n: number, allowHosts: readonly string[]): Promise<number> {
  const fetch = createGuardedFetch({ allowHosts, maxRedirects: 0 });
  try {
    const body = JSON.stringify({
      id: crypto.randomUUID(),
      type: 'message.ready',
      created_at: new Date().toISOString(),
      campaign_id: crypto.randomUUID(),
      data: {},
    });
    let next = 0;
    const started = performance.now();
    const lane = async () => {
      while (next++ < n)
        await fetch(url, {
          method: 'POST',
          body: body.replace(/"id":"[^"]+"/, `"id":"${next}"`),
          headers: { 'content-type': 'application/json' },
          followRedirects: false,
        });
    };
    await Promise.all(Array.from({ length: 16 }, lane));
    return (performance.now() - started) / 1000;
  } finally {
    await fetch.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const r of await run()) process.stdout.write(`${r.name}: ${r.value.toFixed(2)} ${r.unit} (target ${r.target}) ${r.pass ? 'holds' : 'MISSED'}\n`);
}
