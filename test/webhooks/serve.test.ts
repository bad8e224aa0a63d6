import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from '../support/clients.js';
import { makePipelineWorld, type PipelineWorld } from '../support/pipeline.js';
import { verifySignature } from '../../src/senders/signer.js';
import { startReceiver, type Receiver } from './receiver.js';

const bin = path.resolve(import.meta.dirname, '../../bin/greenroom');
/** Far longer than the test waits: only the in-process nudge can deliver in time. */
const POLL_MS = 120_000;

/** `greenroom serve` on the world's database; resolves once it prints where it listens. */
function serve(w: PipelineWorld, receiver: Receiver): Promise<{ child: ChildProcess; base: string; exited: Promise<number | null>; output: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'serve'], {
      env: {
        PATH: process.env.PATH ?? '',
        ...w.dbEnv,
        GREENROOM_PORT: '0',
        GREENROOM_ALLOW_HOSTS: `${w.site.host},${receiver.host}`,
        GREENROOM_SCRAPE_PACING_MS: '0',
        GREENROOM_SCHEDULER_INTERVAL_MS: '50',
        GREENROOM_WEBHOOK_POLL_MS: String(POLL_MS),
        GREENROOM_LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /serving on (http:\/\/\S+)/.exec(out);
      if (m) resolve({ child, base: m[1] as string, exited, output: () => out });
    });
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    void exited.then((code) => reject(new Error(`serve exited with ${code}: ${out}`)));
  });
}

describe('webhooks through `greenroom serve`', () => {
  let w: PipelineWorld;
  let receiver: Receiver;
  beforeAll(async () => {
    w = await makePipelineWorld();
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await w.close();
  });

  it('delivers a run’s events, signed, promptly after commit, to a loopback receiver; and stops cleanly', async () => {
    const server = await serve(w, receiver);
    try {
      const key = w.user.keys.all;
      const hook = await http(server.base, 'POST', '/webhooks', {
        key,
        body: { url: receiver.url(), events: ['run.started', 'drafts.ready', 'run.completed'] },
      });
      expect(hook.body.ok).toBe(true);
      const secret = hook.body.data.secret as string;
      const campaign = await http(server.base, 'POST', '/campaigns', { key, body: { name: 'Served', conference_url: w.urls.sessionize, auto_start: true } });
      expect(campaign.body.ok).toBe(true);
      await receiver.waitFor(3, 60_000).catch(async (err: Error) => {
        // Say where the run stood and what the server logged, so a miss can be told apart from a slow run.
        const run = await http(server.base, 'GET', `/campaigns/${campaign.body.data.campaign_id}/runs/latest`, { key });
        throw new Error(`${err.message}; latest run: ${JSON.stringify(run.body)}; server output: ${server.output().slice(-4000)}`);
      });
      const bodies = receiver.received.map((r) => JSON.parse(r.body));
      expect(bodies.map((b) => b.type)).toEqual(['run.started', 'drafts.ready', 'run.completed']);
      for (const r of receiver.received) {
        const header = r.headers['x-service-signature'] as string;
        expect(verifySignature(secret, r.body, header, Date.now() / 1000)).toMatchObject({ ok: true });
      }
      // Each event arrived within seconds of being written, with the poll two minutes away.
      for (const [i, b] of bodies.entries()) expect(receiver.received[i]!.at - Date.parse(b.created_at)).toBeLessThan(15_000);
      // The worker writes an outcome once the receiver has answered: the last may still be on its way.
      const list = () => http(server.base, 'GET', '/webhook-deliveries', { key, query: { webhook_id: hook.body.data.webhook.webhook_id } });
      let listed = await list();
      for (let i = 0; i < 100 && listed.body.data.items.some((d: { status: string }) => d.status === 'pending'); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        listed = await list();
      }
      expect(listed.body.data.items.map((d: { status: string; attempts: number }) => [d.status, d.attempts])).toEqual([
        ['delivered', 1],
        ['delivered', 1],
        ['delivered', 1],
      ]);
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
  }, 90_000);
});
