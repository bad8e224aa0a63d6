import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReadySequences } from '../../bench/push-seed.js';
import { parseCsv } from '../../src/core/intent/csv.js';
import { deliver, heyreachEvent } from '../../src/senders/loopback/events.js';
import { UNKNOWN } from '../support/drafts.js';
import { conforms, connect, HEYREACH_CAMPAIGN, makeSendersWorld, wire, type SendersWorld } from '../senders/support.js';

/** Outcomes of a campaign's sequences: the CSV export and campaign_stats' reply rates by opening. */
describe('export_campaign_outcomes and by_opening', () => {
  let w: SendersWorld;
  let campaign: string;
  let speakers: string[];

  beforeAll(async () => {
    w = await makeSendersWorld({ GREENROOM_PUBLIC_URL: 'http://127.0.0.1:1' });
    const conn = await connect(w, 'heyreach');
    campaign = (await w.tool('create_campaign', { name: 'Outcomes' })).data.campaign_id;
    speakers = await seedReadySequences(w.instance.db, { campaignId: campaign, userId: w.user.userId, n: 12, at: w.clock.now(), prefix: 'out' });
    // Two openings: six sequences each; one person's company is a formula.
    for (const [i, id] of speakers.entries())
      await w.instance.db
        .updateTable('messages')
        .set({ angle: i % 2 ? 'talk' : 'company' })
        .where('speaker_id', '=', id)
        .where('slot', '=', 1)
        .execute();
    await w.instance.db.updateTable('speakers').set({ company: '=HYPERLINK("x")' }).where('id', '=', speakers[0]!).execute();
    await wire(w, campaign, conn, HEYREACH_CAMPAIGN);
    // Ten go out; two stay unsent.
    expect((await w.tool('push_approved', { campaign_id: campaign, speaker_ids: speakers.slice(0, 10) })).data.pushed).toBe(10);
    const url = (await w.tool('create_sending_events_url', { connection_id: conn })).data.url.replace('http://127.0.0.1:1', w.base);
    // HeyReach sends each slot of the ten, and says so.
    const sent = speakers.slice(0, 10).flatMap((_, i) =>
      [1, 2, 3].map((slot) =>
        heyreachEvent({
          eventType: 'MESSAGE_SENT',
          profileUrl: `https://www.linkedin.com/in/out-speaker-${i}`,
          campaignId: HEYREACH_CAMPAIGN,
          correlationId: `sent_${i}_${slot}`,
          timestamp: w.clock.now().toISOString(),
          text: `Slot ${slot} for Seeded Speaker${i}: a note about the talk.`,
        }),
      ),
    );
    expect((await deliver(url, sent)).body.data).toMatchObject({ matched: 30 });
    // Replies: three to "talk" openings (odd), one to "company"; one accept.
    for (const i of [1, 3, 5, 0])
      await deliver(
        url,
        heyreachEvent({
          eventType: 'MESSAGE_REPLY_RECEIVED',
          profileUrl: `https://www.linkedin.com/in/out-speaker-${i}`,
          campaignId: HEYREACH_CAMPAIGN,
          correlationId: `corr_${i}`,
          timestamp: w.clock.now().toISOString(),
        }),
      );
    await deliver(
      url,
      heyreachEvent({
        eventType: 'CONNECTION_REQUEST_ACCEPTED',
        profileUrl: 'https://www.linkedin.com/in/out-speaker-2',
        campaignId: HEYREACH_CAMPAIGN,
        timestamp: w.clock.now().toISOString(),
      }),
    );
  });
  afterAll(() => w.close());

  it('exports every drafted sequence with its outcome as CSV, over HTTP and MCP alike', async () => {
    const h = await w.get(`/campaigns/${campaign}/outcomes`);
    expect(h.status).toBe(200);
    conforms('export_campaign_outcomes', h.body.data);
    expect(await w.tool('export_campaign_outcomes', { campaign_id: campaign })).toEqual(h.body);
    const data = h.body.data;
    expect(data.rows).toBe(12);
    const [header, ...records] = parseCsv(data.csv).map((r) => r.fields);
    expect(header).toEqual(data.columns);
    expect(records).toHaveLength(12);
    const row = (i: number) => Object.fromEntries(header!.map((c, j) => [c, records[i]![j]]));
    expect(row(0)).toMatchObject({
      speaker_id: speakers[0],
      company: `'=HYPERLINK("x")`,
      opening_angle: 'company',
      reply_status: 'replied',
      pushed_tool: 'heyreach',
    });
    // The conversation HeyReach sent carries no slot's text: the reply followed the last slot it sent.
    expect(row(0).reply_slot).toBe('3');
    expect(row(0).msg1).toMatch(/^Slot 1 for Seeded Speaker0/);
    expect(row(2)).toMatchObject({ accepted_at: w.clock.now().toISOString(), replied_at: '', reply_slot: '', reply_status: '' });
    expect(row(11)).toMatchObject({ sent_at: '', pushed_tool: '', pushed_at: '' });
    const sentOnly = await w.tool('export_campaign_outcomes', { campaign_id: campaign, only_sent: true });
    expect(sentOnly.data.rows).toBe(10);
  });

  it('campaign_stats compares openings once five of each were sent', async () => {
    const s = await w.tool('campaign_stats', { campaign_id: campaign });
    expect(s.data.funnel).toMatchObject({ sent: 10, accepted: 1, replied: 4 });
    expect(s.data.by_opening).toEqual([
      { opening: 'talk', sent: 5, accepted: 0, replied: 3, accept_rate: 0, reply_rate: 0.6 },
      { opening: 'company', sent: 5, accepted: 1, replied: 1, accept_rate: 0.2, reply_rate: 0.2 },
    ]);
  });

  it('refuses an unknown campaign (not_found) and a bad id (invalid_request)', async () => {
    expect((await w.tool('export_campaign_outcomes', { campaign_id: UNKNOWN })).error?.code).toBe('not_found');
    expect((await w.get('/campaigns/nope/outcomes')).status).toBe(400);
  });
});
