import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config.js';
import { openInstance } from '../src/instance.js';
import { createLogger } from '../src/log.js';
import { createUser } from '../src/core/users.js';
import { createApiKey } from '../src/core/keys.js';
import { insertCampaign } from '../src/core/campaigns.js';
import { fmt, load, spawnServer, type BenchResult } from './support.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const bin = path.resolve(here, '../../bin/greenroom');

/** get_campaign three ways in one run: bare node:http + SQLite, the HTTP API, and /mcp tools/call. */
export async function run(seconds = Number(process.env.BENCH_SECONDS ?? 8)): Promise<BenchResult[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'greenroom-bench-'));
  const dbPath = path.join(dir, 'bench.db');
  const { key, campaignId } = await seed(dbPath);
  const auth = { authorization: `Bearer ${key}` };
  try {
    const bare = await measure(['--', path.join(here, 'bare-server.js'), dbPath, '0'], {}, /listening (\d+)/, (port, secs) =>
      load({ url: `http://127.0.0.1:${port}/campaigns/${campaignId}`, headers: auth, seconds: secs }),
    seconds);
    const env = { GREENROOM_DB: dbPath, GREENROOM_PORT: '0', GREENROOM_RATE_READ: '100000000', GREENROOM_LOG_LEVEL: 'warn', GREENROOM_SCHEDULER: 'false' };
    const api = await measure([bin, 'serve'], env, /serving on http:\/\/[^:]+:(\d+)/, (port, secs) =>
      load({ url: `http://127.0.0.1:${port}/api/public/v1/campaigns/${campaignId}`, headers: auth, seconds: secs }),
    seconds);
    // The same at the default level, where every request writes its log line to stderr.
    const logged = await measure([bin, 'serve'], { ...env, GREENROOM_LOG_LEVEL: 'info' }, /serving on http:\/\/[^:]+:(\d+)/, (port, secs) =>
      load({ url: `http://127.0.0.1:${port}/api/public/v1/campaigns/${campaignId}`, headers: auth, seconds: secs }),
    seconds);
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_campaign', arguments: { campaign_id: campaignId } } });
    const mcp = await measure([bin, 'serve'], env, /serving on http:\/\/[^:]+:(\d+)/, (port, secs) =>
      load({
        url: `http://127.0.0.1:${port}/mcp`,
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
        body,
        seconds: secs,
      }),
    seconds);
    for (const [name, r] of [['bare', bare], ['api', api], ['api, logged', logged], ['mcp', mcp]] as const) {
      if (r.errors || r.non2xx) throw new Error(`${name}: ${r.errors} errors, ${r.non2xx} non-2xx responses`);
    }
    const apiRatio = api.rps / bare.rps;
    const mcpRatio = mcp.rps / bare.rps;
    const loggedRatio = logged.rps / bare.rps;
    return [
      { name: 'get_campaign, bare node:http + better-sqlite3', value: bare.rps, unit: `req/s (${bare.generator})`, target: 'baseline', pass: true },
      { name: 'get_campaign over the HTTP API', value: api.rps, unit: `req/s (${fmt(apiRatio * 100)}% of bare)`, target: '≥ 50% of bare', pass: apiRatio >= 0.5 },
      { name: 'get_campaign over the HTTP API, logging each request (GREENROOM_LOG_LEVEL=info, the default)', value: logged.rps, unit: `req/s (${fmt(loggedRatio * 100)}% of bare)`, target: '≥ 50% of bare', pass: loggedRatio >= 0.5 },
      { name: 'get_campaign over /mcp tools/call', value: mcp.rps, unit: `req/s (${fmt(mcpRatio * 100)}% of bare)`, target: '≥ 25% of bare', pass: mcpRatio >= 0.25 },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function seed(dbPath: string): Promise<{ key: string; campaignId: string }> {
  const config = loadConfig({}, { GREENROOM_DB: dbPath, GREENROOM_LOG_LEVEL: 'silent' });
  const inst = await openInstance(config, { logger: createLogger('silent') });
  const user = await createUser(inst.db, inst, { email: 'bench@example.com', name: 'Bench', role: 'owner', grant: 100 });
  const { key } = await createApiKey(inst.db, inst, { userId: user.user_id, name: 'bench', scopes: ['read', 'write', 'send'] });
  const principal = { userId: user.user_id, scopes: ['read', 'write', 'send'] as const, tokenId: 'bench', tokenKind: 'api_key' as const, tokenName: 'bench' };
  const { campaign } = await insertCampaign({ ...inst, principal }, { name: 'Bench Conf', pitch: 'p', cta: 'c', conference_url: 'https://bench.example.com/speakers' });
  await inst.close();
  return { key, campaignId: campaign.id };
}

async function measure<T>(args: string[], env: Record<string, string>, ready: RegExp, fn: (port: number, secs: number) => Promise<T>, seconds: number): Promise<T> {
  const { child, port } = await spawnServer(args.filter((a) => a !== '--'), env, ready);
  try {
    await fn(port, 2); // warm-up (JIT, SQLite page cache), not counted
    return await fn(port, seconds);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}
