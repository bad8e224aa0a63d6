import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedReadySequences } from '../../bench/push-seed.js';
import { verifySignature } from '../../src/senders/signer.js';
import { connect, makeSendersWorld, wire, WEBHOOK_SECRET, type SendersWorld } from './support.js';

/** The generic signed webhook target, against a loopback receiver that verifies as docs/sending-tools.md says. */
describe('the webhook adapter', () => {
  let w: SendersWorld;
  let connection: string;
  const posts = () => w.receiver.received.filter((r) => JSON.parse(r.body).type === 'lead');

  async function campaignOf(n: number): Promise<{ id: string; speakers: string[] }> {
    const id = (await w.tool('create_campaign', { name: `Seeded ${n}` })).data.campaign_id;
    const speakers = await seedReadySequences(w.instance.db, { campaignId: id, userId: w.user.userId, n, at: w.clock.now(), prefix: id.slice(0, 8) });
    await wire(w, id, connection, 'default');
    return { id, speakers };
  }

  beforeAll(async () => {
    w = await makeSendersWorld();
    connection = await connect(w, 'webhook');
  });
  beforeEach(() => {
    w.receiver.received.length = 0;
    w.receiver.script.length = 0;
  });
  afterAll(() => w.close());

  it('checks the target with a signed ping at creation, and shows the URL but never the secret', async () => {
    expect(w.receiver.pings).toBe(1);
    const list = await w.tool('list_sending_connections', {});
    expect(list.data.items[0]).toEqual({
      connection_id: connection,
      tool: 'webhook',
      name: 'n8n',
      url: w.receiver.url,
      created_at: expect.any(String),
      wired_campaigns: 0,
      events_url: false,
    });
    expect(JSON.stringify(list)).not.toContain(WEBHOOK_SECRET);
    const stored = await w.instance.db.selectFrom('sending_connections').select('credential').where('id', '=', connection).executeTakeFirstOrThrow();
    expect(stored.credential).toMatch(/^v1\./);
    expect(stored.credential).not.toContain(WEBHOOK_SECRET);
  });

  it.each([
    ['plain http', 'http://hooks.example.com/in', /https/],
    ['a private host', 'https://n8n.internal/webhook', /private or internal/],
    ['an IP literal', 'https://10.0.0.8/webhook', /IP addresses/],
    ['user info', 'https://user:pw@hooks.example.com/in', /user name or password/],
  ])('refuses %s as the target with invalid_request', async (_label, url, why) => {
    const r = await w.post('/sending-connections', { tool: 'webhook', name: 'x', api_key: WEBHOOK_SECRET, url });
    expect(r.status).toBe(400);
    expect(r.body.error?.message).toMatch(why);
  });

  it('refuses a target whose name has no public address in the words it uses for a private one', async () => {
    // ".invalid" never resolves; a name resolving to a private address gets these same words
    // (test/scrape/guarded-fetch.test.ts), so the answer tells nothing about the network.
    const r = await w.post('/sending-connections', { tool: 'webhook', name: 'x', api_key: WEBHOOK_SECRET, url: 'https://hooks.nothing-here.invalid/in' });
    expect(r.status).toBe(400);
    expect(r.body.error?.message).toBe('the target URL is not allowed: could not resolve hooks.nothing-here.invalid to a public address');
  });

  it('refuses a missing url, a short secret, a url for a vendor, and a target that refuses the signed ping', async () => {
    for (const body of [
      { tool: 'webhook', name: 'x', api_key: WEBHOOK_SECRET },
      { tool: 'webhook', name: 'x', api_key: 'short', url: w.receiver.url },
      { tool: 'heyreach', name: 'x', api_key: 'k', url: w.receiver.url },
    ]) {
      expect((await w.post('/sending-connections', body)).status, JSON.stringify(body)).toBe(400);
    }
    const wrongSecret = await w.post('/sending-connections', { tool: 'webhook', name: 'x', api_key: 'another-secret-of-length', url: w.receiver.url });
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.body.error?.message).toMatch(/refused this key.*401/);
  });

  it('POSTs each lead as signed JSON with its three messages; the receiver verifies every signature', async () => {
    const { id, speakers } = await campaignOf(3);
    const r = await w.tool('push_approved', { campaign_id: id });
    expect(r.data).toMatchObject({ tool: 'webhook', pushed: 3, failed: 0, requests: 3 });
    const first = posts()[0]!;
    const nowS = w.clock.now().getTime() / 1000;
    expect(verifySignature(WEBHOOK_SECRET, first.body, first.headers['x-service-signature'] as string, nowS)).toEqual({ ok: true, t: Math.floor(nowS) });
    const body = JSON.parse(first.body);
    const slots = await w.instance.db.selectFrom('messages').select('content').where('speaker_id', '=', speakers[0]!).orderBy('slot').execute();
    expect(body).toEqual({
      type: 'lead',
      id: expect.any(String),
      campaign_id: 'default',
      created_at: w.clock.now().toISOString(),
      lead: {
        linkedin_url: `https://www.linkedin.com/in/${id.slice(0, 8)}-speaker-0`,
        first_name: 'Seeded',
        last_name: 'Speaker0',
        company: 'SeedCo',
        title: 'VP Engineering',
      },
      greenroom: { campaign_id: id, speaker_id: speakers[0] },
      messages: { msg1: slots[0]!.content, msg2: slots[1]!.content, msg3: slots[2]!.content },
    });
    expect(first.headers['idempotency-key']).toBe(body.id);
    expect(first.headers['user-agent']).toMatch(/^Greenroom\/\d+\.\d+\.\d+ \(push\)$/);
  });

  it('fails a lead on a non-2xx or a redirect, and a retry sends the same id so the receiver keeps one copy', async () => {
    const { id, speakers } = await campaignOf(2);
    w.receiver.script.push(
      { status: 500 },
      { status: 500 },
      { status: 500, body: 'boom' },
      { status: 302, headers: { location: 'https://elsewhere.example.com/' } },
    );
    const r = await w.tool('push_approved', { campaign_id: id });
    expect(r.data.results.map((x: any) => [x.speaker_id, x.outcome])).toEqual([
      [speakers[0], 'failed'],
      [speakers[1], 'failed'],
    ]);
    expect(r.data.results[0].detail).toMatch(/webhook target is unavailable \(HTTP 500\): boom/);
    expect(r.data.results[1].detail).toMatch(/HTTP 302/);
    const firstIds = posts().map((p) => JSON.parse(p.body).id);
    const again = await w.tool('push_approved', { campaign_id: id });
    expect(again.data).toMatchObject({ pushed: 2, failed: 0 });
    const ids = posts().map((p) => JSON.parse(p.body).id);
    expect(new Set(ids)).toEqual(new Set(firstIds));
    expect([...w.receiver.leads.keys()].filter((k) => ids.includes(k))).toHaveLength(2);
  });

  it("stops a push at the first lead when the target's name no longer resolves, in the words used for a private address", async () => {
    // A second connection, checked while its name resolved; then the name stops resolving (".invalid" never does).
    const gone = await connect(w, 'webhook');
    const { id, speakers } = await campaignOf(3);
    await wire(w, id, gone, 'default');
    await w.instance.db.updateTable('sending_connections').set({ url: 'https://hooks.nothing-here.invalid/in' }).where('id', '=', gone).execute();
    const r = await w.tool('push_approved', { campaign_id: id });
    // Unreachable halts: one request, not one per lead, and every lead says why it was not sent.
    expect(r.data).toMatchObject({ pushed: 0, failed: 3, requests: 1 });
    const words = 'the target URL is not allowed: could not resolve hooks.nothing-here.invalid to a public address';
    expect(r.data.results.map((x: any) => [x.speaker_id, x.outcome])).toEqual(speakers.map((s) => [s, 'failed']));
    for (const x of r.data.results) expect(x.detail).toContain(words);
    expect(posts()).toHaveLength(0);
    // Nothing was taken: once the name resolves again, the same push sends all three.
    await w.instance.db.updateTable('sending_connections').set({ url: w.receiver.url }).where('id', '=', gone).execute();
    expect((await w.tool('push_approved', { campaign_id: id })).data).toMatchObject({ pushed: 3, failed: 0 });
  });
});
