import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReadySequences } from '../../bench/push-seed.js';
import { deliver, heyreachEvent, lemlistActivity } from '../../src/senders/loopback/events.js';
import { UNKNOWN } from '../support/drafts.js';
import { conforms, connect, HEYREACH_CAMPAIGN, LEMLIST_CAMPAIGN, makeSendersWorld, wire, type SendersWorld } from '../senders/support.js';

/** Accepts and replies posted back by a loopback HeyReach and a loopback lemlist, in each tool's own payloads. */
describe('events back from the sending tools', () => {
  let w: SendersWorld;
  let hrConn: string;
  let lemConn: string;
  let hrCampaign: string;
  let lemCampaign: string;
  let hrSpeakers: string[];
  let lemSpeakers: string[];
  let hrUrl: string;
  let lemUrl: string;
  const profile = (prefix: string, i: number) => `https://www.linkedin.com/in/${prefix}-speaker-${i}`;
  const speaker = (id: string) => w.instance.db.selectFrom('speakers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const leadEvents = (campaignId: string, type: string) =>
    w.instance.db.selectFrom('run_events').selectAll().where('campaign_id', '=', campaignId).where('type', '=', type).execute();
  const exemplars = async (campaignId: string) =>
    (JSON.parse((await w.instance.db.selectFrom('campaigns').select('style').where('id', '=', campaignId).executeTakeFirstOrThrow()).style).exemplars ??
      []) as string[];
  const slotsOf = async (speakerId: string) =>
    (await w.instance.db.selectFrom('messages').select('content').where('speaker_id', '=', speakerId).orderBy('slot').execute()).map((m) => m.content);
  const at = (minutes: number) => new Date(w.clock.now().getTime() + minutes * 60_000).toISOString();

  beforeAll(async () => {
    w = await makeSendersWorld({ GREENROOM_PUBLIC_URL: 'http://127.0.0.1:1' });
    hrConn = await connect(w, 'heyreach');
    lemConn = await connect(w, 'lemlist');
    hrCampaign = (await w.tool('create_campaign', { name: 'HeyReach events' })).data.campaign_id;
    lemCampaign = (await w.tool('create_campaign', { name: 'lemlist events' })).data.campaign_id;
    hrSpeakers = await seedReadySequences(w.instance.db, { campaignId: hrCampaign, userId: w.user.userId, n: 4, at: w.clock.now(), prefix: 'hr' });
    lemSpeakers = await seedReadySequences(w.instance.db, { campaignId: lemCampaign, userId: w.user.userId, n: 2, at: w.clock.now(), prefix: 'lem' });
    await wire(w, hrCampaign, hrConn, HEYREACH_CAMPAIGN);
    await wire(w, lemCampaign, lemConn, LEMLIST_CAMPAIGN);
    expect((await w.tool('push_approved', { campaign_id: hrCampaign })).data.pushed).toBe(4);
    expect((await w.tool('push_approved', { campaign_id: lemCampaign })).data.pushed).toBe(2);
  });
  afterAll(() => w.close());

  /** The inbound URL, made for the connection, pointed at this test's server. */
  async function eventsUrl(connectionId: string): Promise<string> {
    const r = await w.post(`/sending-connections/${connectionId}/events-url`, {});
    expect(r.status).toBe(200);
    conforms('create_sending_events_url', r.body.data);
    return (r.body.data.url as string).replace('http://127.0.0.1:1', w.base);
  }

  describe('create_sending_events_url', () => {
    it('gives each vendor connection a URL with a secret in its path and the events to register', async () => {
      const r = await w.tool('create_sending_events_url', { connection_id: hrConn });
      expect(r.data).toEqual({
        connection_id: hrConn,
        tool: 'heyreach',
        url: expect.stringMatching(new RegExp(`^http://127\\.0\\.0\\.1:1/inbound/senders/${hrConn}/[A-Za-z0-9_-]{32}$`)),
        rotated: false,
        subscribe_to: [
          'CONNECTION_REQUEST_SENT',
          'CONNECTION_REQUEST_ACCEPTED',
          'MESSAGE_SENT',
          'INMAIL_SENT',
          'MESSAGE_REPLY_RECEIVED',
          'INMAIL_REPLY_RECEIVED',
        ],
      });
      const old = (r.data.url as string).replace('http://127.0.0.1:1', w.base);
      hrUrl = await eventsUrl(hrConn);
      lemUrl = await eventsUrl(lemConn);
      // The first URL stopped working when the second was made.
      const stale = await deliver(
        old,
        heyreachEvent({ eventType: 'CONNECTION_REQUEST_ACCEPTED', profileUrl: profile('hr', 0), campaignId: HEYREACH_CAMPAIGN, timestamp: at(0) }),
      );
      expect(stale.status).toBe(401);
      expect(stale.body.error?.code).toBe('unauthenticated');
      const listed = (await w.tool('list_sending_connections', {})).data.items.map((c: { tool: string; events_url: boolean }) => [c.tool, c.events_url]);
      expect(listed).toEqual([
        ['heyreach', true],
        ['lemlist', true],
      ]);
      const again = await w.tool('create_sending_events_url', { connection_id: lemConn });
      expect(again.data).toMatchObject({
        tool: 'lemlist',
        rotated: true,
        subscribe_to: ['linkedinInviteDone', 'linkedinInviteAccepted', 'linkedinSent', 'emailsSent', 'linkedinReplied', 'emailsReplied'],
      });
      lemUrl = await eventsUrl(lemConn);
    });

    it('refuses a webhook connection (tool_error), an unknown one (not_found) and a bad id (invalid_request)', async () => {
      const hook = await connect(w, 'webhook');
      const r = await w.post(`/sending-connections/${hook}/events-url`, {});
      expect(r.status).toBe(422);
      expect(r.body.error).toEqual({ code: 'tool_error', message: expect.stringMatching(/webhook connection has no inbound events/) });
      expect((await w.tool('create_sending_events_url', { connection_id: UNKNOWN })).error?.code).toBe('not_found');
      expect((await w.post('/sending-connections/nope/events-url', {})).status).toBe(400);
    });
  });

  describe('sent, when the tool says it sent each slot', () => {
    const slotText = (prefix: string, i: number, slot: number) => `Slot ${slot} for Seeded Speaker${i}: a note about the talk.`;
    const stored = async (speakerId: string) =>
      (await w.instance.db.selectFrom('messages').select(['slot', 'sent_at']).where('speaker_id', '=', speakerId).orderBy('slot').execute()).map(
        (m) => m.sent_at,
      );
    const hrSent = (i: number, correlationId: string, minutes: number, text: string) =>
      heyreachEvent({ eventType: 'MESSAGE_SENT', profileUrl: profile('hr', i), campaignId: HEYREACH_CAMPAIGN, correlationId, timestamp: at(minutes), text });
    const lemSent = (i: number, id: string, type: string, step: { stepId: string; sequenceStep: number }) =>
      lemlistActivity({
        _id: id,
        type,
        linkedinUrl: profile('lem', i),
        campaignId: LEMLIST_CAMPAIGN,
        createdAt: at(3),
        step: { ...step, sequenceId: `seq_${LEMLIST_CAMPAIGN}` },
      });

    it('a push leaves every slot pushed: the funnel counts it pushed, not sent, and the dossier says so', async () => {
      expect((await w.tool('campaign_stats', { campaign_id: hrCampaign })).data.funnel).toMatchObject({ pushed: 4, sent: 0 });
      const d = await w.get(`/speakers/${hrSpeakers[0]}`);
      expect(d.body.data.messages.map((m: { sent: boolean; sent_at: string | null; pushed_at: string | null }) => [m.sent, m.sent_at, m.pushed_at])).toEqual(
        [1, 2, 3].map(() => [false, null, w.clock.now().toISOString()]),
      );
      conforms('get_speaker_dossier', d.body.data);
      // Nothing went out yet: a person may still record a slot as sent by hand.
      expect(await stored(hrSpeakers[0]!)).toEqual([null, null, null]);
      const listed = async (sent: boolean) => (await w.tool('list_messages', { campaign_id: hrCampaign, sent, limit: 200 })).data.items.length;
      expect([await listed(true), await listed(false)]).toEqual([0, 12]);
    });

    it('HeyReach MESSAGE_SENT: the slot whose text it sent (inside the step’s own words), else the next slot in order; a replay changes nothing', async () => {
      const wrapped = await deliver(hrUrl, hrSent(0, 'sent_0_2', 1, `Hi Seeded!\n\n${slotText('hr', 0, 2)}`));
      expect(wrapped.body.data).toMatchObject({ received: 1, matched: 1 });
      expect(await stored(hrSpeakers[0]!)).toEqual([null, w.clock.now().toISOString(), null]);
      // A text HeyReach wrote itself names no slot: the first one still queued goes.
      expect((await deliver(hrUrl, hrSent(1, 'sent_1_x', 1, 'A note of the step alone.'))).body.data).toMatchObject({ matched: 1 });
      expect(await stored(hrSpeakers[1]!)).toEqual([w.clock.now().toISOString(), null, null]);
      expect((await deliver(hrUrl, hrSent(0, 'sent_0_2', 1, slotText('hr', 0, 2)))).body.data).toMatchObject({ duplicates: 1, matched: 0 });
      const funnel = (await w.tool('campaign_stats', { campaign_id: hrCampaign })).data.funnel;
      expect(funnel).toMatchObject({ pushed: 2, sent: 2 });
      // Sent by the tool: the bookkeeping of a sent message, once per slot.
      const ids = (await w.instance.db.selectFrom('messages').select('id').where('speaker_id', '=', hrSpeakers[0]!).where('slot', '=', 2).execute()).map(
        (m) => m.id,
      );
      expect(await w.instance.db.selectFrom('approved_leads').select('message_id').where('message_id', 'in', ids).execute()).toHaveLength(1);
      expect((await w.instance.db.selectFrom('audit_log').select('action').where('target_id', 'in', ids).execute()).map((a) => a.action).sort()).toEqual([
        'message.pushed',
        'message.sent_by_tool',
      ]);
      const d = await w.tool('get_speaker_dossier', { speaker_id: hrSpeakers[0] });
      expect(d.data.messages.map((m: { sent: boolean }) => m.sent)).toEqual([false, true, false]);
      expect(d.data.sending_tool_events).toMatchObject([{ type: 'sent', tool: 'heyreach', tool_event: 'MESSAGE_SENT' }]);
      // The rest goes out, each slot by its text.
      const rest = hrSpeakers.flatMap((_, i) => [1, 2, 3].map((slot) => hrSent(i, `all_${i}_${slot}`, 2, slotText('hr', i, slot))));
      expect((await deliver(hrUrl, rest)).body.data).toMatchObject({ received: 12, matched: 12 });
      expect((await w.tool('campaign_stats', { campaign_id: hrCampaign })).data.funnel).toMatchObject({ pushed: 0, sent: 4 });
    });

    it('lemlist linkedinSent / emailsSent: the slot of the step, by the steps read from the campaign at the push, not by place', async () => {
      // The loopback campaign visits (step 0) and invites (step 1) before msg1 (step 2).
      const r = await deliver(lemUrl, [
        lemSent(0, 'act_s0_1', 'linkedinSent', { stepId: 'stp_msg1', sequenceStep: 2 }),
        lemSent(0, 'act_s0_3', 'emailsSent', { stepId: 'stp_msg3', sequenceStep: 4 }),
        // A step that carries none of our slots marks nothing.
        lemSent(1, 'act_s1_0', 'linkedinSent', { stepId: 'stp_visit', sequenceStep: 0 }),
      ]);
      expect(r.body.data).toMatchObject({ received: 3, matched: 3 });
      const now = w.clock.now().toISOString();
      expect(await stored(lemSpeakers[0]!)).toEqual([now, null, now]);
      expect(await stored(lemSpeakers[1]!)).toEqual([null, null, null]);
      const rest = [
        lemSent(0, 'act_s0_2', 'linkedinSent', { stepId: 'stp_msg2', sequenceStep: 3 }),
        ...[
          ['stp_msg1', 2],
          ['stp_msg2', 3],
          ['stp_msg3', 4],
        ].map(([stepId, n]) => lemSent(1, `act_s1_${n}`, n === 4 ? 'emailsSent' : 'linkedinSent', { stepId: stepId as string, sequenceStep: n as number })),
      ];
      expect((await deliver(lemUrl, rest)).body.data).toMatchObject({ matched: 4 });
      expect((await w.tool('campaign_stats', { campaign_id: lemCampaign })).data.funnel).toMatchObject({ pushed: 0, sent: 2 });
    });
  });

  describe('HeyReach', () => {
    it('an accept stamps accepted_at, counts in campaign_stats and goes out as lead.accepted; a replay changes nothing', async () => {
      const event = heyreachEvent({
        eventType: 'CONNECTION_REQUEST_ACCEPTED',
        profileUrl: 'https://linkedin.com/in/HR-speaker-0/',
        campaignId: HEYREACH_CAMPAIGN,
        timestamp: at(5),
      });
      const r = await deliver(hrUrl, event);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({
        ok: true,
        tool: 'receive_sending_tool_events',
        kind: 'write',
        data: { received: 1, duplicates: 0, matched: 1, ignored: 0, unmatched: 0 },
        error: null,
      });
      expect((await speaker(hrSpeakers[0]!)).accepted_at).toBe(at(5));
      const replay = await deliver(hrUrl, event);
      expect(replay.body.data).toMatchObject({ duplicates: 1, matched: 0 });
      expect(await leadEvents(hrCampaign, 'lead.accepted')).toHaveLength(1);
      const stats = await w.tool('campaign_stats', { campaign_id: hrCampaign });
      expect(stats.data.funnel).toMatchObject({ sent: 4, accepted: 1, replied: 0 });
    });

    it('a reply sets reply_status replied and replied_at, shows in the dossier and goes out as lead.replied', async () => {
      const r = await deliver(
        hrUrl,
        heyreachEvent({
          eventType: 'MESSAGE_REPLY_RECEIVED',
          profileUrl: profile('hr', 1),
          campaignId: HEYREACH_CAMPAIGN,
          correlationId: 'corr_1',
          timestamp: at(10),
        }),
      );
      expect(r.body.data).toMatchObject({ matched: 1 });
      const d = await w.get(`/speakers/${hrSpeakers[1]}`);
      expect(d.body.data).toMatchObject({ reply_status: 'replied', replied_at: at(10), accepted_at: null });
      expect(d.body.data.sending_tool_events.filter((e: { type: string }) => e.type !== 'sent')).toEqual([
        { type: 'replied', tool: 'heyreach', tool_event: 'MESSAGE_REPLY_RECEIVED', occurred_at: at(10), received_at: w.clock.now().toISOString() },
      ]);
      const [ev] = await leadEvents(hrCampaign, 'lead.replied');
      expect(JSON.parse(ev!.data)).toEqual({
        speaker_id: hrSpeakers[1],
        tool: 'heyreach',
        tool_event: 'MESSAGE_REPLY_RECEIVED',
        linkedin_url: profile('hr', 1),
        occurred_at: at(10),
      });
      // The same message id again is a replay.
      const replay = await deliver(
        hrUrl,
        heyreachEvent({
          eventType: 'MESSAGE_REPLY_RECEIVED',
          profileUrl: profile('hr', 1),
          campaignId: HEYREACH_CAMPAIGN,
          correlationId: 'corr_1',
          timestamp: at(10),
        }),
      );
      expect(replay.body.data).toMatchObject({ duplicates: 1 });
      expect((await w.tool('campaign_stats', { campaign_id: hrCampaign })).data.funnel).toMatchObject({ accepted: 1, replied: 1 });
      // The answered sequence is now the newest exemplar of the campaign, learned from first.
      expect((await exemplars(hrCampaign)).slice(-3)).toEqual(await slotsOf(hrSpeakers[1]!));
    });

    it('a reply leaves a booked speaker booked; booking by hand promotes the sequence too', async () => {
      await w.tool('set_speaker_reply_status', { speaker_id: hrSpeakers[2], reply_status: 'booked' });
      expect((await exemplars(hrCampaign)).slice(-3)).toEqual(await slotsOf(hrSpeakers[2]!));
      expect(await exemplars(hrCampaign)).toHaveLength(12);
      await deliver(
        hrUrl,
        heyreachEvent({
          eventType: 'EVERY_MESSAGE_REPLY_RECEIVED',
          profileUrl: profile('hr', 2),
          campaignId: HEYREACH_CAMPAIGN,
          correlationId: 'corr_2',
          timestamp: at(20),
        }),
      );
      expect(await speaker(hrSpeakers[2]!)).toMatchObject({ reply_status: 'booked', replied_at: at(20) });
    });

    it('reads the variants HeyReach sends: a lower-case event_type, no correlation_id (a retry is still one event), the camelCase shape', async () => {
      const {
        correlation_id: _none,
        timestamp: _at,
        ...bare
      } = heyreachEvent({
        eventType: 'every_message_reply_received',
        profileUrl: profile('hr', 3),
        campaignId: HEYREACH_CAMPAIGN,
        correlationId: 'x',
        timestamp: at(40),
      });
      expect((await deliver(hrUrl, bare)).body.data).toMatchObject({ received: 1, matched: 1 });
      expect((await deliver(hrUrl, bare)).body.data).toMatchObject({ duplicates: 1, matched: 0 });
      // Without a timestamp, the reply's time is the newest message from the lead in the conversation.
      expect(await speaker(hrSpeakers[3]!)).toMatchObject({ reply_status: 'replied', replied_at: at(40), accepted_at: null });
      const camel = {
        eventType: 'CONNECTION_REQUEST_ACCEPTED',
        leadProfile: { firstName: 'Lead', linkedInUrl: profile('hr', 3), emailAddress: null },
        campaign: { id: HEYREACH_CAMPAIGN },
        timestamp: at(35),
      };
      expect((await deliver(hrUrl, camel)).body.data).toMatchObject({ matched: 1 });
      expect((await speaker(hrSpeakers[3]!)).accepted_at).toBe(at(35));
      const d = await w.tool('get_speaker_dossier', { speaker_id: hrSpeakers[3] });
      expect(d.data.sending_tool_events.filter((e: { type: string }) => e.type !== 'sent').map((e: { tool_event: string }) => e.tool_event)).toEqual([
        'EVERY_MESSAGE_REPLY_RECEIVED',
        'CONNECTION_REQUEST_ACCEPTED',
      ]);
    });

    it('answers ignored for other event types, unmatched for someone not pushed, and invalid_request for a body it cannot read', async () => {
      const other = await deliver(
        hrUrl,
        heyreachEvent({ eventType: 'VIEWED_PROFILE', profileUrl: profile('hr', 0), campaignId: HEYREACH_CAMPAIGN, correlationId: 'corr_3', timestamp: at(1) }),
      );
      expect(other.body.data).toMatchObject({ ignored: 1 });
      const stranger = await deliver(
        hrUrl,
        heyreachEvent({
          eventType: 'CONNECTION_REQUEST_ACCEPTED',
          profileUrl: 'https://www.linkedin.com/in/someone-else',
          campaignId: HEYREACH_CAMPAIGN,
          timestamp: at(2),
        }),
      );
      expect(stranger.body.data).toMatchObject({ unmatched: 1 });
      for (const body of ['not json', JSON.stringify({ lead: { profile_url: profile('hr', 0) } }), '[]', '42']) {
        const r = await deliver(hrUrl, body);
        expect(r.status, body).toBe(400);
        expect(r.body.error?.code).toBe('invalid_request');
      }
    });

    it('refuses a wrong secret, another connection’s id and an unknown connection with 401, recording nothing', async () => {
      const before = await w.instance.db.selectFrom('sender_events').select('id').execute();
      const event = heyreachEvent({ eventType: 'CONNECTION_REQUEST_ACCEPTED', profileUrl: profile('hr', 1), campaignId: HEYREACH_CAMPAIGN, timestamp: at(30) });
      const secret = hrUrl.split('/').pop()!;
      for (const url of [
        hrUrl.replace(/[^/]+$/, 'x'.repeat(32)),
        lemUrl.replace(/[^/]+$/, secret),
        `${w.base}/inbound/senders/${UNKNOWN}/${secret}`,
        `${w.base}/inbound/senders/not-an-id/${secret}`,
      ]) {
        const r = await deliver(url, event);
        expect(r.status, url).toBe(401);
        expect(r.body.error?.code).toBe('unauthenticated');
      }
      expect(await w.instance.db.selectFrom('sender_events').select('id').execute()).toHaveLength(before.length);
      expect((await speaker(hrSpeakers[1]!)).accepted_at).toBeNull();
    });
  });

  describe('lemlist', () => {
    it('reads activities: an accept and a reply by _id, a replay, an array, and an ignored type', async () => {
      const accept = lemlistActivity({
        _id: 'act_1',
        type: 'linkedinInviteAccepted',
        linkedinUrl: profile('lem', 0),
        campaignId: LEMLIST_CAMPAIGN,
        createdAt: at(3),
      });
      const reply = lemlistActivity({ _id: 'act_2', type: 'linkedinReplied', linkedinUrl: profile('lem', 0), campaignId: LEMLIST_CAMPAIGN, createdAt: at(4) });
      const opened = lemlistActivity({ _id: 'act_3', type: 'linkedinOpened', linkedinUrl: profile('lem', 1), campaignId: LEMLIST_CAMPAIGN, createdAt: at(4) });
      expect((await deliver(lemUrl, accept)).body.data).toMatchObject({ received: 1, matched: 1 });
      const r = await deliver(lemUrl, [accept, reply, opened]);
      expect(r.body.data).toEqual({ received: 3, duplicates: 1, matched: 1, ignored: 1, unmatched: 0 });
      const d = await w.tool('get_speaker_dossier', { speaker_id: lemSpeakers[0] });
      expect(d.data).toMatchObject({ accepted_at: at(3), replied_at: at(4), reply_status: 'replied' });
      expect(d.data.sending_tool_events.filter((e: { type: string }) => e.type !== 'sent').map((e: { tool_event: string }) => e.tool_event)).toEqual([
        'linkedinReplied',
        'linkedinInviteAccepted',
      ]);
      expect((await w.tool('campaign_stats', { campaign_id: lemCampaign })).data.funnel).toMatchObject({ accepted: 1, replied: 1 });
      expect(await leadEvents(lemCampaign, 'lead.accepted')).toHaveLength(1);
      expect(await leadEvents(lemCampaign, 'lead.replied')).toHaveLength(1);
      // An activity of another lemlist campaign, for the same person, is not this push.
      const elsewhere = await deliver(
        lemUrl,
        lemlistActivity({ _id: 'act_4', type: 'linkedinReplied', linkedinUrl: profile('lem', 1), campaignId: 'cam_OTHER', createdAt: at(6) }),
      );
      expect(elsewhere.body.data).toMatchObject({ unmatched: 1 });
      expect((await speaker(lemSpeakers[1]!)).reply_status).toBeNull();
    });

    it('refuses an activity without _id with invalid_request', async () => {
      const { _id: _dropped, ...noId } = lemlistActivity({
        _id: 'act_x',
        type: 'linkedinReplied',
        linkedinUrl: profile('lem', 1),
        campaignId: LEMLIST_CAMPAIGN,
        createdAt: at(7),
      });
      const r = await deliver(lemUrl, noId);
      expect(r.status).toBe(400);
      expect(r.body.error).toEqual({ code: 'invalid_request', message: '_id is missing' });
    });
  });
});
