import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, mcpOverHttp } from '../support/clients.js';
import {
  autoStartCampaign,
  cleanSpeakers,
  draftedSpeakers,
  draftsOf,
  makeDraftsWorld,
  othersDraftedCampaign,
  refusal,
  slotsOf,
  UNKNOWN,
  type Draft as Msg,
} from '../support/drafts.js';
import type { PipelineWorld } from '../support/pipeline.js';

const TOOL = 'request_rewrite';

const refused = refusal(TOOL, 'write');

interface Result {
  message_id: string;
  speaker_id: string;
  slot: number;
  outcome: 'rewritten' | 'unchanged' | 'skipped' | 'sent';
  qa_score: number | null;
  hard_fail_codes: string[];
}
interface Rewrite {
  cost_preview: { credits: number; model_calls: number; balance: number; sufficient: boolean };
  rewritten: number;
  unchanged: number;
  skipped: Result[];
  results: Result[];
}

describe('request_rewrite', () => {
  let w: PipelineWorld;
  let campaignId: string;
  let secondId: string;
  let othersCampaign: string;
  let othersMessage: Msg;
  let secondMessage: Msg;
  let drafted: string[];
  /** Speakers whose three drafts were all approvable after the run, in campaign order. */
  let clean: string[];
  /** A speaker whose first slot was marked sent. */
  let withSent: string;
  let sentMessage: Msg;

  const rows = (id = campaignId) => w.instance.db.selectFrom('messages').selectAll().where('campaign_id', '=', id).orderBy('seq').execute();
  const rowsOf = (speakerId: string) => w.instance.db.selectFrom('messages').selectAll().where('speaker_id', '=', speakerId).orderBy('slot').execute();
  /** Runs fn after moving the clock, and checks that no message of either campaign changed. */
  const writesNothing = async (fn: () => Promise<void>) => {
    w.clock.advance(60_000);
    const before = [await rows(), await rows(secondId)];
    await fn();
    expect([await rows(), await rows(secondId)]).toEqual(before);
  };

  beforeAll(async () => {
    w = await makeDraftsWorld();
    campaignId = await autoStartCampaign(w, 'DevConf', w.urls.sessionize);
    secondId = await autoStartCampaign(w, 'Cards', w.urls.cards);
    ({ othersCampaign, othersMessage } = await othersDraftedCampaign(w));
    secondMessage = (await w.tool('list_messages', { campaign_id: secondId, limit: 1 })).data.items[0];

    const all = await draftsOf(w, campaignId);
    drafted = draftedSpeakers(all);
    clean = cleanSpeakers(all);
    expect(clean.length).toBeGreaterThanOrEqual(8);
    withSent = clean[6] as string;
    sentMessage = all.find((m) => m.speaker_id === withSent && m.slot === 1) as Msg;
    expect((await w.tool('mark_message_sent', { message_id: sentMessage.message_id })).ok).toBe(true);
  });
  afterAll(() => w.close());

  describe('dry_run', () => {
    it('previews the whole campaign: only cost_preview, one rewrite per unsent slot, no model call with the built-in rules, no credits, nothing written', async () => {
      await writesNothing(async () => {
        const h = await w.post(`/campaigns/${campaignId}/rewrites`, { instruction: 'make it shorter', dry_run: true });
        expect(h.status).toBe(200);
        expect(h.body).toMatchObject({ ok: true, tool: TOOL, kind: 'write', error: null });
        expect(Object.keys(h.body.data)).toEqual(['cost_preview']);
        const balance = (await w.tool('get_credit_balance')).data.balance;
        expect(h.body.data.cost_preview).toEqual({
          credits: 0,
          model_calls: 0,
          lines: [{ operation: 'rewrite', count: drafted.length * 3 - 1, unit_credits: 0, credits: 0 }],
          balance,
          sufficient: true,
          note: `${drafted.length * 3 - 1} slot(s) rewritten by the built-in rules: no model call, nothing to pay`,
        });
        expect(await w.tool(TOOL, { campaign_id: campaignId, instruction: 'make it shorter', dry_run: true })).toEqual(h.body);
      });
    });

    it('counts only the unsent slots of the speakers given', async () => {
      await writesNothing(async () => {
        const preview = async (body: Record<string, unknown>) => {
          const r = await w.tool(TOOL, { campaign_id: campaignId, instruction: 'make it shorter', dry_run: true, ...body });
          expect(Object.keys(r.data)).toEqual(['cost_preview']);
          return r.data.cost_preview as Rewrite['cost_preview'];
        };
        expect(await preview({ speaker_ids: [withSent] })).toMatchObject({ model_calls: 0, credits: 0, lines: [{ count: 2 }] });
        expect(await preview({ speaker_ids: [clean[0], clean[1]] })).toMatchObject({ model_calls: 0, credits: 0, lines: [{ count: 6 }] });
        const [a] = await slotsOf(w, clean[2] as string);
        const [, b] = await slotsOf(w, clean[3] as string);
        expect(await preview({ message_ids: [a?.message_id, b?.message_id] })).toMatchObject({ model_calls: 0, credits: 0, lines: [{ count: 6 }] });
      });
    });
  });

  describe('rewriting by instruction', () => {
    it('makes a speaker’s drafts shorter over HTTP and scores the new text', async () => {
      const speakerId = clean[0] as string;
      const before = await rowsOf(speakerId);
      w.clock.advance(60_000);
      const now = w.clock.now().toISOString();
      const h = await w.post(`/campaigns/${campaignId}/rewrites`, { instruction: 'make it shorter', speaker_ids: [speakerId] });
      expect(h.status).toBe(200);
      expect(h.body).toMatchObject({ ok: true, tool: TOOL, kind: 'write', error: null });
      const data = h.body.data as Rewrite;
      expect(data).toMatchObject({ rewritten: 3, unchanged: 0, skipped: [], cost_preview: { credits: 0, model_calls: 0, lines: [{ count: 3 }] } });
      expect(data.results.map((r) => [r.speaker_id, r.slot, r.outcome])).toEqual([
        [speakerId, 1, 'rewritten'],
        [speakerId, 2, 'rewritten'],
        [speakerId, 3, 'rewritten'],
      ]);
      const after = await rowsOf(speakerId);
      after.forEach((m, i) => {
        const old = before[i] as (typeof before)[number];
        const result = data.results[i] as Result;
        expect(m.content).not.toBe(old.content);
        expect(m.content.length).toBeLessThan(old.content.length);
        expect(m).toMatchObject({ content_updated_at: now, qa_evaluated_at: now, qa_score: result.qa_score, hard_fails: '[]', hand_edited: 0 });
        expect(result.hard_fail_codes).toEqual([]);
      });
      const views = await slotsOf(w, speakerId);
      for (const v of views) expect(v.approvable).toBe((v.qa_score ?? 0) >= 8);
    });

    it('rewrites every slot of the speakers behind message_ids, over MCP, and no one else', async () => {
      const speakerId = clean[1] as string;
      const [, second] = await slotsOf(w, speakerId);
      w.clock.advance(60_000);
      const others = (await rows()).filter((m) => m.speaker_id !== speakerId);
      const r = await w.tool(TOOL, { campaign_id: campaignId, instruction: 'make it shorter', message_ids: [second?.message_id] });
      expect(r).toMatchObject({ ok: true, tool: TOOL, kind: 'write', error: null });
      expect((r.data as Rewrite).results.map((x) => [x.speaker_id, x.slot])).toEqual([
        [speakerId, 1],
        [speakerId, 2],
        [speakerId, 3],
      ]);
      expect((r.data as Rewrite).rewritten).toBe(3);
      for (const m of await rowsOf(speakerId)) expect(m.content_updated_at).toBe(w.clock.now().toISOString());
      expect((await rows()).filter((m) => m.speaker_id !== speakerId)).toEqual(others);
    });

    it('leaves a sent message alone and reports it as sent', async () => {
      const before = await rowsOf(withSent);
      w.clock.advance(60_000);
      const r = await w.tool(TOOL, { campaign_id: campaignId, instruction: 'make it shorter', speaker_ids: [withSent] });
      const results = (r.data as Rewrite).results;
      expect(results).toHaveLength(3);
      expect(results[0]).toMatchObject({ message_id: sentMessage.message_id, slot: 1, outcome: 'sent' });
      expect(results.slice(1).map((x) => x.outcome)).toEqual(['rewritten', 'rewritten']);
      const after = await rowsOf(withSent);
      expect(after[0]).toEqual(before[0]);
      expect(after[0]).toMatchObject({ sent: 1, content: sentMessage.content });
    });

    it('rewrites the whole campaign when no target is given; the counts add up and match what was stored', async () => {
      const before = new Map((await rows()).map((m) => [m.id, m]));
      const balance = (await w.tool('get_credit_balance')).data.balance;
      w.clock.advance(60_000);
      const now = w.clock.now().toISOString();
      const h = await w.post(`/campaigns/${campaignId}/rewrites`, { instruction: 'make it more formal' });
      expect(h.status).toBe(200);
      const data = h.body.data as Rewrite;
      expect(data.results).toHaveLength(drafted.length * 3);
      expect(new Set(data.results.map((x) => x.speaker_id))).toEqual(new Set(drafted));
      const count = (o: Result['outcome']) => data.results.filter((x) => x.outcome === o).length;
      expect(data.rewritten).toBe(count('rewritten'));
      expect(data.unchanged).toBe(count('unchanged'));
      expect(data.skipped).toEqual(data.results.filter((x) => x.outcome === 'skipped'));
      expect(count('sent')).toBe(1);
      expect(data.rewritten + data.unchanged + data.skipped.length + count('sent')).toBe(data.results.length);
      expect(data.rewritten).toBeGreaterThan(0);
      const after = new Map((await rows()).map((m) => [m.id, m]));
      const touched = new Set(data.results.filter((x) => x.outcome === 'rewritten').map((x) => x.speaker_id));
      for (const x of data.results) {
        const [old, cur] = [before.get(x.message_id), after.get(x.message_id)];
        if (x.outcome === 'rewritten') {
          expect(cur?.content).not.toBe(old?.content);
          expect(cur).toMatchObject({ content_updated_at: now, qa_evaluated_at: now, qa_score: x.qa_score });
        } else if (x.outcome !== 'sent' && touched.has(x.speaker_id)) {
          // The text stays; its score is taken again against the speaker's new sequence.
          expect(cur, `${x.outcome} ${x.message_id}`).toMatchObject({
            content: old?.content,
            content_updated_at: old?.content_updated_at,
            qa_evaluated_at: now,
          });
        } else {
          expect(cur, `${x.outcome} ${x.message_id}`).toEqual(old);
        }
      }
      expect((await w.tool('get_credit_balance')).data.balance).toBe(balance - data.cost_preview.credits);
    });
  });

  describe('checks across slots', () => {
    it('scores every slot of a speaker it touched again: a rotation flag caused by the old text does not outlive it', async () => {
      const speakerId = clean[7] as string;
      const [first, second, third] = (await slotsOf(w, speakerId)) as [Msg, Msg, Msg];
      // Slot 2 names their session, so it says something of them whatever the rewrite replaces (not filler).
      const session = /"([^"]+)"/.exec(first.content)?.[1];
      expect(session).toBeTruthy();
      const cta = 'Would a 15-minute call next week be useful?';
      // Slot 3 repeats most of slot 2's wording: a person is asked for (m3_no_rotation).
      await w.tool('update_message', {
        message_id: second.message_id,
        content: `Hi again, after "${session}", a quick note on platform migrations, incident reviews and calmer release trains.\nCheers,\nAda Lovelace`,
      });
      await w.tool('update_message', {
        message_id: third.message_id,
        content: `Hi again, one more note after "${session}" on platform migrations, incident reviews and calmer release trains. ${cta}\nCheers,\nAda Lovelace`,
      });
      await w.tool('rescore_drafts', { campaign_id: campaignId, speaker_ids: [speakerId] });
      expect((await slotsOf(w, speakerId))[2]).toMatchObject({ qa_flags: expect.arrayContaining(['m3_no_rotation']), needs_human: true });

      w.clock.advance(60_000);
      const now = w.clock.now().toISOString();
      const h = await w.post(`/campaigns/${campaignId}/rewrites`, {
        instruction:
          'replace "a quick note on platform migrations, incident reviews and calmer release trains" with "a thought on what your session could bring to hiring"',
        speaker_ids: [speakerId],
      });
      expect(h.status).toBe(200);
      const data = h.body.data as Rewrite;
      expect(data.results.map((r) => [r.slot, r.outcome])).toEqual([
        [1, 'unchanged'],
        [2, 'rewritten'],
        [3, 'unchanged'],
      ]);
      const [, two, three] = (await slotsOf(w, speakerId)) as [Msg, Msg, Msg];
      expect(two.content).toContain('what your session could bring to hiring');
      expect(three.content).toBe((await rowsOf(speakerId))[2]?.content);
      // Slot 3 no longer repeats slot 2: its flag is gone, and its score is of now.
      expect(three.qa_flags).not.toContain('m3_no_rotation');
      expect(three).toMatchObject({ qa_evaluated_at: now, needs_human: false });
      expect(data.results[2]).toMatchObject({ qa_score: three.qa_score, hard_fail_codes: three.hard_fail_codes });
    });
  });

  describe('other callers while a rewrite runs', () => {
    it('are answered before a whole-campaign rewrite finishes', async () => {
      w.clock.advance(60_000);
      const now = w.clock.now().toISOString();
      const written = async () => (await rows(secondId)).filter((m) => m.content_updated_at === now || m.qa_evaluated_at === now).length;
      const done: string[] = [];
      const rewrite = w.post(`/campaigns/${secondId}/rewrites`, { instruction: 'make it shorter' }).then((r) => {
        done.push('rewrite');
        return r;
      });
      // Once the rewrite has stored its first speaker it is under way; only then does another caller come.
      while ((await written()) === 0 && done.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
      const read = await w.get(`/campaigns/${secondId}`);
      done.push('get_campaign');
      expect(read.status).toBe(200);
      expect((await rewrite).status).toBe(200);
      expect(done).toEqual(['get_campaign', 'rewrite']);
    });
  });

  describe('the hard-fail gate', () => {
    beforeAll(async () => {
      const r = await w.tool('update_campaign', { campaign_id: campaignId, icp: { exclusions: ['recruiter', 'student', 'Globex'], competitors: ['Hooli'] } });
      expect(r.ok).toBe(true);
    });

    it.each([
      ['a competitor name', 'replace "Lovelace" with "Lovelace from Hooli"', 'forbidden_term', 'Hooli', 2],
      ['an excluded term', 'replace "Lovelace" with "Lovelace, ex-Globex"', 'forbidden_term', 'Globex', 3],
      ['a spam-trigger stack', 'replace "Lovelace" with "Lovelace. FR3E C4SH, act n0w, w1nner"', 'spam_trigger_stack', 'C4SH', 4],
    ])('skips a rewrite that would add %s, keeps the old text and lists the slot with its codes', async (_label, instruction, code, word, index) => {
      const speakerId = clean[index] as string;
      const before = await rowsOf(speakerId);
      w.clock.advance(60_000);
      const h = await w.post(`/campaigns/${campaignId}/rewrites`, { instruction, speaker_ids: [speakerId] });
      expect(h.status).toBe(200);
      const data = h.body.data as Rewrite;
      expect(data.rewritten).toBe(0);
      expect(data.skipped).toHaveLength(3);
      expect(data.skipped).toEqual(data.results);
      for (const s of data.skipped) {
        expect(s).toMatchObject({ speaker_id: speakerId, outcome: 'skipped' });
        expect(s.hard_fail_codes).toContain(code);
      }
      const after = await rowsOf(speakerId);
      expect(after).toEqual(before);
      for (const m of after) expect(m.content).not.toContain(word);
      for (const v of await slotsOf(w, speakerId)) expect(v).toMatchObject({ approvable: true, hard_fail_codes: [] });
    });
  });

  describe('idempotency_key', () => {
    let speakerId: string;
    let first: { status: number; body: any };
    beforeAll(async () => {
      speakerId = clean[5] as string;
      w.clock.advance(60_000);
      first = await w.post(`/campaigns/${campaignId}/rewrites`, { instruction: 'make it shorter', speaker_ids: [speakerId], idempotency_key: 'shorter-once' });
      expect(first.status).toBe(200);
      expect(first.body.data.rewritten).toBeGreaterThan(0);
    });

    it('replays the first result for the same key and arguments over HTTP and MCP, rewriting nothing again', async () => {
      await writesNothing(async () => {
        const again = await w.post(`/campaigns/${campaignId}/rewrites`, {
          instruction: 'make it shorter',
          speaker_ids: [speakerId],
          idempotency_key: 'shorter-once',
        });
        expect(again.status).toBe(200);
        expect(again.body).toEqual(first.body);
        expect(
          await w.tool(TOOL, { campaign_id: campaignId, instruction: 'make it shorter', speaker_ids: [speakerId], idempotency_key: 'shorter-once' }),
        ).toEqual(first.body);
        const header = await w.post(
          `/campaigns/${campaignId}/rewrites`,
          { instruction: 'make it shorter', speaker_ids: [speakerId] },
          { headers: { 'Idempotency-Key': 'shorter-once' } },
        );
        expect(header.body).toEqual(first.body);
      });
    });

    it('rejects the same key with another instruction or other targets with invalid_request, and rewrites nothing', async () => {
      await writesNothing(async () => {
        for (const body of [
          { instruction: 'make it more casual', speaker_ids: [speakerId] },
          { instruction: 'make it shorter', speaker_ids: [clean[0]] },
          { instruction: 'make it shorter' },
        ]) {
          const h = await w.post(`/campaigns/${campaignId}/rewrites`, { ...body, idempotency_key: 'shorter-once' });
          expect(h.status, JSON.stringify(body)).toBe(400);
          expect(h.body).toEqual(refused('invalid_request'));
          expect(await w.tool(TOOL, { campaign_id: campaignId, ...body, idempotency_key: 'shorter-once' })).toEqual(refused('invalid_request'));
        }
      });
    });
  });

  describe('refusals', () => {
    it('answers 401 unauthenticated without a key or with a bad key, over HTTP and MCP', async () => {
      await writesNothing(async () => {
        for (const key of [undefined, 'grn_not_a_real_key']) {
          const h = await w.post(`/campaigns/${campaignId}/rewrites`, { instruction: 'make it shorter' }, { key });
          expect(h.status).toBe(401);
          expect(h.body).toEqual(refused('unauthenticated'));
          expect(h.headers.get('www-authenticate')).toMatch(/^Bearer /);
          const m = await mcpOverHttp(w.base, TOOL, { campaign_id: campaignId, instruction: 'make it shorter' }, key ? `Bearer ${key}` : undefined);
          expect(m.status).toBe(401);
        }
      });
    });

    it('answers 403 forbidden_scope to a key without write, over HTTP and MCP, dry run included', async () => {
      await writesNothing(async () => {
        for (const body of [{ instruction: 'make it shorter' }, { instruction: 'make it shorter', dry_run: true }]) {
          const h = await w.post(`/campaigns/${campaignId}/rewrites`, body, { key: w.user.keys.read });
          expect(h.status).toBe(403);
          expect(h.body).toEqual(refused('forbidden_scope'));
          expect(await callAs(w.instance, w.user, 'read', TOOL, { campaign_id: campaignId, ...body })).toEqual(refused('forbidden_scope'));
        }
      });
    });

    it('answers 404 not_found for an unknown campaign and another user’s campaign, dry run included', async () => {
      for (const id of [UNKNOWN, othersCampaign]) {
        for (const body of [{ instruction: 'make it shorter' }, { instruction: 'make it shorter', dry_run: true }]) {
          const h = await w.post(`/campaigns/${id}/rewrites`, body);
          expect(h.status).toBe(404);
          expect(h.body).toEqual(refused('not_found'));
          expect(await w.tool(TOOL, { campaign_id: id, ...body })).toEqual(refused('not_found'));
        }
      }
    });

    it('answers 404 not_found for speaker or message ids from another campaign or user, and rewrites nothing', async () => {
      await writesNothing(async () => {
        for (const target of [
          { speaker_ids: [secondMessage.speaker_id] },
          { speaker_ids: [clean[0], othersMessage.speaker_id] },
          { speaker_ids: [UNKNOWN] },
          { message_ids: [secondMessage.message_id] },
          { message_ids: [othersMessage.message_id] },
          { speaker_ids: [clean[0]], message_ids: [UNKNOWN] },
        ]) {
          const body = { instruction: 'make it shorter', ...target };
          const h = await w.post(`/campaigns/${campaignId}/rewrites`, body);
          expect(h.status, JSON.stringify(target)).toBe(404);
          expect(h.body).toEqual(refused('not_found'));
          expect(await w.tool(TOOL, { campaign_id: campaignId, ...body })).toEqual(refused('not_found'));
        }
      });
    });

    it('answers 400 invalid_request for a malformed campaign_id', async () => {
      const h = await w.post('/campaigns/not-a-uuid/rewrites', { instruction: 'make it shorter' });
      expect(h.status).toBe(400);
      expect(h.body).toEqual(refused('invalid_request'));
      expect(h.body.error?.message).toMatch(/campaign_id/);
      expect(await w.tool(TOOL, { campaign_id: 'not-a-uuid', instruction: 'make it shorter' })).toEqual(refused('invalid_request'));
      expect(await w.tool(TOOL, { instruction: 'make it shorter' })).toEqual(refused('invalid_request'));
    });

    it.each([
      ['no instruction', {}, 'instruction'],
      ['an empty instruction', { instruction: '' }, 'instruction'],
      ['an instruction of 2001 characters', { instruction: 'x'.repeat(2001) }, 'instruction'],
      ['an instruction that is not a string', { instruction: 42 }, 'instruction'],
      ['an empty speaker_ids', { instruction: 'make it shorter', speaker_ids: [] }, 'speaker_ids'],
      ['a malformed speaker id', { instruction: 'make it shorter', speaker_ids: ['nope'] }, 'speaker_ids'],
      ['message_ids that is not an array', { instruction: 'make it shorter', message_ids: UNKNOWN }, 'message_ids'],
      ['dry_run that is not a boolean', { instruction: 'make it shorter', dry_run: 'yes' }, 'dry_run'],
      ['an empty idempotency_key', { instruction: 'make it shorter', idempotency_key: '' }, 'idempotency_key'],
      ['an idempotency_key of 201 characters', { instruction: 'make it shorter', idempotency_key: 'k'.repeat(201) }, 'idempotency_key'],
      ['an unknown field', { instruction: 'make it shorter', slots: [1] }, 'slots'],
    ])('answers 400 invalid_request to %s, over HTTP and MCP, and rewrites nothing', async (_label, body, word) => {
      await writesNothing(async () => {
        const h = await w.post(`/campaigns/${campaignId}/rewrites`, body);
        expect(h.status).toBe(400);
        expect(h.body).toEqual(refused('invalid_request'));
        expect(h.body.error?.message).toContain(word);
        const m = await w.tool(TOOL, { campaign_id: campaignId, ...body });
        expect(m).toEqual(refused('invalid_request'));
        expect(m.error?.message).toContain(word);
      });
    });

    it('accepts an instruction of exactly 2000 characters', async () => {
      await writesNothing(async () => {
        const r = await w.tool(TOOL, { campaign_id: campaignId, instruction: 'x'.repeat(2000), speaker_ids: [clean[0]], dry_run: true });
        expect(r).toMatchObject({ ok: true, data: { cost_preview: { model_calls: 0, lines: [{ count: 3 }] } } });
      });
    });

    it('answers 400 to a body that is not a JSON object or a campaign_id differing from the path', async () => {
      await writesNothing(async () => {
        for (const rawBody of ['{nope', '[]', '"make it shorter"']) {
          const h = await w.post(`/campaigns/${campaignId}/rewrites`, undefined, { rawBody });
          expect(h.status).toBe(400);
          expect(h.body).toEqual(refused('invalid_request'));
        }
        const mismatch = await w.post(`/campaigns/${campaignId}/rewrites`, { campaign_id: secondId, instruction: 'make it shorter' });
        expect(mismatch.status).toBe(400);
        expect(mismatch.body).toEqual(refused('invalid_request'));
      });
    });
  });
});
