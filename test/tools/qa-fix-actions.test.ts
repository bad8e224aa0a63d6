import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../src/registry/invoke.js';
import { draftedWorld, PLANTED, slotsOf, viewOf, type Draft as Msg } from '../support/drafts.js';
import type { PipelineWorld } from '../support/pipeline.js';

/** SPEC part 3, "QA fix action": the only actions an answer may carry. */
const SPEC_ACTIONS = ['none', 'rescore', 'human_review'];
const DAY = 86_400_000;

/** Every value under a key named `action`, anywhere in an answer. */
function actionsIn(value: unknown, out: unknown[] = []): unknown[] {
  if (Array.isArray(value)) for (const v of value) actionsIn(v, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (k === 'action') out.push(v);
      actionsIn(v, out);
    }
  return out;
}

describe('QA fix actions: every action an answer carries is one of the SPEC (none, rescore, human_review)', () => {
  let w: PipelineWorld;
  let campaignId: string;
  let planted: Msg;
  let misnamed: Msg;
  let legacy: Msg;
  const seen: unknown[] = [];

  /** A read over HTTP and MCP: both answers agree, and their actions are collected. */
  const read = async (path: string, tool: string, args: Record<string, unknown>, query: Record<string, string | number | boolean> = {}): Promise<Envelope> => {
    const h = await w.get(path, { query });
    expect(h.status, path).toBe(200);
    expect(await w.tool(tool, args)).toEqual(h.body);
    seen.push(...actionsIn(h.body));
    return h.body as Envelope;
  };
  const everything = () => read(`/campaigns/${campaignId}/qa`, 'get_draft_qa', { campaign_id: campaignId, limit: 200 }, { limit: 200 });
  const speaker = (id: string) => read(`/speakers/${id}`, 'get_speaker_dossier', { speaker_id: id });
  const rescore = async (m: Msg, overHttp: boolean) => {
    const r = overHttp
      ? (await w.post(`/campaigns/${campaignId}/rescores`, { message_ids: [m.message_id] })).body
      : await w.tool('rescore_drafts', { campaign_id: campaignId, message_ids: [m.message_id] });
    expect(r).toMatchObject({ ok: true });
    seen.push(...actionsIn(r));
  };

  beforeAll(async () => {
    let clean: string[];
    ({ w, campaignId, clean } = await draftedWorld());
    expect(clean.length).toBeGreaterThanOrEqual(3);
    // A rewrite-fixable defect (placeholder and link), rescored over HTTP.
    planted = (await slotsOf(w, clean[0] as string))[0] as Msg;
    await w.tool('update_message', { message_id: planted.message_id, content: PLANTED });
    await rescore(planted, true);
    // A defect a person decides (another person's name), rescored over MCP.
    misnamed = (await slotsOf(w, clean[1] as string))[2] as Msg;
    await w.tool('update_message', { message_id: misnamed.message_id, content: misnamed.content.replace(/^Hey [^,\s]+/, 'Hey Zelda') });
    await rescore(misnamed, false);
    // A hand edit not yet rescored.
    legacy = (await slotsOf(w, clean[2] as string))[0] as Msg;
    await w.tool('update_message', { message_id: legacy.message_id, content: PLANTED });
    await rescore(legacy, true);
    // Hints stored by an earlier release carried `rewrite` as their action: they are read in the SPEC's terms.
    const row = await w.instance.db.selectFrom('messages').select('fix_hints').where('id', '=', legacy.message_id).executeTakeFirstOrThrow();
    const old = (JSON.parse(row.fix_hints) as Array<{ code: string; hint: string }>).map(({ code, hint }) => ({ code, action: 'rewrite', hint }));
    await w.instance.db
      .updateTable('messages')
      .set({ fix_hints: JSON.stringify(old) })
      .where('id', '=', legacy.message_id)
      .execute();
  });
  afterAll(() => w.close());

  it('get_draft_qa, get_speaker_dossier and rescore_drafts answer only SPEC actions, over HTTP and MCP', async () => {
    const qa = await everything();
    for (const m of [planted, misnamed, legacy]) await speaker(m.speaker_id);
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(actionsIn(qa.data))).toEqual(new Set(['none', 'rescore', 'human_review']));
    for (const a of seen) expect(SPEC_ACTIONS, String(a)).toContain(a);
  });

  it('gives a rewrite-fixable hard fail the action rescore and keeps the suggestion to rewrite in fix', async () => {
    const m = await viewOf(w, planted);
    expect(m).toMatchObject({ needs_redo: true, needs_human: false, approvable: false });
    expect(m.fix_hints).toEqual(
      expect.arrayContaining([
        { code: 'unresolved_placeholder', action: 'rescore', fix: 'rewrite', hint: expect.stringContaining('{{first_name}}') },
        { code: 'link_in_first_touch', action: 'rescore', fix: 'rewrite', hint: expect.stringContaining('https://x.example.com') },
      ]),
    );
  });

  it('gives a hard fail a person decides the action human_review', async () => {
    const m = await viewOf(w, misnamed);
    expect(m).toMatchObject({ hard_fail_codes: ['wrong_recipient_name'], needs_human: true });
    expect(m.fix_hints).toContainEqual({ code: 'wrong_recipient_name', action: 'human_review', fix: 'human_review', hint: expect.any(String) });
  });

  it('reads hints stored with the action rewrite as rescore, with fix rewrite', async () => {
    const m = await viewOf(w, legacy);
    expect(m.fix_hints.length).toBeGreaterThan(0);
    for (const h of m.fix_hints) expect(h).toEqual({ code: h.code, action: 'rescore', fix: 'rewrite', hint: expect.any(String) });
  });

  it('lists each code with its SPEC action and its fix in the rollup', async () => {
    const qa = await everything();
    const rollup = (qa.data as { rollup: Array<{ code: string; action: string; fix: string }> }).rollup;
    expect(rollup).toContainEqual(expect.objectContaining({ code: 'unresolved_placeholder', action: 'rescore', fix: 'rewrite' }));
    expect(rollup).toContainEqual(expect.objectContaining({ code: 'wrong_recipient_name', action: 'human_review', fix: 'human_review' }));
  });

  it('maps every code of /qa-codes to a SPEC action, rewrite-fixable codes to rescore, and lists only SPEC actions', async () => {
    const body = (await read('/qa-codes', 'list_qa_codes', {})).data as {
      hard_fail_codes: Array<{ code: string; action: string; fix: string }>;
      flags: Array<{ code: string; action: string; fix: string }>;
      actions: Array<{ action: string }>;
      fixes: Array<{ fix: string; meaning: string }>;
    };
    expect(body.actions.map((a) => a.action).sort()).toEqual([...SPEC_ACTIONS].sort());
    for (const c of [...body.hard_fail_codes, ...body.flags]) {
      expect(SPEC_ACTIONS, c.code).toContain(c.action);
      expect(c.action, c.code).toBe(c.fix === 'rewrite' ? 'rescore' : 'human_review');
    }
    expect(body.hard_fail_codes.filter((c) => c.fix === 'rewrite').length).toBeGreaterThan(body.hard_fail_codes.length / 2);
    expect(body.fixes.map((f) => f.fix).sort()).toEqual(['human_review', 'none', 'rescore', 'rewrite']);
    for (const f of body.fixes) expect(f.meaning.trim().length).toBeGreaterThan(0);
  });

  it('after 22 days: a draft too old to send is rescore with fix rewrite, and still only SPEC actions', async () => {
    w.clock.advance(22 * DAY);
    const qa = await everything();
    const messages = (qa.data as { messages: Msg[] }).messages.filter((m) => !m.sent);
    expect(messages.length).toBeGreaterThan(0);
    for (const m of messages) expect(m.fix_hints).toContainEqual({ code: 'too_old', action: 'rescore', fix: 'rewrite', hint: expect.any(String) });
    await speaker(planted.speaker_id);
    for (const a of seen) expect(SPEC_ACTIONS, String(a)).toContain(a);
  });
});
