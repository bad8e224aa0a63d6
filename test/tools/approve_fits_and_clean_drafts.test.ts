import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs } from '../support/clients.js';
import { refusal, UNKNOWN } from '../support/drafts.js';
import {
  conforms,
  connect,
  draftedCampaign,
  HEYREACH_CAMPAIGN,
  makeSendersWorld,
  readySpeakers,
  storedSlots,
  wire,
  type SendersWorld,
} from '../senders/support.js';

const TOOL = 'approve_fits_and_clean_drafts';
const refused = (code: string) => ({ ...refusal(TOOL, 'write')(code), kind: 'send' });

describe('approve_fits_and_clean_drafts', () => {
  let w: SendersWorld;
  let campaignId: string;
  let ready: string[];
  const leadsInTool = () => w.heyreach.campaigns[0]!.leads.size;
  const fit = async (id: string) =>
    (await w.instance.db.selectFrom('speakers').select('fit_score').where('id', '=', id).executeTakeFirstOrThrow()).fit_score as number;

  beforeAll(async () => {
    w = await makeSendersWorld();
    campaignId = await draftedCampaign(w, 'DevConf', true);
    await wire(w, campaignId, await connect(w, 'heyreach'), HEYREACH_CAMPAIGN);
    ready = await readySpeakers(w, campaignId);
    expect(ready.length).toBeGreaterThanOrEqual(6);
    // One clean sequence waits for a person: it must be neither approved nor pushed.
    const slot = (await storedSlots(w, ready[0]!))[0]!;
    await w.instance.db.updateTable('messages').set({ founder_stamp: 'rejected' }).where('id', '=', slot.id).execute();
    await w.tool('rescore_drafts', { campaign_id: campaignId, message_ids: [slot.id] });
  });
  afterAll(() => w.close());

  it('dry_run shows what it would approve and push, and why the others would not, and changes nothing', async () => {
    const h = await w.post(`/campaigns/${campaignId}/approve-and-push`, { dry_run: true });
    expect(h.status).toBe(200);
    conforms(TOOL, h.body.data);
    expect(h.body.data).toMatchObject({
      dry_run: true,
      approved: 0,
      speakers: ready.length - 1,
      would_approve: 3 * (ready.length - 1),
      skipped_by_reason: { needs_human: 1 },
      push: { dry_run: true, would_push: ready.length - 1 },
    });
    expect(await w.tool(TOOL, { campaign_id: campaignId, dry_run: true })).toEqual(h.body);
    expect(leadsInTool()).toBe(0);
    const approved = await w.instance.db
      .selectFrom('messages')
      .select('id')
      .where('campaign_id', '=', campaignId)
      .where('approved_at', 'is not', null)
      .execute();
    expect(approved).toEqual([]);
  });

  it('with a minimum fit score, approves and pushes only the speakers at or above it', async () => {
    const scores = await Promise.all(ready.slice(1).map(fit));
    const bar = [...scores].sort((a, b) => b - a)[1] as number;
    const expected = ready.slice(1).filter((_, i) => (scores[i] as number) >= bar);
    const r = await w.tool(TOOL, { campaign_id: campaignId, min_fit_score: bar });
    conforms(TOOL, r.data);
    expect(r.data).toMatchObject({
      dry_run: false,
      speakers: expected.length,
      approved: 3 * expected.length,
      not_picked_by_reason: { below_fit_score: ready.length - 1 - expected.length },
      push: { pushed: expected.length, failed: 0 },
    });
    for (const id of expected) {
      const slots = await storedSlots(w, id);
      expect(slots.map((m) => [m.sent, m.approved_at])).toEqual(slots.map(() => [1, w.clock.now().toISOString()]));
    }
    const audits = await w.instance.db.selectFrom('audit_log').select('action').where('action', '=', 'message.approved').execute();
    expect(audits).toHaveLength(3 * expected.length);
    // Each approval is announced like a person's approve_message: one message.approved per slot.
    const events = await w.instance.db
      .selectFrom('run_events')
      .select('data')
      .where('campaign_id', '=', campaignId)
      .where('type', '=', 'message.approved')
      .execute();
    const announced = events.map((e) => JSON.parse(e.data) as { speaker_id: string; slot: number; approvable: boolean });
    expect(announced.map((e) => e.speaker_id).sort()).toEqual(expected.flatMap((id) => [id, id, id]).sort());
    expect(announced.every((e) => e.approvable)).toBe(true);
    expect(leadsInTool()).toBe(expected.length);
  });

  it('then approves and pushes the rest of the clean fits, never the one waiting for a person', async () => {
    const before = leadsInTool();
    const r = await w.post(`/campaigns/${campaignId}/approve-and-push`, { idempotency_key: 'approve-all' });
    expect(r.body.data.push.pushed).toBe(ready.length - 1 - before);
    expect(leadsInTool()).toBe(ready.length - 1);
    expect((await storedSlots(w, ready[0]!)).every((m) => m.sent === 0 && m.approved_at === null)).toBe(true);
    expect((await w.post(`/campaigns/${campaignId}/approve-and-push`, { idempotency_key: 'approve-all' })).body).toEqual(r.body);
    const again = await w.tool(TOOL, { campaign_id: campaignId, speaker_ids: ready.slice(1, 3) });
    expect(again.data).toMatchObject({ speakers: 0, approved: 0, push: { pushed: 0, requests: 0 }, skipped_by_reason: { already_pushed: 2 } });
  });

  it('refuses: 422 for an unwired campaign, 404 unknown campaign or speaker, 400 bad fields, 401, 403 without send', async () => {
    const unwired = (await w.tool('create_campaign', { name: 'Unwired' })).data.campaign_id;
    const u = await w.post(`/campaigns/${unwired}/approve-and-push`, {});
    expect(u.status).toBe(422);
    expect(u.body).toEqual(refused('tool_error'));
    expect((await w.post(`/campaigns/${UNKNOWN}/approve-and-push`, {})).body).toEqual(refused('not_found'));
    expect(await w.tool(TOOL, { campaign_id: campaignId, speaker_ids: [UNKNOWN] })).toEqual(refused('not_found'));
    for (const body of [{ min_fit_score: 101 }, { min_fit_score: -1 }, { min_fit_score: 5.5 }, { speaker_ids: [] }, { dry_run: 1 }, { approve: true }]) {
      const r = await w.post(`/campaigns/${campaignId}/approve-and-push`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(await w.tool(TOOL, { campaign_id: campaignId, ...body })).toEqual(refused('invalid_request'));
    }
    expect((await w.post(`/campaigns/${campaignId}/approve-and-push`, {}, { key: undefined })).status).toBe(401);
    expect((await w.post(`/campaigns/${campaignId}/approve-and-push`, {}, { key: w.user.keys.readWrite })).status).toBe(403);
    expect(await callAs(w.instance, w.user, 'readWrite', TOOL, { campaign_id: campaignId })).toEqual(refused('forbidden_scope'));
  });
});
