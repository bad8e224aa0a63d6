import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { makeInstance, makeUser, type TestEnv, type TestUser } from '../support/instance.js';
import { WebhookWorker } from '../../src/webhooks/worker.js';
import { SIGNATURE_HEADER, verifySignature } from '../../src/senders/signer.js';
import { createGuardedFetch } from '../../src/scrape/guarded-fetch.js';
import { startReceiver, type Receiver } from './receiver.js';
import { campaignOf, emit, hookFor } from './support.js';

const S = 1000;
const MIN = 60 * S;

describe('the webhook delivery worker (clock driven by hand)', () => {
  let receiver: Receiver;
  let t: TestEnv;
  let user: TestUser;
  let worker: WebhookWorker;
  let campaignId: string;

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());
  beforeEach(async () => {
    receiver.received.length = 0;
    receiver.reply = () => ({ status: 200 });
    t = await makeInstance({ GREENROOM_ALLOW_HOSTS: receiver.host });
    user = await makeUser(t.instance);
    campaignId = await campaignOf(t.instance, user.userId);
    worker = new WebhookWorker(t.instance);
  });
  afterEach(async () => {
    await worker.stop();
    await t.close();
  });

  const deliveries = () => t.instance.db.selectFrom('webhook_deliveries').selectAll().orderBy('seq').execute();
  /** Moves the clock in steps, ticking the worker at each, and notes when requests arrived (ms after start). */
  const walk = async (totalMs: number, stepMs: number, start = t.clock.now().getTime()) => {
    const times: number[] = [];
    for (let at = 0; at <= totalMs; at += stepMs) {
      const before = receiver.received.length;
      await worker.tick();
      for (let i = before; i < receiver.received.length; i++) times.push(t.clock.now().getTime() - start);
      t.clock.advance(stepMs);
    }
    return times;
  };

  it('posts {id, type, created_at, campaign_id, data} signed with the secret in X-Service-Signature', async () => {
    const { secret, webhook } = await hookFor(t.instance, user, receiver.url());
    await emit(t.instance, campaignId, ['run.completed'], { run_id: 'r1', status: 'done' });
    expect(await worker.tick()).toBe(1);
    const [req] = receiver.received;
    expect(req?.headers['content-type']).toBe('application/json');
    const body = JSON.parse(req!.body);
    expect(Object.keys(body).sort()).toEqual(['campaign_id', 'created_at', 'data', 'id', 'type']);
    expect(body).toMatchObject({
      type: 'run.completed',
      campaign_id: campaignId,
      created_at: t.clock.now().toISOString(),
      data: { run_id: 'r1', status: 'done' },
    });
    const header = req!.headers[SIGNATURE_HEADER.toLowerCase()] as string;
    expect(verifySignature(secret, req!.body, header, t.clock.now().getTime() / 1000)).toMatchObject({ ok: true });
    const [row] = await deliveries();
    expect(row).toMatchObject({
      webhook_id: webhook.webhook_id,
      event_id: body.id,
      status: 'delivered',
      attempts: 1,
      response_status: 200,
      error: null,
      lease_holder: null,
    });
    expect(await worker.tick()).toBe(0);
  });

  it('delivers to a receiver that was down for 15 minutes on a retry, with the same event id and a fresh t each time', async () => {
    const { secret } = await hookFor(t.instance, user, receiver.url());
    const start = t.clock.now().getTime();
    // Down: the connection is dropped without an answer until 15 minutes have passed.
    receiver.reply = () => (t.clock.now().getTime() - start < 15 * MIN ? Promise.reject(new Error('down')) : { status: 204 });
    await emit(t.instance, campaignId, ['drafts.ready'], { speakers_with_drafts: 3 });
    const times = await walk(45 * MIN, 10 * S, start);
    // Retries at 30 s, then 2 and 10 minutes later fail; the one 30 minutes after that arrives.
    expect(times).toEqual([0, 30 * S, 150 * S, 750 * S, 2550 * S]);
    const [row] = await deliveries();
    expect(row).toMatchObject({ status: 'delivered', attempts: 5, response_status: 204, error: null });
    const ids = new Set(receiver.received.map((r) => JSON.parse(r.body).id));
    expect(ids).toEqual(new Set([row!.event_id]));
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    const stamps = receiver.received.map((r) => /t=(\d+)/.exec(r.headers['x-service-signature'] as string)![1]);
    expect(new Set(stamps).size).toBe(5);
    for (const r of receiver.received) {
      const t0 = Number(/t=(\d+)/.exec(r.headers['x-service-signature'] as string)![1]);
      expect(verifySignature(secret, r.body, r.headers['x-service-signature'] as string, t0)).toMatchObject({ ok: true });
    }
    const hooks = await t.instance.db.selectFrom('webhooks').select(['recent_failures', 'last_success_at']).executeTakeFirstOrThrow();
    expect(hooks).toMatchObject({ recent_failures: 0, last_success_at: expect.any(String) });
  });

  it('runs the whole schedule (30 s, 2 min, 10 min, 30 min, 2 h, 6 h) and then stops as failed', async () => {
    await hookFor(t.instance, user, receiver.url());
    receiver.reply = () => ({ status: 500, body: 'boom' });
    await emit(t.instance, campaignId, ['run.failed']);
    const start = t.clock.now().getTime();
    const times: number[] = [];
    // Tick just before each due time (nothing goes) and at it (one attempt goes).
    for (let i = 0; i < 7; i++) {
      const [row] = await deliveries();
      expect(row!.status).toBe('pending');
      t.clock.set(row!.next_attempt_at - 1);
      expect(await worker.tick()).toBe(0);
      t.clock.set(row!.next_attempt_at);
      expect(await worker.tick()).toBe(1);
      times.push(t.clock.now().getTime() - start);
    }
    expect(times).toEqual([0, 30 * S, 150 * S, 750 * S, 2550 * S, 9750 * S, 31350 * S]);
    const [row] = await deliveries();
    expect(row).toMatchObject({ status: 'failed', attempts: 7, response_status: 500, error: expect.stringMatching(/HTTP 500/) });
    t.clock.advance(48 * 60 * MIN);
    expect(await worker.tick()).toBe(0);
    expect(receiver.received).toHaveLength(7);
    const hook = await t.instance.db.selectFrom('webhooks').select(['recent_failures', 'active']).executeTakeFirstOrThrow();
    expect(hook).toEqual({ recent_failures: 7, active: 1 });
  });

  it('leaves a claimed delivery to its holder until the lease lapses, then another worker sends it', async () => {
    await hookFor(t.instance, user, receiver.url());
    await emit(t.instance, campaignId, ['run.completed']);
    // A worker claims and dies before sending: its lease stays behind.
    const dead = new WebhookWorker(t.instance, { holder: 'dead' });
    expect(await dead.claim(10)).toHaveLength(1);
    await dead.stop();
    expect(await worker.claim(10)).toEqual([]);
    t.clock.advance(59 * S);
    expect(await worker.tick()).toBe(0);
    t.clock.advance(1 * S);
    expect(await worker.tick()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    expect((await deliveries())[0]).toMatchObject({ status: 'delivered', attempts: 1, lease_holder: null });
  });

  it('deactivates the webhook on 410 Gone and cancels its other pending deliveries', async () => {
    const { webhook } = await hookFor(t.instance, user, receiver.url());
    receiver.reply = () => ({ status: 410 });
    await emit(t.instance, campaignId, ['run.started', 'run.completed', 'drafts.ready']);
    expect(await worker.tick(1)).toBe(1);
    expect(await worker.tick()).toBe(0);
    const rows = await deliveries();
    expect(rows.map((r) => r.status)).toEqual(['failed', 'cancelled', 'cancelled']);
    expect(rows[0]).toMatchObject({ response_status: 410, attempts: 1, error: expect.stringMatching(/410/) });
    const hook = await t.instance.db.selectFrom('webhooks').selectAll().where('id', '=', webhook.webhook_id).executeTakeFirstOrThrow();
    expect(hook).toMatchObject({ active: 0, deactivated_reason: expect.stringMatching(/410/) });
    // No new deliveries for an inactive endpoint.
    await emit(t.instance, campaignId, ['run.completed']);
    expect(await deliveries()).toHaveLength(3);
    expect(receiver.received).toHaveLength(1);
  });

  it('counts a redirect as a failure and does not follow it', async () => {
    await hookFor(t.instance, user, receiver.url('/old'));
    receiver.reply = (r) => (r.path === '/old' ? { status: 308, headers: { location: receiver.url('/new') } } : { status: 200 });
    await emit(t.instance, campaignId, ['message.approved']);
    await worker.tick();
    expect(receiver.received.map((r) => r.path)).toEqual(['/old']);
    const [row] = await deliveries();
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      response_status: 308,
      error: expect.stringMatching(/redirect/),
      next_attempt_at: t.clock.now().getTime() + 30 * S,
    });
  });

  it('refuses at connect time a public-looking name that resolves to a private address', async () => {
    await hookFor(t.instance, user, 'https://hooks.example.com/in');
    await worker.stop();
    // The name passes the static check; the resolver answers loopback, as a rebinding DNS would.
    const fetch = createGuardedFetch({ lookup: async () => [{ address: '127.0.0.1', family: 4 }] });
    worker = new WebhookWorker(t.instance, { fetch });
    await emit(t.instance, campaignId, ['run.started']);
    await worker.tick();
    await fetch.close();
    const [row] = await deliveries();
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      response_status: null,
      error: expect.stringMatching(/could not resolve hooks.example.com to a public address/),
    });
  });

  it('counts an answer slower than the time limit as a failure', async () => {
    await hookFor(t.instance, user, receiver.url());
    receiver.reply = () => new Promise((resolve) => setTimeout(() => resolve({ status: 200 }), 1500));
    await worker.stop();
    const fetch = createGuardedFetch({ allowHosts: [receiver.host], timeoutMs: 300 });
    worker = new WebhookWorker(t.instance, { fetch });
    await emit(t.instance, campaignId, ['run.started']);
    await worker.tick();
    await fetch.close();
    expect((await deliveries())[0]).toMatchObject({ status: 'pending', attempts: 1, error: expect.stringMatching(/timed out/) });
  });

  it('signs bodies that Stripe’s own verifier accepts (same scheme, another header name)', async () => {
    t.clock.set(Date.now());
    const { secret } = await hookFor(t.instance, user, receiver.url());
    await emit(t.instance, campaignId, ['message.ready'], { message_id: 'm1' });
    await worker.tick();
    const [req] = receiver.received;
    const header = req!.headers['x-service-signature'] as string;
    const stripe = new Stripe('sk_test_unused');
    const event = stripe.webhooks.constructEvent(req!.body, header, secret, 300);
    expect(event).toMatchObject({ id: JSON.parse(req!.body).id, type: 'message.ready' });
    expect(() => stripe.webhooks.constructEvent(req!.body.replace('m1', 'm2'), header, secret, 300)).toThrow();
    expect(() => stripe.webhooks.constructEvent(req!.body, header, 'whsec_other', 300)).toThrow();
  });
});
