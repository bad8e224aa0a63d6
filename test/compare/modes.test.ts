/**
 * compare_models mode by mode, over HTTP and MCP, against loopback vendors: each mode
 * reads what it should, asks the providers it should, and reports what they said.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rulesAnswer, type ModelAsk } from '../../src/engine/loopback/answer.js';
import { makeCompareWorld, type CompareWorld } from './support.js';

type Result = { column: string; ok: boolean; metrics: Record<string, unknown>; detail?: unknown };
type ItemOut = { id: string; kind: string; results: Result[]; notes: string[] };
const col = (item: ItemOut, name: string) => item.results.find((r) => r.column === name) as Result;

describe('compare_models modes', () => {
  let w: CompareWorld;
  const asked = (from: number, stage?: string) => w.models.requests.slice(from).filter((r) => !stage || r.ask?.stage === stage);
  const messagesOf = async (n: number) =>
    w.instance.db.selectFrom('messages').selectAll().where('campaign_id', '=', w.campaignId).orderBy('seq').limit(n).execute();

  beforeAll(async () => {
    w = await makeCompareWorld();
  });
  afterAll(() => w.close());
  afterAll(() => w.models.answerWith(null));

  it('judge: every provider judges the drafted sequences; a judge that approves nothing disagrees with the gate', async () => {
    w.models.answerWith((ask: ModelAsk, vendor: string) => {
      const out = rulesAnswer(ask) as { messages?: Array<{ approvable: boolean; score: number }> };
      if (ask.stage === 'judge' && vendor === 'xai') out.messages = out.messages?.map((m) => ({ ...m, approvable: false, score: 2 }));
      return out;
    });
    const from = w.models.requests.length;
    const r = await w.tool('compare_models', { mode: 'judge', campaign_id: w.campaignId });
    w.models.answerWith(null);
    expect(r.data).toMatchObject({ mode: 'judge', limit: 4, items_done: 4, total_items: 9, next_offset: 4 });
    expect(asked(from)).toHaveLength(8);
    expect(asked(from).every((q) => q.ask?.stage === 'judge' && q.ask.input.context === 'full' && q.ask.input.messages.length === 3)).toBe(true);
    const [openai, xai] = r.data.summary.columns;
    expect(openai).toMatchObject({ column: 'openai', ok: 4, metrics: { agreement: 1 } });
    // The judge's prompt carries the dossier but not the page text behind each field, which the
    // gate also grounds on: a follow-up whose only detail is in that text can score a point lower.
    expect(openai.metrics.score_diff).toBeLessThanOrEqual(0.25);
    // It agrees only where the gate holds a message back too.
    expect(xai).toMatchObject({ column: 'xai', ok: 4 });
    expect(xai.metrics.agreement).toBeLessThan(0.25);
    const rows = await w.instance.db.selectFrom('model_spend').selectAll().where('stage', '=', 'judge').execute();
    expect(rows.every((x) => x.campaign_id === w.campaignId && x.speaker_id !== null && x.prompt_version === 'judge@2026-11.1')).toBe(true);
  });

  it("draft: the gate reads the campaign's positioning, so a draft that pastes it fails as it would in a run", async () => {
    const was = await w.instance.db.selectFrom('campaigns').select(['positioning']).where('id', '=', w.campaignId).executeTakeFirstOrThrow();
    const positioning = 'Talk coaching that turns conference speakers into steady hiring pipelines';
    expect((await w.tool('update_campaign', { campaign_id: w.campaignId, positioning })).ok).toBe(true);
    const campaign = await w.instance.db.selectFrom('campaigns').select(['positioning']).where('id', '=', w.campaignId).executeTakeFirstOrThrow();
    expect(campaign.positioning).toBe(positioning);
    w.models.answerWith((ask: ModelAsk, vendor: string) => {
      const out = rulesAnswer(ask) as { messages?: Array<{ slot: number; content: string }> };
      if (ask.stage === 'draft' && vendor === 'mistral')
        out.messages = out.messages?.map((m) =>
          m.slot === 2 ? { ...m, content: m.content.replace(/\n\n/, `\n\nWhat we do: ${campaign.positioning}.\n\n`) } : m,
        );
      return out;
    });
    const r = await w.tool('compare_models', { mode: 'draft', campaign_id: w.campaignId, providers: ['openai', 'mistral'], limit: 1, judge: false });
    w.models.answerWith(null);
    const item = r.data.items[0] as ItemOut;
    const slot2 = (c: string) => (col(item, c).detail as Array<{ slot: number; qa: { hard_fail_codes: string[] } }>).find((d) => d.slot === 2)!;
    expect(slot2('mistral').qa.hard_fail_codes).toContain('pasted_positioning');
    expect(slot2('openai').qa.hard_fail_codes).not.toContain('pasted_positioning');
    expect(col(item, 'mistral').metrics.qa_pass).toBe(false);
    await w.tool('update_campaign', { campaign_id: w.campaignId, positioning: was.positioning });
  });

  it('draft: each provider drafts, the QA gate scores it, and the judge provider reviews it unless judge is false', async () => {
    let from = w.models.requests.length;
    const judged = await w.compare({
      mode: 'draft',
      campaign_id: w.campaignId,
      providers: ['openai', 'mistral'],
      judge_provider: 'anthropic',
      limit: 2,
      models: { mistral: 'mistral-large-latest' },
    });
    expect(judged.status).toBe(200);
    expect(judged.body.data).toMatchObject({ judge_provider: 'anthropic', items_done: 2 });
    expect(
      asked(from, 'draft')
        .map((q) => q.vendor)
        .sort(),
    ).toEqual(['mistral', 'mistral', 'openai', 'openai']);
    expect(
      asked(from, 'draft')
        .filter((q) => q.vendor === 'mistral')
        .every((q) => q.model === 'mistral-large-latest'),
    ).toBe(true);
    expect(asked(from, 'judge').map((q) => q.vendor)).toEqual(['anthropic', 'anthropic', 'anthropic', 'anthropic']);
    const item = judged.body.data.items[0] as ItemOut;
    expect(col(item, 'mistral').metrics).toMatchObject({ qa_pass: true, approvable_slots: 3, judge_agrees_gate: 1 });
    expect(judged.body.data.summary.providers.map((p: { provider: string }) => p.provider)).toEqual(['openai', 'mistral', 'anthropic']);

    from = w.models.requests.length;
    const unjudged = await w.tool('compare_models', { mode: 'draft', campaign_id: w.campaignId, limit: 1, judge: false });
    expect(asked(from, 'judge')).toHaveLength(0);
    expect(asked(from, 'draft')).toHaveLength(2);
    expect(col(unjudged.data.items[0], 'openai').metrics.judge_score).toBeUndefined();
  });

  it("x_signals: only the second provider is asked, and a post under the page's X profile is told apart", async () => {
    const [first] = await w.instance.db.selectFrom('speakers').selectAll().where('campaign_id', '=', w.campaignId).orderBy('seq').limit(1).execute();
    await w.instance.db
      .updateTable('speakers')
      .set({ links: JSON.stringify(['https://x.com/ada_builds']) })
      .where('id', '=', first?.id as string)
      .execute();
    const from = w.models.requests.length;
    const r = await w.compare({ mode: 'x_signals', campaign_id: w.campaignId, providers: ['google', 'anthropic'], limit: 2 });
    expect(r.status).toBe(200);
    expect(asked(from).map((q) => [q.vendor, q.ask?.stage])).toEqual([
      ['anthropic', 'x_signals'],
      ['anthropic', 'x_signals'],
    ]);
    const [withProfile, without] = r.body.data.items as ItemOut[];
    expect(col(withProfile as ItemOut, 'anthropic').metrics).toEqual({ profile_known: true, signals: 1, on_x: 1, on_profile: 1 });
    expect(col(without as ItemOut, 'anthropic').metrics).toMatchObject({ profile_known: false, signals: 0 });
  });

  it('human and founder: judges set against what people approved, sent or rejected, and what the founder stamped', async () => {
    const [a, b, c, d] = await messagesOf(4);
    await w.tool('mark_message_sent', { message_id: a?.id });
    await w.tool('approve_message', { message_id: b?.id });
    await w.instance.db
      .updateTable('messages')
      .set({ founder_stamp: 'rejected' })
      .where('id', '=', c?.id as string)
      .execute();
    await w.instance.db
      .updateTable('messages')
      .set({ founder_stamp: 'approved' })
      .where('id', '=', d?.id as string)
      .execute();

    let from = w.models.requests.length;
    const human = await w.compare({ mode: 'human', campaign_id: w.campaignId });
    expect(human.status).toBe(200);
    expect(human.body.data.items.map((i: ItemOut) => [i.id, col(i, 'openai').metrics.decision])).toEqual([
      [a?.id, 'sent'],
      [b?.id, 'approved'],
      [c?.id, 'rejected'],
    ]);
    // Shown the message alone, the stand-in judge (the QA gate) cannot check what a draft says
    // about the speaker, so it turns down whatever makes a claim about them; agreement is
    // counted against the people's decisions item by item.
    const verdicts = human.body.data.items.map((i: ItemOut) => col(i, 'openai').metrics as { decision: string; judge_approvable: boolean });
    expect(verdicts.filter((v: { judge_approvable: boolean }) => !v.judge_approvable).length).toBeGreaterThanOrEqual(1);
    const agreeing = verdicts.filter((v: { decision: string; judge_approvable: boolean }) => v.judge_approvable === (v.decision !== 'rejected')).length;
    expect(human.body.data.summary.columns[0].metrics).toMatchObject({ agrees: Math.round((agreeing / 3) * 100) / 100 });
    expect(asked(from).every((q) => q.ask?.input.context === 'message' && q.ask.input.messages.length === 1 && q.ask.input.speaker.bio === undefined)).toBe(
      true,
    );

    from = w.models.requests.length;
    // With the whole dossier it approves all three, as the gate did: it now disagrees only with the rejection.
    const full = await w.tool('compare_models', { mode: 'human', judge_context: 'full', limit: 3 });
    expect(full.data.summary.columns[0].metrics).toMatchObject({ agrees: 0.67, judge_approvable: 1 });
    expect(asked(from).every((q) => q.ask?.input.context === 'full' && q.ask.input.messages.length === 3 && 'bio' in q.ask.input.speaker)).toBe(true);
    const elsewhere = await w.compare({ mode: 'human', campaign_id: (await w.tool('create_campaign', { name: 'Empty' })).data.campaign_id });
    expect(elsewhere.body.data).toMatchObject({ total_items: 0, items_done: 0, next_offset: null });

    from = w.models.requests.length;
    const founder = await w.tool('compare_models', { mode: 'founder' });
    // The founder's stamps, and the approval given through approve_message.
    expect(founder.data.items.map((i: ItemOut) => [i.id, col(i, 'xai').metrics.decision])).toEqual([
      [b?.id, 'approved'],
      [c?.id, 'rejected'],
      [d?.id, 'approved'],
    ]);
    expect(asked(from).every((q) => q.ask?.input.recipe?.campaign_id === w.campaignId && q.ask.input.recipe.cta === q.ask.input.campaign.cta)).toBe(true);
  });

  it('signals: one research call per source, shown only that source, and the grounded share of what came back', async () => {
    const from = w.models.requests.length;
    const r = await w.compare({ mode: 'signals', sources: ['talks', 'bio'], providers: ['openai_compatible'] });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ total_items: 30, items_done: 2, next_offset: 2 });
    expect(asked(from)).toHaveLength(4);
    expect(
      asked(from)
        .map((q) => Object.keys(q.ask?.input.speaker).sort().join(','))
        .sort(),
    ).toEqual(['bio,name', 'bio,name', 'name,talks', 'name,talks']);
    const first = col(r.body.data.items[0], 'openai_compatible');
    expect(first.metrics).toMatchObject({ grounded_share: 1 });
    expect((first.detail as Array<{ source: string }>).map((d) => d.source)).toEqual(['talks', 'bio']);
    const event = await w.tool('compare_models', { mode: 'signals', target: 'event', sources: ['title'] });
    expect(event.data).toMatchObject({ total_items: 1, next_offset: null, items: [{ kind: 'event', id: 'fixture-event' }] });
  });

  it('founder_draft: writers, baselines and extra candidates ranked by the founder judge against a matching recipe', async () => {
    const speakers = await w.instance.db
      .selectFrom('speakers')
      .select(['id', 'user_id'])
      .where('campaign_id', '=', w.campaignId)
      .where('drafted_at', 'is not', null)
      .orderBy('seq')
      .execute();
    const target = speakers[2]?.id as string;
    const recipe = { client_id: w.user.userId, campaign_id: w.campaignId, cta: 'Would a 15-minute call next week be useful?', avoid: ['synergy'] };
    const from = w.models.requests.length;
    const r = await w.compare({
      mode: 'founder_draft',
      campaign_id: w.campaignId,
      speaker_ids: [target],
      writers: [{ provider: 'google', model: 'gemini-2.5-flash' }],
      judge_provider: 'mistral',
      judge_model: 'mistral-large-latest',
      recipe,
      extra_candidates: [{ label: 'template', messages: [{ slot: 1, content: 'Hi {{first_name}}, loved your talk!' }] }],
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ total_items: 1, items_done: 1, judge_provider: 'mistral' });
    expect(asked(from).map((q) => [q.vendor, q.model, q.ask?.stage])).toEqual([
      ['google', 'gemini-2.5-flash', 'draft'],
      ['mistral', 'mistral-large-latest', 'founder_judge'],
    ]);
    const judgeAsk = asked(from, 'founder_judge')[0]?.ask?.input ?? {};
    expect(judgeAsk.recipe).toEqual(recipe);
    expect(judgeAsk.candidates.map((c: { id: string }) => c.id)).toEqual(['google:gemini-2.5-flash', 'baseline:stored', 'baseline:offline', 'extra:template']);
    const item = r.body.data.items[0] as ItemOut;
    expect(col(item, 'extra:template').metrics).toMatchObject({ qa_pass: false, founder_best: false });
    expect(col(item, 'baseline:stored').metrics).toMatchObject({ qa_pass: true, founder_best: true });

    const bare = await w.tool('compare_models', {
      mode: 'founder_draft',
      campaign_id: w.campaignId,
      writers: [],
      judge: false,
      include_baselines: true,
      limit: 1,
    });
    expect(bare.data.items[0].results.map((x: Result) => x.column)).toEqual(['baseline:stored', 'baseline:offline']);
    expect(asked(from)).toHaveLength(2);
  });
});
