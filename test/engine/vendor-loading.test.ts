/**
 * A model vendor's adapter and its SDK are loaded on the first call that names the vendor
 * (test/engine/vendors.test.ts makes those calls): `greenroom serve` answers without
 * loading the AI SDK, on the offline engine and with a vendor configured alike. The page
 * parser and the mailer wait the same way for the first page read on this thread or the first mail.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { startServeChild, type ServeChild } from '../support/serve-child.js';

const hook = pathToFileURL(path.resolve(import.meta.dirname, '../support/module-log.mjs')).href;
let serve: ServeChild | undefined;
let dir: string | undefined;
afterEach(async () => {
  await serve?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function packagesLoaded(env: Record<string, string>): Promise<string[]> {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'greenroom-modules-'));
  const log = path.join(dir, 'modules.txt');
  serve = await startServeChild({ ...env, NODE_OPTIONS: `--import ${hook}`, GREENROOM_TEST_MODULE_LOG: log });
  const res = await fetch(`${serve.base}/api/public/v1/campaigns`, { headers: { authorization: `Bearer ${serve.key}` } });
  expect(res.status).toBe(200);
  const urls = fs.readFileSync(log, 'utf8').split('\n');
  // The log sees the service's own modules too, so an empty list is no pass by accident.
  expect(urls.some((u) => u.endsWith('/dist/src/cli.js'))).toBe(true);
  const names = urls.map((u) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(u)?.[1]).filter((n): n is string => !!n);
  return [...new Set(names)].sort();
}

const modelSdk = (names: string[]) => names.filter((n) => n === 'ai' || n.startsWith('@ai-sdk/'));

it('serves on the offline engine without loading the AI SDK', async () => {
  const names = await packagesLoaded({});
  expect(names).toContain('hono');
  expect(modelSdk(names)).toEqual([]);
});

it('loads no vendor SDK at start when a vendor is the default provider', async () => {
  const names = await packagesLoaded({ GREENROOM_MODEL_PROVIDER: 'openai', GREENROOM_OPENAI_API_KEY: 'sk-unused' });
  expect(modelSdk(names)).toEqual([]);
});

it('serves without the page parser, the YAML reader or the mailer until a page or a mail needs them', async () => {
  const names = await packagesLoaded({});
  expect(names.filter((n) => ['cheerio', 'parse5', 'htmlparser2', 'yaml', 'nodemailer'].includes(n))).toEqual([]);
});
