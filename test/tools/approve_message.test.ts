import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, mcpOverHttp } from '../support/clients.js';
import {
  autoStartCampaign,
  cleanSpeakers,
  draftsOf,
  makeDraftsWorld,
  messageRow,
  othersDraftedCampaign,
  PLANTED,
  refusal,
  slotsOf,
  UNKNOWN,
  viewOf,
  type Draft as Msg,
} from '../support/drafts.js';
import type { PipelineWorld } from '../support/pipeline.js';
import { whileDatabaseBusy } from '../support/race.js';

const TOOL = 'approve_message';

const refused = refusal(TOOL, 'write');

describe('approve_message', () => {
  let w: PipelineWorld;
  let campaignId: string;
  /** Speakers whose three drafts were all approvable after the run, in campaign order. */
  let clean: string[];
  let othersMessage: Msg;

  const rescore = (m: Pick<Msg, 'message_id'>) => w.tool('rescore_drafts', { campaign_id: campaignId, message_ids: [m.message_id] });
  const stamp = (m: Pick<Msg, 'message_id'>, s: 'approved' | 'rejected') =>
    w.instance.db.updateTable('messages').set({ founder_stamp: s }).where('id', '=', m.message_id).execute();
  /** The audit entries approve_message wrote for a message, oldest first. */
  const approvals = async (m: Pick<Msg, 'message_id'>) =>
    (
      await w.instance.db
        .selectFrom('audit_log')
        .selectAll()
        .where('target_id', '=', m.message_id)
        .where('action', '=', 'message.approved')
        .orderBy('seq')
        .execute()
    ).map((a) => ({ ...a, meta: JSON.parse(a.meta) }));

  beforeAll(async () => {
    w = await makeDraftsWorld();
    campaignId = await autoStartCampaign(w, 'DevConf', w.urls.sessionize);
    ({ othersMessage } = await othersDraftedCampaign(w));
    clean = cleanSpeakers(await draftsOf(w, campaignId));
    expect(clean.length).toBeGreaterThanOrEqual(9);
  });
  afterAll(() => w.close());

  describe('a message that needs a person only (SPEC part 3 rule 5)', () => {
    let target: Msg;
    beforeAll(async () => {
      target = (await slotsOf(w, clean[0] as string))[1] as Msg;
      await stamp(target, 'rejected');
      await rescore(target);
    });

    it('is clean and scored ≥ 8 but needs_human and not approvable after the rescore', async () => {
      const m = await viewOf(w, target);
      expect(m).toMatchObject({ content: target.content, hard_fail_codes: [], needs_human: true, approvable: false, fresh: true, approved_at: null });
      expect(m.qa_score).toBeGreaterThanOrEqual(8);
      expect(m.fix_hints).toEqual(
        expect.arrayContaining([{ code: expect.any(String), action: 'human_review', fix: 'human_review', hint: expect.any(String) }]),
      );
      expect((await w.tool('get_draft_qa', { speaker_id: target.speaker_id })).data.speakers[0].bucket).toBe('needs_human');
    });

    it('is approved over HTTP: needs_human cleared, approvable, approved_at now', async () => {
      w.clock.advance(60_000);
      const h = await w.post(`/messages/${target.message_id}/approve`, {});
      expect(h.status).toBe(200);
      expect(h.body).toMatchObject({ ok: true, tool: TOOL, kind: 'write', error: null });
      expect(h.body.data).toMatchObject({
        message_id: target.message_id,
        content: target.content,
        needs_human: false,
        approvable: true,
        fresh: true,
        approved_at: w.clock.now().toISOString(),
        fix_hints: [{ code: 'approved', action: 'none', fix: 'none', hint: expect.any(String) }],
      });
      expect(await viewOf(w, target)).toMatchObject({ needs_human: false, approvable: true });
      expect((await w.tool('get_draft_qa', { speaker_id: target.speaker_id })).data.speakers[0].bucket).toBe('ready_to_send');
    });

    it('stays cleared through a rescore while the text is unchanged', async () => {
      w.clock.advance(60_000);
      const r = await rescore(target);
      expect(r.data.outcomes).toMatchObject({ approvable: 3, needs_human: 0 });
      expect(await viewOf(w, target)).toMatchObject({ needs_human: false, approvable: true, qa_evaluated_at: w.clock.now().toISOString() });
    });

    it('is approved again without harm (idempotent)', async () => {
      const again = await w.tool(TOOL, { message_id: target.message_id });
      expect(again).toMatchObject({ ok: true, data: { needs_human: false, approvable: true } });
    });

    it('needs a person again once its text is edited and rescored: the approval was for the old text', async () => {
      w.clock.advance(60_000);
      await w.tool('update_message', { message_id: target.message_id, content: target.content.replace(/^Hey\b/, 'Hi') });
      await rescore(target);
      expect(await viewOf(w, target)).toMatchObject({ needs_human: true, approvable: false, hard_fail_codes: [] });
      const r = await w.tool(TOOL, { message_id: target.message_id });
      expect(r.data).toMatchObject({ needs_human: false, approvable: true });
    });
  });

  describe('a human_review hard fail (SPEC part 3: a person decides, then clears it with approve_message)', () => {
    let target: Msg;
    beforeAll(async () => {
      await w.tool('update_campaign', { campaign_id: campaignId, icp: { competitors: ['Hooli'] } });
      target = (await slotsOf(w, clean[8] as string))[1] as Msg;
      await w.tool('update_message', { message_id: target.message_id, content: target.content.replace(/\nCheers,/, '\nWe beat Hooli on this.\nCheers,') });
      await rescore(target);
    });
    afterAll(async () => {
      await w.tool('update_campaign', { campaign_id: campaignId, icp: { competitors: [] } });
    });

    it('stands before the decision: a hard fail routed to a person, not approvable', async () => {
      const m = await viewOf(w, target);
      expect(m).toMatchObject({ hard_fail_codes: ['forbidden_term'], needs_human: true, needs_redo: false, approvable: false });
      expect(m.fix_hints).toContainEqual(expect.objectContaining({ code: 'forbidden_term', action: 'human_review' }));
      expect(await approvals(target)).toEqual([]);
    });

    it('is cleared over HTTP: no hard fail, approvable, ready to send, and the audit log names who approved', async () => {
      w.clock.advance(60_000);
      const now = w.clock.now().toISOString();
      const h = await w.post(`/messages/${target.message_id}/approve`, {});
      expect(h.status).toBe(200);
      expect(h.body.data).toMatchObject({ hard_fail_codes: [], needs_human: false, approvable: true, fresh: true, approved_at: now, qa_evaluated_at: now });
      expect(h.body.data.qa_score).toBeGreaterThanOrEqual(8);
      expect(h.body.data.qa_reasons).toContainEqual(expect.stringMatching(/^Cleared by a person's approval: .*Hooli/));
      expect((await w.tool('get_draft_qa', { speaker_id: target.speaker_id })).data.speakers[0].bucket).toBe('ready_to_send');
      const key = await w.user.principal('all');
      expect(await approvals(target)).toEqual([
        expect.objectContaining({
          user_id: w.user.userId,
          actor: key.tokenId,
          target_type: 'message',
          created_at: now,
          meta: expect.objectContaining({
            approved_by: { user_id: w.user.userId, credential_id: key.tokenId, credential_name: key.tokenName },
            cleared_hard_fails: ['forbidden_term'],
            slot: target.slot,
          }),
        }),
      ]);
    });

    it('stays cleared through a rescore of the unchanged text, and comes back once the text is edited', async () => {
      w.clock.advance(60_000);
      expect((await rescore(target)).data.outcomes).toMatchObject({ approvable: 3, hard_fail: 0 });
      expect(await viewOf(w, target)).toMatchObject({ hard_fail_codes: [], approvable: true });
      const current = (await viewOf(w, target)).content;
      await w.tool('update_message', { message_id: target.message_id, content: current.replace(/^Hey\b/, 'Hi') });
      await rescore(target);
      expect(await viewOf(w, target)).toMatchObject({ hard_fail_codes: ['forbidden_term'], needs_human: true, approvable: false, approved_at: null });
    });

    it('clears a wrong recipient name over MCP', async () => {
      const other = (await slotsOf(w, clean[3] as string))[2] as Msg;
      await w.tool('update_message', { message_id: other.message_id, content: other.content.replace(/^Hey [^,\s]+/, 'Hey Zelda') });
      await rescore(other);
      expect(await viewOf(w, other)).toMatchObject({ hard_fail_codes: ['wrong_recipient_name'], needs_human: true, approvable: false });
      const r = await w.tool(TOOL, { message_id: other.message_id });
      expect(r).toMatchObject({ ok: true, data: { hard_fail_codes: [], needs_human: false, approvable: true } });
      expect((await approvals(other)).map((a) => a.meta.cleared_hard_fails)).toEqual([['wrong_recipient_name']]);
    });
  });

  describe('an edit after an approval', () => {
    it('voids the approval: the edited text no longer reports approved_at', async () => {
      const target = (await slotsOf(w, clean[6] as string))[1] as Msg;
      await stamp(target, 'rejected');
      await rescore(target);
      w.clock.advance(60_000);
      expect((await w.tool(TOOL, { message_id: target.message_id })).data.approved_at).toBe(w.clock.now().toISOString());
      w.clock.advance(60_000);
      const edited = await w.tool('update_message', { message_id: target.message_id, content: target.content.replace(/^Hey\b/, 'Hi') });
      expect(edited.data.approved_at).toBeNull();
      expect((await viewOf(w, target)).approved_at).toBeNull();
    });

    it('does not carry the approval over to a text edited in the same instant', async () => {
      const target = (await slotsOf(w, clean[7] as string))[1] as Msg;
      await stamp(target, 'rejected');
      await rescore(target);
      w.clock.advance(60_000);
      expect((await w.tool(TOOL, { message_id: target.message_id })).data).toMatchObject({ needs_human: false, approvable: true });
      await w.tool('update_message', { message_id: target.message_id, content: `${target.content.replace(/^Hey\b/, 'Hi')}\nP.S. One more thing.` });
      await rescore(target);
      expect(await viewOf(w, target)).toMatchObject({ needs_human: true, approvable: false });
    });
  });

  it('clears a founder approval stamp’s needs_human over MCP too', async () => {
    const target = (await slotsOf(w, clean[1] as string))[2] as Msg;
    await stamp(target, 'approved');
    await rescore(target);
    expect(await viewOf(w, target)).toMatchObject({ needs_human: true, approvable: false, hard_fail_codes: [] });
    const r = await w.tool(TOOL, { message_id: target.message_id });
    expect(r).toMatchObject({
      ok: true,
      tool: TOOL,
      kind: 'write',
      error: null,
      data: { message_id: target.message_id, needs_human: false, approvable: true },
    });
    await rescore(target);
    expect(await viewOf(w, target)).toMatchObject({ needs_human: false, approvable: true });
  });

  describe('refused with 422 tool_error', () => {
    it('while a hard fail stands, and the message stays as it was', async () => {
      const target = (await slotsOf(w, clean[2] as string))[0] as Msg;
      await w.tool('update_message', { message_id: target.message_id, content: PLANTED });
      await rescore(target);
      const before = await messageRow(w, target.message_id);
      expect(JSON.parse(before.hard_fails)).toEqual(expect.arrayContaining(['unresolved_placeholder']));
      const h = await w.post(`/messages/${target.message_id}/approve`, {});
      expect(h.status).toBe(422);
      expect(h.body).toEqual(refused('tool_error'));
      expect(h.body.error?.message).toMatch(/template placeholder/);
      expect(await w.tool(TOOL, { message_id: target.message_id })).toEqual(refused('tool_error'));
      expect(await messageRow(w, target.message_id)).toEqual(before);
    });

    it('while a rewrite hard fail stands beside a human-review one, naming the rewrite code only', async () => {
      await w.tool('update_campaign', { campaign_id: campaignId, icp: { competitors: ['Hooli'] } });
      const target = (await slotsOf(w, clean[3] as string))[0] as Msg;
      await w.tool('update_message', { message_id: target.message_id, content: 'Hi {{first_name}}, we beat Hooli at this. Mind if we connect?' });
      await rescore(target);
      expect((await viewOf(w, target)).hard_fail_codes).toEqual(expect.arrayContaining(['unresolved_placeholder', 'forbidden_term']));
      const before = await messageRow(w, target.message_id);
      const h = await w.post(`/messages/${target.message_id}/approve`, {});
      expect(h.status).toBe(422);
      expect(h.body).toEqual(refused('tool_error'));
      expect(h.body.error?.message).toMatch(/template placeholder/);
      expect(h.body.error?.message).not.toMatch(/exclusions or competitors/);
      expect(await messageRow(w, target.message_id)).toEqual(before);
      expect(await approvals(target)).toEqual([]);
      await w.tool('update_campaign', { campaign_id: campaignId, icp: { competitors: [] } });
    });

    it('while the text is unscored after an edit, and accepted once rescored', async () => {
      const target = (await slotsOf(w, clean[4] as string))[1] as Msg;
      await w.tool('update_message', { message_id: target.message_id, content: target.content.replace(/^Hey\b/, 'Hi') });
      const before = await messageRow(w, target.message_id);
      const h = await w.post(`/messages/${target.message_id}/approve`, {});
      expect(h.status).toBe(422);
      expect(h.body).toEqual(refused('tool_error'));
      expect(h.body.error?.message).toMatch(/check it again/);
      expect(await w.tool(TOOL, { message_id: target.message_id })).toEqual(refused('tool_error'));
      expect(await messageRow(w, target.message_id)).toEqual(before);
      await rescore(target);
      const ok = await w.post(`/messages/${target.message_id}/approve`, {});
      expect(ok.status).toBe(200);
      expect(ok.body.data).toMatchObject({ approvable: true, needs_human: false });
    });

    it('once the message is sent', async () => {
      const target = (await slotsOf(w, clean[5] as string))[0] as Msg;
      await w.tool('mark_message_sent', { message_id: target.message_id });
      const h = await w.post(`/messages/${target.message_id}/approve`, {});
      expect(h.status).toBe(422);
      expect(h.body).toEqual(refused('tool_error'));
      expect(await w.tool(TOOL, { message_id: target.message_id })).toEqual(refused('tool_error'));
      expect((await messageRow(w, target.message_id)).approved_at).toBeNull();
    });
  });

  describe('racing mark_message_sent over HTTP against one server', () => {
    it('never reports an approval it did not store: the loser of the race gets tool_error, and a sent message stays unapprovable', async () => {
      const raceId = await autoStartCampaign(w, 'Race', w.urls.cards);
      await w.scheduler.drain();
      const drafts = await draftsOf(w, raceId);
      const targets = cleanSpeakers(drafts)
        .slice(0, 3)
        .map((id) => drafts.find((m) => m.speaker_id === id && m.slot === 2) as Msg);
      expect(targets).toHaveLength(3);
      w.clock.advance(60_000);
      const replies = await whileDatabaseBusy(w.instance.db, () =>
        Promise.all(targets.flatMap((m) => [w.post(`/messages/${m.message_id}/sent`, {}), w.post(`/messages/${m.message_id}/approve`, {})])),
      );
      for (const [i, m] of targets.entries()) {
        const [sent, approved] = [replies[2 * i], replies[2 * i + 1]] as [(typeof replies)[number], (typeof replies)[number]];
        expect(sent.body.data.recorded).toBe(true);
        const row = await messageRow(w, m.message_id);
        expect(row).toMatchObject({ sent: 1, approvable: 0, needs_human: 0 });
        if (approved.status === 200) {
          expect(row.approved_at).toBe(approved.body.data.approved_at);
          expect(await approvals(m)).toHaveLength(1);
        } else {
          expect(approved.status).toBe(422);
          expect(approved.body).toEqual(refused('tool_error'));
          expect(approved.body.error?.message).toMatch(/already sent/);
          expect(row.approved_at).toBeNull();
          expect(await approvals(m)).toEqual([]);
        }
      }
    });
  });

  describe('refusals', () => {
    let target: Msg;
    beforeAll(async () => {
      target = (await slotsOf(w, clean[0] as string))[0] as Msg;
    });
    const untouched = async () => expect((await messageRow(w, target.message_id)).approved_at).toBeNull();

    it('answers 401 unauthenticated without a key or with a bad key, over HTTP and MCP', async () => {
      for (const key of [undefined, 'grn_not_a_real_key']) {
        const h = await w.post(`/messages/${target.message_id}/approve`, {}, { key });
        expect(h.status).toBe(401);
        expect(h.body).toEqual(refused('unauthenticated'));
        expect(h.headers.get('www-authenticate')).toMatch(/^Bearer /);
        const m = await mcpOverHttp(w.base, TOOL, { message_id: target.message_id }, key ? `Bearer ${key}` : undefined);
        expect(m.status).toBe(401);
      }
      await untouched();
    });

    it('answers 403 forbidden_scope to a key without write, over HTTP and MCP', async () => {
      const h = await w.post(`/messages/${target.message_id}/approve`, {}, { key: w.user.keys.read });
      expect(h.status).toBe(403);
      expect(h.body).toEqual(refused('forbidden_scope'));
      expect(await callAs(w.instance, w.user, 'read', TOOL, { message_id: target.message_id })).toEqual(refused('forbidden_scope'));
      await untouched();
    });

    it('answers 404 not_found for an unknown message and another user’s message', async () => {
      for (const id of [UNKNOWN, othersMessage.message_id]) {
        const h = await w.post(`/messages/${id}/approve`, {});
        expect(h.status).toBe(404);
        expect(h.body).toEqual(refused('not_found'));
        expect(await w.tool(TOOL, { message_id: id })).toEqual(refused('not_found'));
      }
      expect((await messageRow(w, othersMessage.message_id)).approved_at).toBeNull();
    });

    it('answers 400 invalid_request for a malformed or missing message_id', async () => {
      const h = await w.post('/messages/not-a-uuid/approve', {});
      expect(h.status).toBe(400);
      expect(h.body).toEqual(refused('invalid_request'));
      expect(h.body.error?.message).toMatch(/message_id/);
      for (const args of [{ message_id: 'not-a-uuid' }, { message_id: 42 }, {}]) {
        const m = await w.tool(TOOL, args);
        expect(m).toEqual(refused('invalid_request'));
        expect(m.error?.message).toMatch(/message_id/);
      }
    });

    it('answers 400 invalid_request to an unknown field, a body that is not an object, or a message_id differing from the path', async () => {
      const h = await w.post(`/messages/${target.message_id}/approve`, { note: 'looks good' });
      expect(h.status).toBe(400);
      expect(h.body).toEqual(refused('invalid_request'));
      expect(h.body.error?.message).toContain('note');
      expect(await w.tool(TOOL, { message_id: target.message_id, note: 'looks good' })).toEqual(refused('invalid_request'));
      for (const rawBody of ['{nope', '[]', 'true']) {
        const r = await w.post(`/messages/${target.message_id}/approve`, undefined, { rawBody });
        expect(r.status).toBe(400);
        expect(r.body).toEqual(refused('invalid_request'));
      }
      const mismatch = await w.post(`/messages/${target.message_id}/approve`, { message_id: UNKNOWN });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body).toEqual(refused('invalid_request'));
      await untouched();
    });
  });
});
