import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedReadySequences } from '../../bench/push-seed.js';
import { connect, LEMLIST_CAMPAIGN, LEMLIST_KEY, makeSendersWorld, wire, type SendersWorld } from './support.js';

/** lemlist's wire format and answers, through push_approved against the loopback lemlist. */
describe('the lemlist adapter', () => {
  let w: SendersWorld;
  let connection: string;
  const adds = () => w.lemlist.received.filter((r) => r.method === 'POST');
  const basic = `Basic ${Buffer.from(`:${LEMLIST_KEY}`).toString('base64')}`;

  async function campaignOf(n: number): Promise<{ id: string; speakers: string[] }> {
    const id = (await w.tool('create_campaign', { name: `Seeded ${n}` })).data.campaign_id;
    const speakers = await seedReadySequences(w.instance.db, { campaignId: id, userId: w.user.userId, n, at: w.clock.now(), prefix: id.slice(0, 8) });
    await wire(w, id, connection, LEMLIST_CAMPAIGN);
    return { id, speakers };
  }

  beforeAll(async () => {
    w = await makeSendersWorld();
    connection = await connect(w, 'lemlist');
  });
  beforeEach(() => {
    w.lemlist.received.length = 0;
    w.lemlist.script.length = 0;
  });
  afterAll(() => w.close());

  it('lists campaigns with Basic auth (empty user, key as password) from the v2 listing', async () => {
    const r = await w.tool('list_sending_tool_campaigns', { connection_id: connection });
    expect(r.data.campaigns).toEqual([
      { sending_campaign_id: LEMLIST_CAMPAIGN, name: 'DevConf, LinkedIn then e-mail', status: 'running' },
      { sending_campaign_id: 'cam_OTHER', name: 'Another', status: 'running' },
    ]);
    const call = w.lemlist.received[0]!;
    expect(call).toMatchObject({ method: 'GET', path: '/api/campaigns', headers: { authorization: basic } });
    expect(Object.fromEntries(call.query)).toEqual({ version: 'v2', limit: '100', page: '1' });
  });

  it('refuses a wrong key at creation with invalid_request', async () => {
    const r = await w.tool('create_sending_connection', { tool: 'lemlist', name: 'Wrong', api_key: 'nope' });
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid_request', message: expect.stringMatching(/lemlist refused this key/) } });
  });

  it('reads which steps carry msg1..msg3, adds each lead deduplicated with linkedinUrl and msg1..msg3, and leaves its slots pushed, not sent', async () => {
    const { id, speakers } = await campaignOf(3);
    const r = await w.tool('push_approved', { campaign_id: id });
    expect(r.data).toMatchObject({ pushed: 3, failed: 0, requests: 4, tool_counts: null });
    expect(w.lemlist.received.filter((x) => x.path.endsWith('/sequences'))).toMatchObject([
      { method: 'GET', path: `/api/campaigns/${LEMLIST_CAMPAIGN}/sequences`, headers: { authorization: basic } },
    ]);
    const push = await w.instance.db.selectFrom('sending_pushes').select('step_slots').where('speaker_id', '=', speakers[0]!).executeTakeFirstOrThrow();
    // The loopback campaign visits and invites first: the messages are steps 2, 3 and 4, the last an e-mail.
    expect(JSON.parse(push.step_slots as string)).toEqual([
      { step_id: 'stp_msg1', sequence_id: `seq_${LEMLIST_CAMPAIGN}`, sequence_step: 2, slot: 1 },
      { step_id: 'stp_msg2', sequence_id: `seq_${LEMLIST_CAMPAIGN}`, sequence_step: 3, slot: 2 },
      { step_id: 'stp_msg3', sequence_id: `seq_${LEMLIST_CAMPAIGN}`, sequence_step: 4, slot: 3 },
    ]);
    expect(r.data.step_slots).toEqual(JSON.parse(push.step_slots as string));
    const stored = await w.instance.db.selectFrom('messages').select(['sent', 'sent_at', 'pushed_at']).where('speaker_id', '=', speakers[0]!).execute();
    expect(stored.every((m) => m.sent === 1 && m.sent_at === null && m.pushed_at !== null)).toBe(true);
    const first = adds()[0]!;
    expect(first).toMatchObject({ path: `/api/campaigns/${LEMLIST_CAMPAIGN}/leads/`, headers: { authorization: basic, 'content-type': 'application/json' } });
    expect(first.query.get('deduplicate')).toBe('true');
    const slots = await w.instance.db.selectFrom('messages').select(['slot', 'content']).where('speaker_id', '=', speakers[0]!).orderBy('slot').execute();
    expect(JSON.parse(first.body)).toEqual({
      linkedinUrl: `https://www.linkedin.com/in/${id.slice(0, 8)}-speaker-0`,
      firstName: 'Seeded',
      lastName: 'Speaker0',
      companyName: 'SeedCo',
      jobTitle: 'VP Engineering',
      msg1: slots[0]!.content,
      msg2: slots[1]!.content,
      msg3: slots[2]!.content,
    });
    expect(w.lemlist.campaigns[0]!.leads.size).toBeGreaterThanOrEqual(3);
  });

  it('emits one push.completed per push, naming every speaker of all its batches (lemlist takes 20 a batch)', async () => {
    const { id, speakers } = await campaignOf(45);
    const r = await w.tool('push_approved', { campaign_id: id });
    expect(r.data).toMatchObject({ pushed: 45, failed: 0 });
    const events = await w.instance.db.selectFrom('run_events').select('data').where('campaign_id', '=', id).where('type', '=', 'push.completed').execute();
    expect(events).toHaveLength(1);
    const data = JSON.parse(events[0]!.data) as { pushed: number; duplicate: number; speaker_ids: string[] };
    expect(data).toMatchObject({ tool: 'lemlist', pushed: 45, duplicate: 0 });
    expect([...data.speaker_ids].sort()).toEqual([...speakers].sort());
  });

  it('counts "already in another campaign" as a confirmed duplicate, and a plain refusal as a failure with lemlist’s words', async () => {
    const { id, speakers } = await campaignOf(3);
    const url = (i: number) => `https://www.linkedin.com/in/${id.slice(0, 8)}-speaker-${i}`;
    w.lemlist.campaigns[1]!.leads.set(url(0), { linkedinUrl: url(0) });
    w.lemlist.script.push({}, {}, { status: 422, headers: { 'content-type': 'text/plain' }, body: 'Invalid linkedinUrl' });
    // The first script entries are consumed by the read of the steps and the first add (the duplicate); an empty entry serves it normally.
    const r = await w.tool('push_approved', { campaign_id: id });
    const by = (i: number) => r.data.results.find((x: any) => x.speaker_id === speakers[i]);
    expect(by(0)).toMatchObject({ outcome: 'duplicate' });
    expect(by(1)).toMatchObject({ outcome: 'failed', detail: 'lemlist refused this lead (HTTP 422): Invalid linkedinUrl' });
    expect(by(2)).toMatchObject({ outcome: 'pushed' });
    const sentRows = await w.instance.db.selectFrom('messages').select(['speaker_id', 'sent']).where('speaker_id', 'in', speakers).execute();
    expect(
      sentRows
        .filter((m) => m.sent === 1)
        .map((m) => m.speaker_id)
        .sort(),
    ).toEqual([speakers[0], speakers[0], speakers[0], speakers[2], speakers[2], speakers[2]].sort());
  });

  it('honours Retry-After on a 429 and stops every lead after a key is refused', async () => {
    const { id } = await campaignOf(2);
    w.lemlist.script.push({}, { status: 429, headers: { 'retry-after': '1' } });
    const r = await w.tool('push_approved', { campaign_id: id });
    expect(r.data).toMatchObject({ pushed: 2, requests: 4 });
    expect(adds()[1]!.at - adds()[0]!.at).toBeGreaterThanOrEqual(950);
    const revoked = await campaignOf(3);
    w.lemlist.received.length = 0;
    w.lemlist.script.push({}, { status: 401, body: 'Unauthorized' });
    const refused = await w.tool('push_approved', { campaign_id: revoked.id });
    expect(refused.data).toMatchObject({ pushed: 0, failed: 3, requests: 2 });
    expect(refused.data.results[2].detail).toMatch(/lemlist refused the credentials \(HTTP 401\)/);
  });
});
