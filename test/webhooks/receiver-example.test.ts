import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureFor } from '../../src/senders/signer.js';
import { freePort } from '../auth/support.js';

const root = path.resolve(import.meta.dirname, '../..');
const SECRET = 'whsec_receiver_example';

/** The receiver example of docs/webhooks.md, run as written. */
describe('the webhook receiver example in docs/webhooks.md', () => {
  let child: ReturnType<typeof spawn>;
  let url: string;
  let dir: string;
  beforeAll(async () => {
    const page = fs.readFileSync(path.join(root, 'docs/webhooks.md'), 'utf8');
    const code = /```js\n([\s\S]*?)```/.exec(page)?.[1];
    if (!code) throw new Error('no js example in docs/webhooks.md');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'greenroom-receiver-'));
    fs.writeFileSync(path.join(dir, 'receiver.mjs'), code);
    const port = await freePort();
    child = spawn(process.execPath, [path.join(dir, 'receiver.mjs')], {
      env: { PATH: process.env.PATH ?? '', PORT: String(port), WEBHOOK_SECRET: SECRET },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    url = `http://127.0.0.1:${port}/`;
    let stderr = '';
    child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    // A loaded machine may take seconds to start node; a receiver that exits says why.
    for (let i = 0; i < 300 && child.exitCode === null; i++) {
      if (
        await fetch(url, { method: 'POST', body: '{}' }).then(
          () => true,
          () => false,
        )
      )
        return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`the example receiver did not start: ${stderr || `exit code ${child.exitCode}`}`);
  });
  afterAll(() => {
    child.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const post = (body: string, header: string) =>
    fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-service-signature': header } }).then((r) => r.status);

  it('accepts our signature, and refuses a changed body, another secret and an old timestamp', async () => {
    const body = JSON.stringify({ id: 'evt-1', type: 'run.completed', created_at: new Date().toISOString(), campaign_id: 'c', data: { status: 'done' } });
    const now = Date.now() / 1000;
    expect(await post(body, signatureFor(SECRET, body, now))).toBe(204);
    expect(await post(body.replace('done', 'failed'), signatureFor(SECRET, body, now))).toBe(400);
    expect(await post(body, signatureFor('whsec_other', body, now))).toBe(400);
    expect(await post(body, signatureFor(SECRET, body, now - 301))).toBe(400);
    expect(await post(body, 'garbage')).toBe(400);
  });
});
