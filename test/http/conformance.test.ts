import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServeChild, type ServeChild } from '../support/serve-child.js';

/**
 * The MCP project's conformance suite, run against `greenroom serve`. The suite uses
 * fs.globSync, so it needs Node 22: it is fetched once from the npm registry and its
 * path cached; without the registry the test says why it skipped.
 */
const root = path.resolve(import.meta.dirname, '../..');
const suite = path.join(root, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const cacheFile = path.join(root, 'node_modules/.cache/greenroom-test/node22-path');

let resolved: { path: string } | { reason: string } | undefined;

function node22(): { path: string } | { reason: string } {
  resolved ??= findNode22();
  return resolved;
}

function findNode22(): { path: string } | { reason: string } {
  const works = (p: string) => spawnSync(p, ['--version'], { encoding: 'utf8' }).stdout?.startsWith('v22.');
  const cached = fs.existsSync(cacheFile) ? fs.readFileSync(cacheFile, 'utf8').trim() : '';
  if (cached && works(cached)) return { path: cached };
  const r = spawnSync('npx', ['-y', '-p', 'node@22', 'node', '-p', 'process.execPath'], { encoding: 'utf8', timeout: 240_000 });
  const found = r.stdout?.trim().split('\n').pop() ?? '';
  if (r.status !== 0 || !found || !works(found)) {
    return {
      reason: `Node 22 could not be fetched with npx from the npm registry (${r.error?.message ?? `exit ${r.status}: ${r.stderr?.trim().split('\n').slice(-2).join(' ')}`})`,
    };
  }
  fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
  fs.writeFileSync(cacheFile, found);
  return { path: found };
}

/**
 * The suite's client sends no credential (its scenarios address servers without
 * authentication), while /mcp requires a key. This loopback forwarder adds the key and
 * passes everything else through untouched, Host and Origin included, so the Host and
 * Origin checks are what decides; without the key a rebound request would be refused
 * by its missing credential alone, and prove nothing.
 */
function keyAddingForwarder(target: number, key: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const upstream = http.request(
      { host: '127.0.0.1', port: target, method: req.method, path: req.url, headers: { ...req.headers, authorization: `Bearer ${key}` } },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function runSuite(node: string, url: string, scenario: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(node, [suite, 'server', '--url', url, '--scenario', scenario], { env: { PATH: process.env.PATH ?? '', NO_COLOR: '1' } });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe('MCP conformance suite against greenroom serve', () => {
  let serve: ServeChild;
  let forwarder: http.Server;
  let url: string;
  beforeAll(async () => {
    serve = await startServeChild();
    forwarder = await keyAddingForwarder(serve.port, serve.key);
    url = `http://127.0.0.1:${(forwarder.address() as { port: number }).port}/mcp`;
  });
  afterAll(async () => {
    await new Promise((resolve) => forwarder?.close(resolve));
    await serve?.stop();
  });

  // The other scenarios that apply to a stateless JSON server with our tools; the rest
  // need a logging, completion, resources or prompts capability, or the suite's own test tools.
  it.for([
    ['dns-rebinding-protection', 2],
    ['server-initialize', 1],
    ['ping', 1],
    ['tools-list', 1],
  ] as const)('passes %s', { timeout: 300_000 }, async ([scenario, checks], ctx) => {
    const node = node22();
    if ('reason' in node) return ctx.skip(node.reason);
    const r = await runSuite(node.path, url, scenario);
    expect(r.out, r.out).toContain(`Passed: ${checks}/${checks}, 0 failed`);
    expect(r.code).toBe(0);
  });
});
