import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, mcpOverHttp } from '../support/clients.js';
import { othersDraftedCampaign, refusal, UNKNOWN } from '../support/drafts.js';
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

const TOOL = 'push_approved';
const refused = (code: string) => ({ ...refusal(TOOL, 'write')(code), kind: 'send' });

describe('push_approved', () => {
  let w: SendersWorld;
  let campaignId: string;
  let ready: string[];
  let othersCampaign: string;
  const requests = () => w.heyreach.received.filter((r) => r.path.endsWith('/AddLeadsToCampaignV2')).length;
  const leadsInTool = () => w.heyreach.campaigns[0]!.leads;
  const pushRows = () => w.instance.db.selectFrom('sending_pushes').selectAll().where('campaign_id', '=', campaignId).execute();
  const linkedinOf = async (speakerId: string) =>
    (await w.instance.db.selectFrom('speakers').select('linkedin_url').where('id', '=', speakerId).executeTakeFirstOrThrow()).linkedin_url?.replace(
      /\/$/,
      '',
    ) as string;

  beforeAll(async () => {
    w = await makeSendersWorld();
    campaignId = await draftedCampaign(w, 'DevConf', true);
    ({ othersCampaign } = await othersDraftedCampaign(w));
    await wire(w, campaignId, await connect(w, 'heyreach'), HEYREACH_CAMPAIGN);
    ready = await readySpeakers(w, campaignId);
    expect(ready.length).toBeGreaterThanOrEqual(9);
  });
  afterAll(() => w.close());

  describe('refusals', () => {
    it('answers 401 without a key, 403 to keys without send, over HTTP and MCP, and pushes nothing', async () => {
      const h = await w.post(`/campaigns/${campaignId}/push`, {}, { key: undefined });
      expect(h.status).toBe(401);
      expect((await mcpOverHttp(w.base, TOOL, { campaign_id: campaignId })).status).toBe(401);
      for (const which of ['read', 'write', 'readWrite'] as const) {
        const r = await w.post(`/campaigns/${campaignId}/push`, {}, { key: w.user.keys[which] });
        expect(r.status).toBe(403);
        expect(r.body).toEqual(refused('forbidden_scope'));
        expect(await callAs(w.instance, w.user, which, TOOL, { campaign_id: campaignId })).toEqual(refused('forbidden_scope'));
      }
      expect(requests()).toBe(0);
    });

    it('answers 404 for an unknown campaign, another user’s campaign and a speaker outside the campaign', async () => {
      for (const id of [UNKNOWN, othersCampaign]) {
        const h = await w.post(`/campaigns/${id}/push`, {});
        expect(h.status).toBe(404);
        expect(h.body).toEqual(refused('not_found'));
        expect(await w.tool(TOOL, { campaign_id: id })).toEqual(refused('not_found'));
      }
      const r = await w.post(`/campaigns/${campaignId}/push`, { speaker_ids: [UNKNOWN] });
      expect(r.status).toBe(404);
      expect(requests()).toBe(0);
    });

    it.each([
      ['a malformed campaign id', 'not-a-uuid', {}],
      ['an empty speaker_ids', null, { speaker_ids: [] }],
      ['a malformed speaker id', null, { speaker_ids: ['nope'] }],
      ['dry_run as a string', null, { dry_run: 'yes' }],
      ['an unknown field', null, { force: true }],
      ['an empty idempotency_key', null, { idempotency_key: '' }],
    ])('answers 400 invalid_request to %s', async (_label, id, body) => {
      const h = await w.post(`/campaigns/${id ?? campaignId}/push`, body);
      expect(h.status).toBe(400);
      expect(h.body).toEqual(refused('invalid_request'));
      expect(await w.tool(TOOL, { campaign_id: id ?? campaignId, ...body })).toEqual(refused('invalid_request'));
    });

    it('answers 422 tool_error, saying how to wire it, for a campaign not wired to a sending tool', async () => {
      const unwired = (await w.tool('create_campaign', { name: 'Unwired' })).data.campaign_id;
      const h = await w.post(`/campaigns/${unwired}/push`, { dry_run: true });
      expect(h.status).toBe(422);
      expect(h.body).toEqual(refused('tool_error'));
      expect(h.body.error?.message).toMatch(/create_sending_connection.*list_sending_tool_campaigns.*update_campaign/);
    });
  });

  describe('a campaign with sequences that must not go', () => {
    let duplicateSpeaker: string;
    beforeAll(async () => {
      const [excluded, human, edited, partly, missing, duplicate] = ready as [string, string, string, string, string, string];
      duplicateSpeaker = duplicate;
      await w.tool('set_speaker_selected', { speaker_id: excluded, selected: false });
      const humanSlot = (await storedSlots(w, human))[1]!;
      await w.instance.db.updateTable('messages').set({ founder_stamp: 'rejected' }).where('id', '=', humanSlot.id).execute();
      await w.tool('rescore_drafts', { campaign_id: campaignId, message_ids: [humanSlot.id] });
      const editedSlot = (await storedSlots(w, edited))[2]!;
      await w.tool('update_message', { message_id: editedSlot.id, content: `${editedSlot.content} Thanks!` });
      await w.tool('mark_message_sent', { message_id: (await storedSlots(w, partly))[0]!.id });
      await w.instance.db
        .deleteFrom('messages')
        .where('id', '=', (await storedSlots(w, missing))[2]!.id)
        .execute();
      // The tool already holds this lead (added by hand in HeyReach).
      leadsInTool().set(await linkedinOf(duplicate), { profileUrl: await linkedinOf(duplicate) });
    });

    it('dry_run counts what would go and why the rest would not, and writes and sends nothing, alike over HTTP and MCP', async () => {
      const h = await w.post(`/campaigns/${campaignId}/push`, { dry_run: true });
      expect(h.status).toBe(200);
      expect(h.body.data).toMatchObject({
        dry_run: true,
        tool: 'heyreach',
        sending_campaign_id: String(HEYREACH_CAMPAIGN),
        would_push: ready.length - 5,
        skipped_by_reason: { excluded: 1, needs_human: 1, not_scored: 1, partly_sent: 1, missing_slots: 1, already_pushed: 0 },
        cost_preview: { credits: 0, sufficient: true },
      });
      expect(h.body.data.skipped_by_reason.no_linkedin_url).toBeGreaterThan(0);
      expect(h.body.data.results).toBeUndefined();
      conforms(TOOL, h.body.data);
      expect(await w.tool(TOOL, { campaign_id: campaignId, dry_run: true })).toEqual(h.body);
      expect(requests()).toBe(0);
      expect(await pushRows()).toEqual([]);
    });

    it('counts a lead the tool already holds as a confirmed duplicate, and marks its slots sent', async () => {
      const r = await w.tool(TOOL, { campaign_id: campaignId, speaker_ids: [duplicateSpeaker] });
      expect(r.data).toMatchObject({
        pushed: 0,
        duplicate: 1,
        failed: 0,
        requests: 1,
        results: [{ speaker_id: duplicateSpeaker, outcome: 'duplicate', reason: null }],
      });
      conforms(TOOL, r.data);
      expect((await storedSlots(w, duplicateSpeaker)).map((m) => [m.sent, m.sent_via])).toEqual([
        [1, 'push'],
        [1, 'push'],
        [1, 'push'],
      ]);
      expect((await pushRows()).map((p) => [p.speaker_id, p.state, p.outcome])).toEqual([[duplicateSpeaker, 'confirmed', 'duplicate']]);
      expect(leadsInTool().size).toBe(1);
    });

    describe('the push', () => {
      let data: any;
      const pushedIds = () => ready.slice(6);
      beforeAll(async () => {
        w.clock.advance(60_000);
        const h = await w.post(`/campaigns/${campaignId}/push`, {}, { headers: { 'idempotency-key': 'push-1' } });
        expect(h.status).toBe(200);
        data = h.body.data;
      });

      it('lists every speaker: pushed, duplicate, or skipped with its reason', () => {
        conforms(TOOL, data);
        const outcome = (id: string) => data.results.find((r: any) => r.speaker_id === id);
        expect(outcome(duplicateSpeaker)).toMatchObject({ outcome: 'skipped', reason: 'already_pushed' });
        for (const id of pushedIds()) expect(outcome(id)).toMatchObject({ outcome: 'pushed', reason: null, detail: null });
        const [excluded, human, edited, partly, missing] = ready;
        expect(outcome(excluded!)).toMatchObject({ outcome: 'skipped', reason: 'excluded', detail: expect.any(String) });
        expect(outcome(human!)).toMatchObject({ outcome: 'skipped', reason: 'needs_human' });
        expect(outcome(edited!)).toMatchObject({ outcome: 'skipped', reason: 'not_scored' });
        expect(outcome(partly!)).toMatchObject({ outcome: 'skipped', reason: 'partly_sent' });
        expect(outcome(missing!)).toMatchObject({ outcome: 'skipped', reason: 'missing_slots' });
        expect(data).toMatchObject({ dry_run: false, pushed: pushedIds().length, duplicate: 0, failed: 0, requests: 1 });
        expect(data.skipped).toBe(data.results.length - pushedIds().length);
      });

      it('puts each lead in the tool once, with its three slots as MSG1..MSG3', async () => {
        expect(requests()).toBe(2);
        for (const id of pushedIds()) {
          const url = await linkedinOf(id);
          const lead = leadsInTool().get(url);
          const slots = await storedSlots(w, id);
          expect(lead?.customUserFields).toEqual(slots.map((m) => ({ name: `MSG${m.slot}`, value: m.content })));
        }
        expect(leadsInTool().size).toBe(pushedIds().length + 1);
      });

      it('leaves every slot pushed (locked, queued in the tool, not sent until HeyReach says so) and records the push', async () => {
        const at = w.clock.now().toISOString();
        for (const id of pushedIds()) {
          const slots = await storedSlots(w, id);
          expect(slots.map((m) => [m.sent, m.sent_via, m.sent_at, m.pushed_at, m.needs_human])).toEqual(slots.map(() => [1, 'push', null, at, 0]));
          const ids = slots.map((m) => m.id);
          const audits = await w.instance.db.selectFrom('audit_log').select(['action', 'target_id']).where('target_id', 'in', ids).execute();
          expect(audits.map((a) => a.action)).toEqual(ids.map(() => 'message.pushed'));
          // The bookkeeping of a sent message (approved-lead rows, exemplars) waits for the tool's sent event.
          const leads = await w.instance.db.selectFrom('approved_leads').select('message_id').where('message_id', 'in', ids).execute();
          expect(leads).toHaveLength(0);
        }
        const profile = JSON.parse(
          (await w.instance.db.selectFrom('users').select('profile').where('id', '=', w.user.userId).executeTakeFirstOrThrow()).profile,
        );
        const first = (await storedSlots(w, pushedIds()[0]!))[0]!;
        expect(profile.exemplars).not.toContain(first.content);
        const view = (await w.tool('get_speaker_dossier', { speaker_id: pushedIds()[0] })).data.messages;
        expect(
          view.map((m: { sent: boolean; pushed_at: string | null; fix_hints: Array<{ code: string }> }) => [m.sent, m.pushed_at, m.fix_hints[0]?.code]),
        ).toEqual([
          [false, at, 'pushed'],
          [false, at, 'pushed'],
          [false, at, 'pushed'],
        ]);
        const rows = (await pushRows()).filter((r) => r.speaker_id !== duplicateSpeaker);
        expect(rows.map((r) => [r.state, r.outcome, r.attempts])).toEqual(pushedIds().map(() => ['confirmed', 'added', 1]));
      });

      it('emits push.completed on the campaign’s event stream', async () => {
        const events = await w.instance.db
          .selectFrom('run_events')
          .selectAll()
          .where('campaign_id', '=', campaignId)
          .where('type', '=', 'push.completed')
          .orderBy('seq')
          .execute();
        // Speakers go in the campaign's order, the drafts list in the order they were drafted: compare as sets.
        const data = events.map((e) => JSON.parse(e.data)).map((d) => ({ ...d, speaker_ids: [...d.speaker_ids].sort() }));
        expect(data).toEqual([
          { tool: 'heyreach', sending_campaign_id: String(HEYREACH_CAMPAIGN), pushed: 0, duplicate: 1, speaker_ids: [duplicateSpeaker] },
          { tool: 'heyreach', sending_campaign_id: String(HEYREACH_CAMPAIGN), pushed: pushedIds().length, duplicate: 0, speaker_ids: [...pushedIds()].sort() },
        ]);
      });

      it('replays the first result for the same Idempotency-Key, and refuses the key with other arguments', async () => {
        const again = await w.post(`/campaigns/${campaignId}/push`, {}, { headers: { 'idempotency-key': 'push-1' } });
        expect(again.body.data).toEqual(data);
        const body = await w.post(`/campaigns/${campaignId}/push`, { idempotency_key: 'push-1' });
        expect(body.body.data).toEqual(data);
        const other = await w.post(`/campaigns/${campaignId}/push`, { speaker_ids: [ready[0]] }, { headers: { 'idempotency-key': 'push-1' } });
        expect(other.status).toBe(400);
        expect(requests()).toBe(2);
      });

      it('pushes nothing twice: a second push finds every sequence already pushed and calls the tool not at all', async () => {
        const r = await w.tool(TOOL, { campaign_id: campaignId, speaker_ids: pushedIds() });
        expect(r.data).toMatchObject({
          pushed: 0,
          duplicate: 0,
          failed: 0,
          would_push: 0,
          requests: 0,
          skipped_by_reason: { already_pushed: pushedIds().length },
        });
        expect(requests()).toBe(2);
      });

      it('narrowed to speaker_ids, pushes only those once they are ready', async () => {
        const [excluded] = ready;
        await w.tool('set_speaker_selected', { speaker_id: excluded, selected: true });
        const r = await w.tool(TOOL, { campaign_id: campaignId, speaker_ids: [excluded] });
        expect(r.data).toMatchObject({ pushed: 1, skipped: 0, results: [{ speaker_id: excluded, outcome: 'pushed' }] });
        expect(leadsInTool().has(await linkedinOf(excluded!))).toBe(true);
      });
    });
  });
});
