/**
 * push_approved of 1,000 send-ready sequences to the loopback HeyReach, in process:
 * the requests it takes (100 leads a request) and the time from call to reply, which
 * includes marking 3,000 messages sent with their bookkeeping.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { openInstance } from '../src/instance.js';
import { createUser } from '../src/core/users.js';
import { createApiKey, resolveApiKey } from '../src/core/keys.js';
import { createLogger } from '../src/log.js';
import { invokeTool } from '../src/registry/invoke.js';
import { TOOLS } from '../tools/index.js';
import { startHeyReach } from '../src/senders/loopback/heyreach.js';
import { seedReadySequences } from './push-seed.js';
import type { BenchResult } from './support.js';

const KEY = 'bench-heyreach-key';

export async function run(n = Number(process.env.BENCH_PUSH ?? 1000)): Promise<BenchResult[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'greenroom-bench-push-'));
  const heyreach = await startHeyReach({ apiKey: KEY, campaigns: [{ id: 1, name: 'Bench' }] });
  const config = loadConfig(
    {},
    { GREENROOM_DB: path.join(dir, 'bench.db'), GREENROOM_LOG_LEVEL: 'silent', GREENROOM_SCHEDULER: 'false', GREENROOM_HEYREACH_URL: heyreach.base },
  );
  const instance = await openInstance(config, { logger: createLogger('silent') });
  try {
    const user = await createUser(instance.db, instance, { email: 'bench@example.com', name: 'Bench', role: 'member', grant: 0 });
    const { key } = await createApiKey(instance.db, instance, { userId: user.user_id, name: 'bench', scopes: ['read', 'write', 'send'] });
    const principal = await resolveApiKey(instance, key);
    if (!principal) throw new Error('bench key did not resolve');
    const invoke = async (name: string, args: Record<string, unknown>) => {
      const out = await invokeTool(
        TOOLS.find((t) => t.name === name)!,
        args,
        instance,
        principal,
      );
      if (!out.envelope.ok) throw new Error(`${name}: ${JSON.stringify(out.envelope.error)}`);
      return out.envelope.data as Record<string, any>;
    };
    const campaignId = (await invoke('create_campaign', { name: 'Bench push' })).campaign_id as string;
    await seedReadySequences(instance.db, { campaignId, userId: user.user_id, n, at: instance.clock.now() });
    const connection = (await invoke('create_sending_connection', { tool: 'heyreach', name: 'Bench', api_key: KEY })).connection_id;
    await invoke('update_campaign', { campaign_id: campaignId, sending_connection_id: connection, sending_campaign_id: '1' });
    heyreach.received.length = 0;
    const started = performance.now();
    const report = await invoke('push_approved', { campaign_id: campaignId });
    const seconds = (performance.now() - started) / 1000;
    if (report.pushed !== n || heyreach.campaigns[0]!.leads.size !== n) throw new Error(`pushed ${report.pushed} of ${n}`);
    const requests = heyreach.received.length;
    const target = Math.ceil(n / 100);
    return [
      {
        name: `push_approved, ${n.toLocaleString('en-US')} sequences to loopback HeyReach: requests`,
        value: requests,
        unit: 'requests',
        target: `${target} (100 leads a request)`,
        pass: requests <= target,
      },
      {
        name: `push_approved, ${n.toLocaleString('en-US')} sequences: call to reply (3 messages marked sent each)`,
        value: n / seconds,
        unit: `sequences/s (${seconds.toFixed(2)} s)`,
        target: '≥ 100 sequences/s',
        pass: n / seconds >= 100,
      },
    ];
  } finally {
    await instance.close();
    await heyreach.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
