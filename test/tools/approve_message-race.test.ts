import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whileDatabaseBusy } from '../support/race.js';
import { connect, draftedCampaign, HEYREACH_CAMPAIGN, makeSendersWorld, readySpeakers, storedSlots, wire, type SendersWorld } from '../senders/support.js';

/**
 * A person's approval and other approvals of the same text arriving together, over HTTP:
 * each call reads the message as unapproved before any of them writes. The text is
 * announced as approved once, every call answers what it stored, and the person's
 * approval is the one that stands.
 */
describe('approve_message racing other approvals of the same text', () => {
  let w: SendersWorld;
  let campaignId: string;
  let ready: string[];

  beforeAll(async () => {
    w = await makeSendersWorld();
    campaignId = await draftedCampaign(w, 'DevConf', true);
    await wire(w, campaignId, await connect(w, 'heyreach'), HEYREACH_CAMPAIGN);
    ready = await readySpeakers(w, campaignId);
    expect(ready.length).toBeGreaterThanOrEqual(6);
  });
  afterAll(() => w.close());

  const announced = async (messageId: string) =>
    (await w.instance.db.selectFrom('run_events').select('data').where('campaign_id', '=', campaignId).where('type', '=', 'message.approved').execute()).filter(
      (e) => (JSON.parse(e.data) as { message_id: string }).message_id === messageId,
    ).length;

  it('announces message.approved once when two approve_message calls and an approve_sequence land together', async () => {
    const speakers = ready.slice(0, 3);
    const firsts = await Promise.all(speakers.map(async (s) => (await storedSlots(w, s))[0]!));
    w.clock.advance(60_000);
    const replies = await whileDatabaseBusy(w.instance.db, () =>
      Promise.all(
        firsts.flatMap((m) => [
          w.post(`/messages/${m.id}/approve`, {}),
          w.post(`/messages/${m.id}/approve`, {}),
          w.post(`/speakers/${m.speaker_id}/approve`, {}),
        ]),
      ),
    );
    for (const r of replies) expect(r.status, JSON.stringify(r.body)).toBe(200);
    for (const [i, m] of firsts.entries()) {
      for (const slot of await storedSlots(w, m.speaker_id)) expect(await announced(slot.id)).toBe(1);
      // Slots 2 and 3 only the sequence call approved; slot 1 it counts when its write was the first approval.
      expect([2, 3]).toContain((replies[3 * i + 2]!.body.data as { approved: number }).approved);
      const row = (await storedSlots(w, m.speaker_id))[0]!;
      expect(row.approved_via).toBe('approve_message');
      expect(row.approved_at).not.toBeNull();
    }
  });
});
