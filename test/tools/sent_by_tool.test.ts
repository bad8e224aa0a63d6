import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReadySequences } from '../../bench/push-seed.js';
import { deliver, heyreachEvent, lemlistActivity } from '../../src/senders/loopback/events.js';
import draftQa from '../../tools/get_draft_qa.js';
import { conforms, connect, HEYREACH_CAMPAIGN, LEMLIST_CAMPAIGN, makeSendersWorld, wire, type SendersWorld } from '../senders/support.js';

const NOTED_CAMPAIGN = 'cam_OTHER';

/**
 * A slot the sending tool reports sent, also when the tool's invite carries slot 1 as its
 * note; each one goes out as lead.sent; get_draft_qa keeps a pushed sequence apart from a sent one.
 */
describe('sent by the sending tool', () => {
  let w: SendersWorld;
  let hrCampaign: string;
  let notedCampaign: string;
  let plainCampaign: string;
  let hr: string[];
  let noted: string[];
  let plain: string[];
  let hrUrl: string;
  let lemUrl: string;
  const profile = (prefix: string, i: number) => `https://www.linkedin.com/in/${prefix}-speaker-${i}`;
  const slotText = (i: number, slot: number) => `Slot ${slot} for Seeded Speaker${i}: a note about the talk.`;
  const at = (minutes: number) => new Date(w.clock.now().getTime() + minutes * 60_000).toISOString();
  const sentAt = async (speakerId: string) =>
    (await w.instance.db.selectFrom('messages').select(['slot', 'sent_at']).where('speaker_id', '=', speakerId).orderBy('slot').execute()).map((m) =>
      m.sent_at === null ? null : 'sent',
    );
  const leadSent = async (campaignId: string) =>
    (
      await w.instance.db.selectFrom('run_events').select('data').where('campaign_id', '=', campaignId).where('type', '=', 'lead.sent').orderBy('seq').execute()
    ).map((e) => JSON.parse(e.data) as Record<string, unknown>);
  const messageId = async (speakerId: string, slot: number) =>
    (await w.instance.db.selectFrom('messages').select('id').where('speaker_id', '=', speakerId).where('slot', '=', slot).executeTakeFirstOrThrow()).id;
  const invite = (i: number, id: string, campaignId: string, step: { stepId: string; sequenceStep: number }) =>
    lemlistActivity({
      _id: id,
      type: 'linkedinInviteDone',
      linkedinUrl: profile(campaignId === NOTED_CAMPAIGN ? 'noted' : 'plain', i),
      campaignId,
      createdAt: at(1),
      step: { ...step, sequenceId: `seq_${campaignId}` },
    });

  async function eventsUrl(connectionId: string): Promise<string> {
    const r = await w.tool('create_sending_events_url', { connection_id: connectionId });
    expect(r.ok).toBe(true);
    return (r.data.url as string).replace('http://127.0.0.1:1', w.base);
  }

  beforeAll(async () => {
    w = await makeSendersWorld({ GREENROOM_PUBLIC_URL: 'http://127.0.0.1:1' });
    // This lemlist campaign sends slot 1 as the invite's note; the other one invites without a note.
    const other = w.lemlist.campaigns.find((c) => c._id === NOTED_CAMPAIGN)!;
    other.steps = [
      { _id: 'stp_visit', type: 'linkedinVisit', message: '' },
      { _id: 'stp_invite_note', type: 'linkedinInvite', message: 'Hi {{firstName}}, {{msg1}}' },
      { _id: 'stp_m2', type: 'linkedinSend', message: '{{msg2}}' },
      { _id: 'stp_m3', type: 'email', subject: 'Your talk', message: '{{msg3}}' },
    ];
    const hrConn = await connect(w, 'heyreach');
    const lemConn = await connect(w, 'lemlist');
    const make = async (name: string, prefix: string, conn: string, target: string | number) => {
      const id = (await w.tool('create_campaign', { name })).data.campaign_id as string;
      const speakers = await seedReadySequences(w.instance.db, { campaignId: id, userId: w.user.userId, n: 2, at: w.clock.now(), prefix });
      await wire(w, id, conn, target);
      expect((await w.tool('push_approved', { campaign_id: id })).data.pushed).toBe(2);
      return { id, speakers };
    };
    ({ id: hrCampaign, speakers: hr } = await make('HeyReach invites', 'hr', hrConn, HEYREACH_CAMPAIGN));
    ({ id: notedCampaign, speakers: noted } = await make('lemlist invite with a note', 'noted', lemConn, NOTED_CAMPAIGN));
    ({ id: plainCampaign, speakers: plain } = await make('lemlist plain invite', 'plain', lemConn, LEMLIST_CAMPAIGN));
    hrUrl = await eventsUrl(hrConn);
    lemUrl = await eventsUrl(lemConn);
    const hook = await w.tool('create_webhook', { url: w.receiver.url, events: ['lead.accepted', 'lead.sent', 'lead.replied'] });
    expect(hook.ok).toBe(true);
    expect(hook.data.webhook.events).toEqual(['lead.accepted', 'lead.sent', 'lead.replied']);
  });
  afterAll(() => w.close());

  it('get_draft_qa counts a pushed sequence under pushed, apart from sent, until the tool sends a slot', async () => {
    const r = await w.get(`/campaigns/${hrCampaign}/qa?limit=200`);
    expect(draftQa.output.strict().safeParse(r.body.data).success).toBe(true);
    expect(r.body.data.buckets).toMatchObject({ pushed: 2, sent: 0 });
    expect(r.body.data.speakers.map((s: { bucket: string }) => s.bucket)).toEqual(['pushed', 'pushed']);
    const one = await deliver(
      hrUrl,
      heyreachEvent({
        eventType: 'MESSAGE_SENT',
        profileUrl: profile('hr', 1),
        campaignId: HEYREACH_CAMPAIGN,
        correlationId: 'qa_sent_1',
        timestamp: at(1),
        text: slotText(1, 1),
      }),
    );
    expect(one.body.data).toMatchObject({ matched: 1 });
    const after = (await w.tool('get_draft_qa', { campaign_id: hrCampaign, limit: 200 })).data;
    expect(after.buckets).toMatchObject({ pushed: 1, sent: 1 });
    expect(Object.fromEntries(after.speakers.map((s: { speaker_id: string; bucket: string }) => [s.speaker_id, s.bucket]))).toEqual({
      [hr[0]!]: 'pushed',
      [hr[1]!]: 'sent',
    });
  });

  it('HeyReach CONNECTION_REQUEST_SENT whose note carries slot 1 marks slot 1 sent and goes out as lead.sent; an invite without our text marks nothing', async () => {
    const withNote = heyreachEvent({
      eventType: 'CONNECTION_REQUEST_SENT',
      profileUrl: profile('hr', 0),
      campaignId: HEYREACH_CAMPAIGN,
      correlationId: 'invite_0',
      timestamp: at(2),
      text: `Hi Seeded, ${slotText(0, 1)}`,
    });
    expect((await deliver(hrUrl, withNote)).body.data).toMatchObject({ received: 1, matched: 1, ignored: 0 });
    expect(await sentAt(hr[0]!)).toEqual(['sent', null, null]);
    const plainInvite = heyreachEvent({
      eventType: 'CONNECTION_REQUEST_SENT',
      profileUrl: profile('hr', 1),
      campaignId: HEYREACH_CAMPAIGN,
      correlationId: 'invite_1',
      timestamp: at(2),
    });
    expect((await deliver(hrUrl, plainInvite)).body.data).toMatchObject({ matched: 1 });
    expect(await sentAt(hr[1]!)).toEqual(['sent', null, null]);
    const events = await leadSent(hrCampaign);
    expect(events.find((e) => e.tool_event === 'CONNECTION_REQUEST_SENT')).toEqual({
      speaker_id: hr[0],
      message_id: await messageId(hr[0]!, 1),
      slot: 1,
      tool: 'heyreach',
      tool_event: 'CONNECTION_REQUEST_SENT',
      linkedin_url: profile('hr', 0),
      occurred_at: at(2),
    });
    // One lead.sent per slot sent: the MESSAGE_SENT of the test before and this invite; a replay adds none.
    expect((await deliver(hrUrl, withNote)).body.data).toMatchObject({ duplicates: 1 });
    expect((await leadSent(hrCampaign)).map((e) => [e.speaker_id, e.slot])).toEqual([
      [hr[1], 1],
      [hr[0], 1],
    ]);
  });

  it('lemlist linkedinInviteDone on the step whose note carries {{msg1}} marks slot 1 sent; an invite step without our variable marks nothing', async () => {
    const r = await deliver(lemUrl, [
      invite(0, 'act_inv_noted_0', NOTED_CAMPAIGN, { stepId: 'stp_invite_note', sequenceStep: 1 }),
      invite(0, 'act_inv_plain_0', LEMLIST_CAMPAIGN, { stepId: 'stp_invite', sequenceStep: 1 }),
      // Without a step id, by its place in the sequence.
      invite(1, 'act_inv_noted_1', NOTED_CAMPAIGN, { stepId: '', sequenceStep: 1 }),
    ]);
    expect(r.body.data).toMatchObject({ received: 3, matched: 3, ignored: 0 });
    expect(await sentAt(noted[0]!)).toEqual(['sent', null, null]);
    expect(await sentAt(noted[1]!)).toEqual(['sent', null, null]);
    expect(await sentAt(plain[0]!)).toEqual([null, null, null]);
    expect((await leadSent(notedCampaign)).map((e) => [e.speaker_id, e.slot, e.tool, e.tool_event])).toEqual([
      [noted[0], 1, 'lemlist', 'linkedinInviteDone'],
      [noted[1], 1, 'lemlist', 'linkedinInviteDone'],
    ]);
    expect(await leadSent(plainCampaign)).toEqual([]);
    expect((await w.tool('campaign_stats', { campaign_id: notedCampaign })).data.funnel).toMatchObject({ pushed: 0, sent: 2 });
    // The next message goes by its own step.
    const next = lemlistActivity({
      _id: 'act_m2_noted_0',
      type: 'linkedinSent',
      linkedinUrl: profile('noted', 0),
      campaignId: NOTED_CAMPAIGN,
      createdAt: at(3),
      step: { stepId: 'stp_m2', sequenceStep: 2, sequenceId: `seq_${NOTED_CAMPAIGN}` },
    });
    expect((await deliver(lemUrl, next)).body.data).toMatchObject({ matched: 1 });
    expect(await sentAt(noted[0]!)).toEqual(['sent', 'sent', null]);
  });

  it('queues every slot sent, accept and reply for a webhook subscribed to lead.sent, lead.accepted and lead.replied', async () => {
    const accept = heyreachEvent({
      eventType: 'CONNECTION_REQUEST_ACCEPTED',
      profileUrl: profile('hr', 0),
      campaignId: HEYREACH_CAMPAIGN,
      correlationId: 'acc_0',
      timestamp: at(4),
    });
    const reply = heyreachEvent({
      eventType: 'MESSAGE_REPLY_RECEIVED',
      profileUrl: profile('hr', 0),
      campaignId: HEYREACH_CAMPAIGN,
      correlationId: 'rep_0',
      timestamp: at(5),
    });
    expect((await deliver(hrUrl, [accept, reply])).body.data).toMatchObject({ matched: 2 });
    const listed = await w.tool('list_webhook_deliveries', { limit: 100 });
    conforms('list_webhook_deliveries', listed.data);
    expect(listed.data.has_more).toBe(false);
    const deliveries = listed.data.items as Array<{ event: string; campaign_id: string }>;
    const count = (campaignId: string, event: string) => deliveries.filter((d) => d.campaign_id === campaignId && d.event === event).length;
    expect([count(hrCampaign, 'lead.sent'), count(hrCampaign, 'lead.accepted'), count(hrCampaign, 'lead.replied')]).toEqual([2, 1, 1]);
    expect([count(notedCampaign, 'lead.sent'), count(plainCampaign, 'lead.sent')]).toEqual([3, 0]);
    // Nothing else goes to a subscription that names these events.
    expect(deliveries.every((d) => d.event.startsWith('lead.'))).toBe(true);
  });

  it('asks each tool for its invite events too', async () => {
    const hrConn = (await w.tool('list_sending_connections', {})).data.items.find((c: { tool: string }) => c.tool === 'heyreach').connection_id;
    expect((await w.tool('create_sending_events_url', { connection_id: hrConn })).data.subscribe_to).toContain('CONNECTION_REQUEST_SENT');
    const lemConn = (await w.tool('list_sending_connections', {})).data.items.find((c: { tool: string }) => c.tool === 'lemlist').connection_id;
    expect((await w.tool('create_sending_events_url', { connection_id: lemConn })).data.subscribe_to).toContain('linkedinInviteDone');
  });
});
