import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config.js';
import { openInstance } from '../src/instance.js';
import { createLogger } from '../src/log.js';
import { createUser } from '../src/core/users.js';
import { createApiKey } from '../src/core/keys.js';
import { insertCampaign } from '../src/core/campaigns.js';
import { fmt, load, spawnServer, type BenchResult, type LoadResult } from './support.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const bin = path.resolve(here, '../../bin/greenroom');
const SERVING = /serving on http:\/\/[^:]+:(\d+)/;

/**
 * The per-request cost's targets, as shares of the one-read bare server in the same run:
 * the bare server's CPU time a request over the server's (Linux /proc), which holds still
 * on a machine shared with other work where the rates jump; elsewhere the rates' share.
 */
const API_SHARE = 0.4;
const MCP_SHARE = 0.3;

/**
 * get_campaign in one run: two bare node:http + SQLite servers (one indexed read; the
 * same three reads as get_campaign), the HTTP API at the default log level and at warn,
 * and /mcp tools/call at the default level. Each server runs in its own process.
 * Each figure gives the server process's CPU time per request beside its rate (Linux /proc).
 * BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each `serve` there (node --cpu-prof).
 */
export async function run(seconds = Number(process.env.BENCH_SECONDS ?? 8)): Promise<BenchResult[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'greenroom-bench-'));
  const dbPath = path.join(dir, 'bench.db');
  const { key, campaignId } = await seed(dbPath);
  const auth = { authorization: `Bearer ${key}` };
  const prof = process.env.BENCH_CPU_PROF;
  const serve = (name: string) => [...(prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`, `--cpu-prof-name=${name}.cpuprofile`] : []), bin, 'serve'];
  const env = { GREENROOM_DB: dbPath, GREENROOM_PORT: '0', GREENROOM_RATE_READ: '100000000', GREENROOM_SCHEDULER: 'false' };
  const apiUrl = (port: number) => `http://127.0.0.1:${port}/api/public/v1/campaigns/${campaignId}`;
  const bareUrl = (port: number) => `http://127.0.0.1:${port}/campaigns/${campaignId}`;
  const mcpBody = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_campaign', arguments: { campaign_id: campaignId } } });
  const mcpHeaders = { ...auth, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };
  const servers: Server[] = [
    {
      name: 'bare, one read',
      args: [path.join(here, 'bare-server.js'), dbPath, '0', 'one'],
      env: {},
      ready: /listening (\d+)/,
      load: (port, secs) => load({ url: bareUrl(port), headers: auth, seconds: secs }),
    },
    {
      name: 'bare, three reads',
      args: [path.join(here, 'bare-server.js'), dbPath, '0', 'three'],
      env: {},
      ready: /listening (\d+)/,
      load: (port, secs) => load({ url: bareUrl(port), headers: auth, seconds: secs }),
    },
    // The default level (info), where every request writes its log line to stderr.
    { name: 'api', args: serve('api'), env, ready: SERVING, load: (port, secs) => load({ url: apiUrl(port), headers: auth, seconds: secs }) },
    {
      name: 'api, warn',
      args: serve('api-warn'),
      env: { ...env, GREENROOM_LOG_LEVEL: 'warn' },
      ready: SERVING,
      load: (port, secs) => load({ url: apiUrl(port), headers: auth, seconds: secs }),
    },
    {
      name: 'mcp',
      args: serve('mcp'),
      env,
      ready: SERVING,
      load: (port, secs) => load({ url: `http://127.0.0.1:${port}/mcp`, method: 'POST', headers: mcpHeaders, body: mcpBody, seconds: secs }),
    },
  ];
  try {
    const before = loadAverage();
    const [bareOne, bareThree, api, quiet, mcp] = await measureRounds(servers, seconds, Number(process.env.BENCH_ROUNDS ?? 3));
    const byCpu = (r: Measured) => (Number.isFinite(r.cpuUs) ? `, ${fmt(bareOne.cpuUs / r.cpuUs, 2)} of one read by CPU` : '');
    // The share the targets are judged on: by CPU time a request where it is known.
    const judged = (r: Measured) => (Number.isFinite(r.cpuUs) && Number.isFinite(bareOne.cpuUs) ? bareOne.cpuUs / r.cpuUs : r.rps / bareOne.rps);
    const by = Number.isFinite(bareOne.cpuUs) ? 'by CPU a request' : 'by rate';
    const share = (r: Measured) => `req/s (${fmt(r.rps / bareOne.rps, 2)} of one read, ${fmt(r.rps / bareThree.rps, 2)} of three${cpu(r)}${byCpu(r)})`;
    return [
      {
        name: 'get_campaign, bare node:http + better-sqlite3, one indexed read',
        value: bareOne.rps,
        unit: `req/s (${bareOne.generator}, load average ${before} before, ${loadAverage()} after${cpu(bareOne)})`,
        target: 'baseline',
        pass: true,
      },
      {
        name: 'get_campaign, bare node:http + better-sqlite3, the same three reads',
        value: bareThree.rps,
        unit: `req/s (${fmt(bareThree.rps / bareOne.rps, 2)} of one read${cpu(bareThree)})`,
        target: 'baseline',
        pass: true,
      },
      {
        name: 'get_campaign over the HTTP API (log level info, the default)',
        value: api.rps,
        unit: share(api),
        target: `≥ ${API_SHARE} of one read, ${by}`,
        pass: judged(api) >= API_SHARE,
      },
      { name: 'get_campaign over the HTTP API, GREENROOM_LOG_LEVEL=warn', value: quiet.rps, unit: share(quiet), target: 'reference', pass: true },
      {
        name: 'get_campaign over /mcp tools/call (log level info, the default)',
        value: mcp.rps,
        unit: share(mcp),
        target: `≥ ${MCP_SHARE} of one read, ${by}`,
        pass: judged(mcp) >= MCP_SHARE,
      },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The server's own CPU time per answered request: what the shares stand for, and steadier than req/s on a busy machine. */
const cpu = (r: Measured) => (Number.isFinite(r.cpuUs) ? `; ${fmt(r.cpuUs)} µs of its CPU a request` : '');

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

async function seed(dbPath: string): Promise<{ key: string; campaignId: string }> {
  const config = loadConfig({}, { GREENROOM_DB: dbPath, GREENROOM_LOG_LEVEL: 'silent' });
  const inst = await openInstance(config, { logger: createLogger('silent') });
  const user = await createUser(inst.db, inst, { email: 'bench@example.com', name: 'Bench', role: 'owner', grant: 100 });
  const { key } = await createApiKey(inst.db, inst, { userId: user.user_id, name: 'bench', scopes: ['read', 'write', 'send'] });
  const principal = { userId: user.user_id, scopes: ['read', 'write', 'send'] as const, tokenId: 'bench', tokenKind: 'api_key' as const, tokenName: 'bench' };
  const { campaign } = await insertCampaign(
    { ...inst, principal },
    { name: 'Bench Conf', pitch: 'p', cta: 'c', conference_url: 'https://bench.example.com/speakers' },
  );
  await inst.close();
  return { key, campaignId: campaign.id };
}

type Measured = LoadResult & { cpuUs: number };

/** A process's user and system CPU seconds (Linux /proc; NaN elsewhere). */
function cpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

interface Server {
  name: string;
  args: string[];
  env: Record<string, string>;
  ready: RegExp;
  load(port: number, seconds: number): Promise<LoadResult>;
}

/**
 * Every server runs at once in its own process (idle while another is loaded), each is
 * warmed up (JIT, SQLite page cache), then loaded in turn, round after round; each
 * server's figure is its median round. On a machine shared with other work, load that
 * comes and goes then falls on every server alike instead of on whichever ran last.
 */
async function measureRounds(servers: Server[], seconds: number, rounds: number): Promise<Measured[]> {
  const started: Array<{ child: ChildProcess; port: number }> = [];
  try {
    for (const s of servers) started.push(await spawnServer(s.args, s.env, s.ready));
    for (const [i, s] of servers.entries()) await s.load(started[i].port, 2);
    const results: Measured[][] = servers.map(() => []);
    for (let r = 0; r < rounds; r++) {
      for (const [i, s] of servers.entries()) {
        const pid = started[i].child.pid as number;
        const cpuBefore = cpuSeconds(pid);
        const res = await s.load(started[i].port, seconds);
        const cpuUs = ((cpuSeconds(pid) - cpuBefore) / (res.rps * seconds)) * 1e6;
        if (res.errors || res.non2xx) throw new Error(`${s.name}: ${res.errors} errors, ${res.non2xx} non-2xx responses`);
        results[i].push({ ...res, cpuUs });
      }
    }
    const median = (ns: number[]) => ns.sort((a, b) => a - b)[Math.floor(ns.length / 2)];
    return results.map((rs) => ({ ...rs.sort((a, b) => a.rps - b.rps)[Math.floor(rs.length / 2)], cpuUs: median(rs.map((r) => r.cpuUs)) }));
  } finally {
    await Promise.all(
      started.map(({ child }) => {
        child.kill('SIGTERM');
        return new Promise((r) => child.once('exit', r));
      }),
    );
  }
}
