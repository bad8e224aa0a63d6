import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReadySequences } from '../../bench/push-seed.js';
import { deliver, heyreachEvent, lemlistActivity } from '../../src/senders/loopback/events.js';
import { conforms, connect, HEYREACH_CAMPAIGN, LEMLIST_CAMPAIGN, makeSendersWorld, wire, type SendersWorld } from '../senders/support.js';

/**
 * Which message a reply followed, as each sending tool tells it: HeyReach's conversation
 * snapshot, lemlist's step (mapped to a slot by the steps read from its campaign at the
 * push), else the last slot the tool actually sent before the reply; and
 * campaign_stats.by_slot built from it.
 */
describe('reply rates by slot', () => {
  let w: SendersWorld;
  let hrCampaign: string;
  let lemCampaign: string;
  let hr: string[];
  let lem: string[];
  let hrUrl: string;
  let lemUrl: string;
  const profile = (prefix: string, i: number) => `https://www.linkedin.com/in/${prefix}-speaker-${i}`;
  const slotText = (i: number, slot: number) => `Slot ${slot} for Seeded Speaker${i}: a note about the talk.`;
  const at = (minutes: number) => new Date(w.clock.now().getTime() + minutes * 60_000).toISOString();
  const replySlot = async (id: string) =>
    (await w.instance.db.selectFrom('speakers').select('reply_slot').where('id', '=', id).executeTakeFirstOrThrow()).reply_slot;
  const stats = async (campaignId: string) => {
    const h = await w.get(`/campaigns/${campaignId}/stats`);
    expect(h.status).toBe(200);
    expect(await w.tool('campaign_stats', { campaign_id: campaignId })).toEqual(h.body);
    conforms('campaign_stats', h.body.data);
    return h.body.data;
  };
  /** A HeyReach reply whose conversation snapshot holds these messages, oldest first. */
  const hrReply = (
    i: number,
    correlationId: string,
    minutes: number,
    conversation: Array<{ message: string; is_reply: boolean }>,
    eventType = 'MESSAGE_REPLY_RECEIVED',
  ) => ({
    ...heyreachEvent({ eventType, profileUrl: profile('slots', i), campaignId: HEYREACH_CAMPAIGN, correlationId, timestamp: at(minutes) }),
    recent_messages: conversation.map((m, k) => ({ creation_time: at(k), ...m })),
  });
  const eventsUrl = async (connectionId: string) => {
    const r = await w.tool('create_sending_events_url', { connection_id: connectionId });
    return (r.data.url as string).replace('http://127.0.0.1:1', w.base);
  };

  beforeAll(async () => {
    w = await makeSendersWorld({ GREENROOM_PUBLIC_URL: 'http://127.0.0.1:1' });
    const hrConn = await connect(w, 'heyreach');
    const lemConn = await connect(w, 'lemlist');
    hrCampaign = (await w.tool('create_campaign', { name: 'HeyReach slots' })).data.campaign_id;
    lemCampaign = (await w.tool('create_campaign', { name: 'lemlist slots' })).data.campaign_id;
    hr = await seedReadySequences(w.instance.db, { campaignId: hrCampaign, userId: w.user.userId, n: 6, at: w.clock.now(), prefix: 'slots' });
    lem = await seedReadySequences(w.instance.db, { campaignId: lemCampaign, userId: w.user.userId, n: 5, at: w.clock.now(), prefix: 'lemslots' });
    await wire(w, hrCampaign, hrConn, HEYREACH_CAMPAIGN);
    await wire(w, lemCampaign, lemConn, LEMLIST_CAMPAIGN);
    expect((await w.tool('push_approved', { campaign_id: hrCampaign })).data.pushed).toBe(6);
    expect((await w.tool('push_approved', { campaign_id: lemCampaign })).data.pushed).toBe(5);
    hrUrl = await eventsUrl(hrConn);
    lemUrl = await eventsUrl(lemConn);
    // The tools send every slot, except that HeyReach has sent only slot 1 to speaker 2 so far.
    const hrSent = hr.flatMap((_, i) =>
      [1, 2, 3]
        .filter((slot) => i !== 2 || slot === 1)
        .map((slot) =>
          heyreachEvent({
            eventType: 'MESSAGE_SENT',
            profileUrl: profile('slots', i),
            campaignId: HEYREACH_CAMPAIGN,
            correlationId: `sent_${i}_${slot}`,
            timestamp: at(-10),
            text: slotText(i, slot),
          }),
        ),
    );
    expect((await deliver(hrUrl, hrSent)).body.data).toMatchObject({ matched: 16 });
    const steps = [
      ['stp_msg1', 2],
      ['stp_msg2', 3],
      ['stp_msg3', 4],
    ] as const;
    const lemSent = lem.flatMap((_, i) =>
      steps.map(([stepId, n]) =>
        lemlistActivity({
          _id: `sent_${i}_${n}`,
          type: n === 4 ? 'emailsSent' : 'linkedinSent',
          linkedinUrl: profile('lemslots', i),
          campaignId: LEMLIST_CAMPAIGN,
          createdAt: at(-10),
          step: { stepId, sequenceId: `seq_${LEMLIST_CAMPAIGN}`, sequenceStep: n },
        }),
      ),
    );
    expect((await deliver(lemUrl, lemSent)).body.data).toMatchObject({ matched: 15 });
  });
  afterAll(() => w.close());

  it('HeyReach: the slot whose text was sent last before the first reply, also inside a step’s own words', async () => {
    // Slot 2 went out wrapped in the step's greeting, its spacing changed; then the lead answered.
    const two = hrReply(0, 'c0', 30, [
      { message: slotText(0, 1), is_reply: false },
      { message: `Hi again!\n\n${slotText(0, 2).replace(' a note', '  a note')}`, is_reply: false },
      { message: 'Sounds good, let us talk.', is_reply: true },
    ]);
    expect((await deliver(hrUrl, two)).body.data).toMatchObject({ matched: 1 });
    expect(await replySlot(hr[0]!)).toBe(2);
    // The lead answered slot 1; the snapshot goes on past that first reply.
    const one = hrReply(1, 'c1', 30, [
      { message: slotText(1, 1), is_reply: false },
      { message: 'Thanks for the note.', is_reply: true },
      { message: slotText(1, 2), is_reply: false },
      { message: 'As I said, yes.', is_reply: true },
    ]);
    expect((await deliver(hrUrl, one)).body.data).toMatchObject({ matched: 1 });
    expect(await replySlot(hr[1]!)).toBe(1);
  });

  it('keeps the slot of the first reply: a later reply, or a replay, changes nothing', async () => {
    const later = hrReply(
      0,
      'c0-later',
      90,
      [
        { message: slotText(0, 3), is_reply: false },
        { message: 'Another answer.', is_reply: true },
      ],
      'EVERY_MESSAGE_REPLY_RECEIVED',
    );
    expect((await deliver(hrUrl, later)).body.data).toMatchObject({ matched: 1 });
    expect(await replySlot(hr[0]!)).toBe(2);
    const replay = hrReply(1, 'c1', 30, [
      { message: slotText(1, 3), is_reply: false },
      { message: 'x', is_reply: true },
    ]);
    expect((await deliver(hrUrl, replay)).body.data).toMatchObject({ duplicates: 1, matched: 0 });
    expect(await replySlot(hr[1]!)).toBe(1);
  });

  it('without a slot’s text in the snapshot, the last slot the tool actually sent before the reply; slots only pushed do not count', async () => {
    const unknown = hrReply(2, 'c2', 30, [
      { message: 'A note HeyReach wrote itself.', is_reply: false },
      { message: 'Hello!', is_reply: true },
    ]);
    expect((await deliver(hrUrl, unknown)).body.data).toMatchObject({ matched: 1 });
    expect(await replySlot(hr[2]!)).toBe(1);
  });

  it('lemlist: the slot the activity’s step carries, by the steps read from the campaign at the push, not by the step’s place', async () => {
    const reply = (i: number, id: string, step?: { stepId?: string; sequenceStep: number }) => ({
      ...lemlistActivity({ _id: id, type: 'linkedinReplied', linkedinUrl: profile('lemslots', i), campaignId: LEMLIST_CAMPAIGN, createdAt: at(40) }),
      ...(step
        ? { sequenceId: `seq_${LEMLIST_CAMPAIGN}`, ...(step.stepId ? { stepId: step.stepId } : {}), sequenceStep: step.sequenceStep, totalSequenceStep: 5 }
        : {}),
    });
    // Step 2 carries {{msg1}} (a visit and an invite come first); step 3 by its place alone carries {{msg2}}.
    expect(
      (await deliver(lemUrl, [reply(0, 'act_0', { stepId: 'stp_msg1', sequenceStep: 2 }), reply(1, 'act_1', { sequenceStep: 3 }), reply(2, 'act_2')])).body
        .data,
    ).toMatchObject({ received: 3, matched: 3 });
    expect([await replySlot(lem[0]!), await replySlot(lem[1]!), await replySlot(lem[2]!)]).toEqual([1, 2, 3]);
    // A step that carries none of the slots (the invite) says nothing about them: the last slot sent.
    expect((await deliver(lemUrl, reply(3, 'act_3', { stepId: 'stp_invite', sequenceStep: 1 }))).body.data).toMatchObject({ matched: 1 });
    expect(await replySlot(lem[3]!)).toBe(3);
  });

  it('lemlist, when no step of its campaign carries {{msg1}}..{{msg3}}: sent slots go in order, and a reply counts against the last one sent', async () => {
    const camp = w.lemlist.campaigns.find((c) => c._id === 'cam_OTHER')!;
    camp.steps = [{ _id: 'stp_a', type: 'linkedinSend', message: 'Hello {{firstName}}, a note of my own.' }];
    const id = (await w.tool('create_campaign', { name: 'lemlist, own words' })).data.campaign_id as string;
    const [s] = await seedReadySequences(w.instance.db, { campaignId: id, userId: w.user.userId, n: 1, at: w.clock.now(), prefix: 'ownwords' });
    const conn = (await w.instance.db.selectFrom('campaigns').select('sending_connection_id').where('id', '=', lemCampaign).executeTakeFirstOrThrow())
      .sending_connection_id as string;
    await wire(w, id, conn, 'cam_OTHER');
    expect((await w.tool('push_approved', { campaign_id: id })).data).toMatchObject({ pushed: 1, step_slots: [] });
    expect((await w.instance.db.selectFrom('sending_pushes').select('step_slots').where('speaker_id', '=', s!).executeTakeFirstOrThrow()).step_slots).toBe(
      '[]',
    );
    const activity = (actId: string, type: string, step: number) => ({
      ...lemlistActivity({ _id: actId, type, linkedinUrl: profile('ownwords', 0), campaignId: 'cam_OTHER', createdAt: at(50 + step) }),
      sequenceId: 'seq_cam_OTHER',
      stepId: `stp_${step}`,
      sequenceStep: step,
    });
    expect((await deliver(lemUrl, [activity('own_1', 'linkedinSent', 0), activity('own_2', 'linkedinSent', 1)])).body.data).toMatchObject({ matched: 2 });
    const sent = await w.instance.db.selectFrom('messages').select(['slot', 'sent_at']).where('speaker_id', '=', s!).orderBy('slot').execute();
    expect(sent.map((m) => m.sent_at !== null)).toEqual([true, true, false]);
    expect((await deliver(lemUrl, activity('own_3', 'linkedinReplied', 1))).body.data).toMatchObject({ matched: 1 });
    expect(await replySlot(s!)).toBe(2);
    // A person may record the queued slot as sent by hand; the tool's later word about it changes nothing.
    const third = (await w.instance.db.selectFrom('messages').select('id').where('speaker_id', '=', s!).where('slot', '=', 3).executeTakeFirstOrThrow()).id;
    expect((await w.tool('mark_message_sent', { message_id: third })).data).toMatchObject({
      recorded: true,
      message: { sent: true, pushed_at: expect.any(String) },
    });
    const handAt = w.clock.now().toISOString();
    w.clock.advance(60_000);
    expect((await deliver(lemUrl, activity('own_2b', 'linkedinSent', 2))).body.data).toMatchObject({ matched: 1 });
    expect((await w.instance.db.selectFrom('messages').select('sent_at').where('id', '=', third).executeTakeFirstOrThrow()).sent_at).toBe(handAt);
  });

  it('campaign_stats.by_slot: replies that followed each slot of the sent sequences, a reply set by hand counted after the last slot sent', async () => {
    await w.tool('set_speaker_reply_status', { speaker_id: hr[3], reply_status: 'booked' });
    expect(await replySlot(hr[3]!)).toBeNull();
    const h = await stats(hrCampaign);
    expect(h.funnel).toMatchObject({ pushed: 0, sent: 6, replied: 4, booked: 1 });
    expect(h.by_slot).toEqual([
      { slot: 1, sent: 6, replied: 2, reply_rate: 0.333 },
      { slot: 2, sent: 5, replied: 1, reply_rate: 0.2 },
      { slot: 3, sent: 5, replied: 1, reply_rate: 0.2 },
    ]);
    expect((await stats(lemCampaign)).by_slot).toEqual([
      { slot: 1, sent: 5, replied: 1, reply_rate: 0.2 },
      { slot: 2, sent: 5, replied: 1, reply_rate: 0.2 },
      { slot: 3, sent: 5, replied: 2, reply_rate: 0.4 },
    ]);
  });

  it('lists a slot only once enough of it were sent', async () => {
    const small = (await w.tool('create_campaign', { name: 'Few sent' })).data.campaign_id as string;
    const ids = await seedReadySequences(w.instance.db, { campaignId: small, userId: w.user.userId, n: 4, at: w.clock.now(), prefix: 'few' });
    for (const id of ids)
      await w.tool('mark_message_sent', {
        message_id: (await w.instance.db.selectFrom('messages').select('id').where('speaker_id', '=', id).where('slot', '=', 1).executeTakeFirstOrThrow()).id,
      });
    await w.tool('set_speaker_reply_status', { speaker_id: ids[0], reply_status: 'replied' });
    expect((await stats(small)).by_slot).toEqual([]);
  });
});
