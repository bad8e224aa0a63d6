import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedReadySequences } from '../../bench/push-seed.js';
import { connect, HEYREACH_CAMPAIGN, HEYREACH_KEY, makeSendersWorld, wire, type SendersWorld } from './support.js';

/** HeyReach's wire format and its failure answers, through push_approved against the loopback HeyReach. */
describe('the HeyReach adapter', () => {
  let w: SendersWorld;
  let connection: string;
  const adds = () => w.heyreach.received.filter((r) => r.path === '/api/public/campaign/AddLeadsToCampaignV2');
  const leads = () => w.heyreach.campaigns[0]!.leads;
  const sent = async (ids: string[]) =>
    Number(
      (
        await w.instance.db
          .selectFrom('messages')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('speaker_id', 'in', ids)
          .where('sent', '=', 1)
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A fresh wired campaign with n ready sequences. */
  async function campaignOf(n: number): Promise<{ id: string; speakers: string[] }> {
    const id = (await w.tool('create_campaign', { name: `Seeded ${n}` })).data.campaign_id;
    const speakers = await seedReadySequences(w.instance.db, { campaignId: id, userId: w.user.userId, n, at: w.clock.now(), prefix: id.slice(0, 8) });
    await wire(w, id, connection, HEYREACH_CAMPAIGN);
    return { id, speakers };
  }

  beforeAll(async () => {
    w = await makeSendersWorld();
    connection = await connect(w, 'heyreach');
  });
  beforeEach(() => {
    w.heyreach.received.length = 0;
    w.heyreach.script.length = 0;
  });
  afterAll(() => w.close());

  it('checks the key with campaign/GetAll and refuses a wrong key with invalid_request, storing nothing', async () => {
    const r = await w.post('/sending-connections', { tool: 'heyreach', name: 'Wrong', api_key: 'not-the-key' });
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({ code: 'invalid_request', message: expect.stringMatching(/^api_key: HeyReach refused this key .*401/) });
    const call = w.heyreach.received[0]!;
    expect(call).toMatchObject({
      method: 'POST',
      path: '/api/public/campaign/GetAll',
      headers: { 'x-api-key': 'not-the-key', 'content-type': 'application/json' },
    });
    expect(JSON.parse(call.body)).toEqual({ offset: 0, limit: 100 });
    const rows = await w.instance.db.selectFrom('sending_connections').select('name').execute();
    expect(rows.map((x) => x.name)).toEqual(['HeyReach']);
  });

  it('sends leads in the documented body: public profile URL, MSG1..MSG3, at most 100 a request, never resuming the campaign', async () => {
    const { id, speakers } = await campaignOf(205);
    const r = await w.tool('push_approved', { campaign_id: id });
    expect(r.data).toMatchObject({ pushed: 205, failed: 0, requests: 3 });
    expect(adds().map((a) => JSON.parse(a.body).accountLeadPairs.length)).toEqual([100, 100, 5]);
    // HeyReach's own counts, as it answered each batch.
    expect(r.data.tool_counts).toEqual({
      added: 205,
      updated: 0,
      failed: 0,
      batches: [100, 100, 5].map((n) => ({ leads: n, added: n, updated: 0, failed: 0, requests: 1 })),
    });
    const first = adds()[0]!;
    expect(first.headers).toMatchObject({ 'x-api-key': HEYREACH_KEY, 'content-type': 'application/json' });
    const body = JSON.parse(first.body);
    expect(body).toMatchObject({ campaignId: HEYREACH_CAMPAIGN, resumeFinishedCampaign: false, resumePausedCampaign: false });
    const slots = await w.instance.db.selectFrom('messages').select(['slot', 'content']).where('speaker_id', '=', speakers[0]!).orderBy('slot').execute();
    expect(body.accountLeadPairs[0]).toEqual({
      lead: {
        firstName: 'Seeded',
        lastName: 'Speaker0',
        profileUrl: `https://www.linkedin.com/in/${id.slice(0, 8)}-speaker-0`,
        companyName: 'SeedCo',
        position: 'VP Engineering',
        customUserFields: slots.map((m) => ({ name: `MSG${m.slot}`, value: m.content })),
      },
    });
    expect(await sent(speakers)).toBe(615);
  });

  it('waits out a 429 for its Retry-After, then goes on', async () => {
    const { id, speakers } = await campaignOf(3);
    w.heyreach.script.push({ status: 429, headers: { 'retry-after': '1' }, body: '' });
    const r = await w.tool('push_approved', { campaign_id: id });
    expect(r.data).toMatchObject({ pushed: 3, failed: 0, requests: 2 });
    const [limited, retried] = adds();
    expect(retried!.at - limited!.at).toBeGreaterThanOrEqual(950);
    expect(await sent(speakers)).toBe(9);
  });

  it('stops at a Retry-After longer than it may wait: every lead failed with the reason, nothing marked sent, and a later push finishes', async () => {
    const { id, speakers } = await campaignOf(150);
    w.heyreach.script.push({ status: 429, headers: { 'retry-after': '30' } });
    const r = await w.tool('push_approved', { campaign_id: id });
    expect(r.data).toMatchObject({ pushed: 0, failed: 150, requests: 1 });
    for (const x of r.data.results) expect(x.detail).toMatch(/HeyReach is rate limiting this key; push again in 30 s$/);
    expect(await sent(speakers)).toBe(0);
    const again = await w.tool('push_approved', { campaign_id: id });
    expect(again.data).toMatchObject({ pushed: 150, failed: 0 });
  });

  it('retries a 503 and reports a HeyReach that stays down as unavailable', async () => {
    const once = await campaignOf(2);
    w.heyreach.script.push({ status: 503, body: 'Service Unavailable' });
    expect((await w.tool('push_approved', { campaign_id: once.id })).data).toMatchObject({ pushed: 2, requests: 2 });
    const down = await campaignOf(2);
    for (let i = 0; i < 3; i++) w.heyreach.script.push({ status: 502, body: 'Bad Gateway' });
    const r = await w.tool('push_approved', { campaign_id: down.id });
    expect(r.data).toMatchObject({
      pushed: 0,
      failed: 2,
      requests: 3,
      results: [{ outcome: 'failed', reason: 'tool_failed', detail: 'HeyReach is unavailable (HTTP 502): Bad Gateway' }, { outcome: 'failed' }],
    });
    expect(await sent(down.speakers)).toBe(0);
  });

  it('after a timeout, a retry confirms the leads HeyReach took in the meantime, without adding them twice', async () => {
    const { id, speakers } = await campaignOf(4);
    const before = leads().size;
    w.heyreach.script.push({ delayMs: 2500 });
    const r = await w.tool('push_approved', { campaign_id: id });
    expect(r.data).toMatchObject({ pushed: 0, failed: 4, results: [{ detail: expect.stringMatching(/did not answer within 1500 ms/) }, {}, {}, {}] });
    expect(await sent(speakers)).toBe(0);
    await new Promise((done) => setTimeout(done, 1500));
    expect(leads().size).toBe(before + 4);
    const again = await w.tool('push_approved', { campaign_id: id });
    expect(again.data).toMatchObject({ pushed: 0, duplicate: 4, failed: 0, tool_counts: { added: 0, updated: 4, failed: 0 } });
    expect(leads().size).toBe(before + 4);
    expect(await sent(speakers)).toBe(12);
    const rows = await w.instance.db.selectFrom('sending_pushes').select(['state', 'attempts']).where('campaign_id', '=', id).execute();
    expect(rows).toEqual(speakers.map(() => ({ state: 'confirmed', attempts: 2 })));
  });

  it('leaves a slot edited while the push ran unsent, and says the tool has the earlier text', async () => {
    const { id, speakers } = await campaignOf(2);
    const slot2 = await w.instance.db
      .selectFrom('messages')
      .select(['id', 'content'])
      .where('speaker_id', '=', speakers[0]!)
      .where('slot', '=', 2)
      .executeTakeFirstOrThrow();
    w.heyreach.script.push({ delayMs: 700 });
    const pushing = w.tool('push_approved', { campaign_id: id });
    // The push has read the texts and waits on HeyReach; a person edits slot 2 meanwhile.
    await new Promise((done) => setTimeout(done, 250));
    w.clock.advance(1_000);
    const edited = await w.tool('update_message', { message_id: slot2.id, content: `${slot2.content}\nP.S. One more thought.` });
    expect(edited.ok).toBe(true);
    const r = await pushing;
    expect(r.data).toMatchObject({ pushed: 2, failed: 0 });
    const mine = (r.data.results as Array<{ speaker_id: string; detail: string | null }>).find((x) => x.speaker_id === speakers[0]);
    expect(mine?.detail).toMatch(/slot 2 was edited during the push: heyreach has the earlier text/);
    const slots = await w.instance.db
      .selectFrom('messages')
      .select(['slot', 'sent', 'content'])
      .where('speaker_id', '=', speakers[0]!)
      .orderBy('slot')
      .execute();
    expect(slots.map((m) => [m.slot, m.sent])).toEqual([
      [1, 1],
      [2, 0],
      [3, 1],
    ]);
    expect(slots[1]!.content).toContain('P.S. One more thought.');
    expect(await sent([speakers[1]!])).toBe(3);
  });

  it('pins a failure in a batch to its lead by sending halves again, and pushes the rest', async () => {
    const { id, speakers } = await campaignOf(6);
    const bad = `https://www.linkedin.com/in/${id.slice(0, 8)}-speaker-4`;
    w.heyreach.refuse.add(bad);
    const r = await w.tool('push_approved', { campaign_id: id });
    expect(r.data).toMatchObject({ pushed: 5, failed: 1 });
    expect(r.data.results.find((x: any) => x.speaker_id === speakers[4])).toMatchObject({
      outcome: 'failed',
      detail: expect.stringMatching(/did not add this lead/),
    });
    expect(await sent(speakers)).toBe(15);
    expect(adds().length).toBeGreaterThan(1);
    // The counts are HeyReach's answer to the batch as sent; the resent parts show in requests only.
    expect(r.data.tool_counts).toEqual({ added: 5, updated: 0, failed: 1, batches: [{ leads: 6, added: 5, updated: 0, failed: 1, requests: adds().length }] });
  });

  it("reports HeyReach's added and updated counts when a batch mixes new leads and ones it already held", async () => {
    const { id, speakers } = await campaignOf(3);
    const held = `https://www.linkedin.com/in/${id.slice(0, 8)}-speaker-1`;
    leads().set(held, { profileUrl: held, firstName: 'Added', lastName: 'By hand' });
    const r = await w.tool('push_approved', { campaign_id: id });
    // Counts name no lead, so no single lead can be called a duplicate; the counts say one was.
    expect(r.data).toMatchObject({ pushed: 3, duplicate: 0, failed: 0, requests: 1 });
    expect(r.data.tool_counts).toEqual({ added: 2, updated: 1, failed: 0, batches: [{ leads: 3, added: 2, updated: 1, failed: 0, requests: 1 }] });
    expect(await sent(speakers)).toBe(9);
  });

  it('reports a revoked key: list_sending_tool_campaigns is a tool_error, a push fails every lead and stops after one request', async () => {
    const { id } = await campaignOf(120);
    w.heyreach.apiKey = 'rotated';
    try {
      const list = await w.get(`/sending-connections/${connection}/campaigns`);
      expect(list.status).toBe(422);
      expect(list.body.error?.message).toMatch(/HeyReach refused the credentials \(HTTP 401\).*create it again/);
      const r = await w.tool('push_approved', { campaign_id: id });
      expect(r.data).toMatchObject({ pushed: 0, failed: 120, tool_counts: null });
      expect(adds()).toHaveLength(1);
    } finally {
      w.heyreach.apiKey = HEYREACH_KEY;
    }
  });
});
