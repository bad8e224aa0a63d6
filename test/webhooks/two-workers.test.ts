import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openInstance, type Instance } from '../../src/instance.js';
import { createLogger } from '../../src/log.js';
import { makeInstance, makeUser, type TestEnv } from '../support/instance.js';
import { WebhookWorker } from '../../src/webhooks/worker.js';
import { startReceiver, type Receiver } from './receiver.js';
import { campaignOf, emit, hookFor } from './support.js';

const EVENTS = 400;

describe('two workers on one SQLite file', () => {
  let receiver: Receiver;
  let t: TestEnv;
  let second: Instance;
  beforeAll(async () => {
    receiver = await startReceiver();
    t = await makeInstance({ GREENROOM_ALLOW_HOSTS: receiver.host });
    // A second instance: its own connection to the same file, as another process would have.
    second = await openInstance(t.instance.config, { clock: t.clock, logger: createLogger('silent') });
  });
  afterAll(async () => {
    await second.close();
    await t.close();
    await receiver.close();
  });

  it('never deliver one delivery twice, whether ticking together or running their loops', async () => {
    const user = await makeUser(t.instance);
    const campaignId = await campaignOf(t.instance, user.userId);
    await hookFor(t.instance, user, receiver.url('/a'));
    await hookFor(t.instance, user, receiver.url('/b'), ['run.completed']);
    const types = Array.from({ length: EVENTS }, (_, i) => (i % 2 ? 'run.completed' : 'message.ready'));
    await emit(t.instance, campaignId, types.slice(0, EVENTS / 2));
    const a = new WebhookWorker(t.instance, { holder: 'worker-a', concurrency: 8 });
    const b = new WebhookWorker(second, { holder: 'worker-b', concurrency: 8 });
    // Ticks racing on the same due rows.
    const ticked = await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    expect(ticked.reduce((x, y) => x + y, 0)).toBe(EVENTS / 2 + EVENTS / 4);
    // Then the background loops, with more events arriving while they run.
    a.start();
    b.start();
    await emit(t.instance, campaignId, types.slice(EVENTS / 2));
    const total = EVENTS + EVENTS / 2;
    await receiver.waitFor(total, 30_000);
    await new Promise((r) => setTimeout(r, 300));
    await Promise.all([a.stop(), b.stop()]);
    expect(receiver.received).toHaveLength(total);
    const keys = receiver.received.map((r) => `${r.path} ${JSON.parse(r.body).id}`);
    expect(new Set(keys).size).toBe(total);
    const rows = await t.instance.db.selectFrom('webhook_deliveries').select(['status', 'attempts', 'lease_holder']).execute();
    expect(rows).toHaveLength(total);
    expect(rows.every((r) => r.status === 'delivered' && r.attempts === 1 && r.lease_holder === null)).toBe(true);
  });
});
