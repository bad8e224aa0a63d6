/**
 * request_rewrite on the built-in engine says, per message, which parts of the instruction
 * it followed and which not, and why: over HTTP and MCP, with the output schema checked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftedWorld, slotsOf } from '../support/drafts.js';
import type { PipelineWorld } from '../support/pipeline.js';
import tool from '../../tools/request_rewrite.js';

interface Note {
  request: string;
  status: 'applied' | 'not_applied' | 'approximated';
  note: string;
}
interface Result {
  message_id: string;
  slot: number;
  outcome: string;
  instruction_notes: Note[] | null;
}

describe('request_rewrite: what became of the instruction', () => {
  let w: PipelineWorld;
  let campaignId: string;
  let clean: string[];

  beforeAll(async () => {
    ({ w, campaignId, clean } = await draftedWorld());
    expect(clean.length).toBeGreaterThanOrEqual(3);
  });
  afterAll(() => w.close());

  it('in German, over HTTP: every slot comes back unchanged, and each result says the language was not written and why', async () => {
    const before = (await slotsOf(w, clean[0] as string)).map((m) => m.content);
    const h = await w.post(`/campaigns/${campaignId}/rewrites`, { instruction: 'in German', speaker_ids: [clean[0]] });
    expect(h.status).toBe(200);
    expect(tool.output.strict().safeParse(h.body.data).success).toBe(true);
    expect(h.body.data).toMatchObject({ rewritten: 0, unchanged: 3 });
    for (const r of h.body.data.results as Result[]) {
      expect(r.outcome).toBe('unchanged');
      expect(r.instruction_notes).toEqual([
        {
          request: 'in German',
          status: 'not_applied',
          note: expect.stringMatching(/^The offline engine writes English only, so the text was not put into German\./),
        },
      ]);
    }
    expect((await slotsOf(w, clean[0] as string)).map((m) => m.content)).toEqual(before);
  });

  it('make it shorter and drop the question, over MCP: the follow-ups lose the question; the last message keeps its call to action and says so', async () => {
    // A speaker whose first follow-up asks something (not every follow-up does).
    const drafts = await Promise.all(clean.map(async (id) => ({ id, slots: await slotsOf(w, id) })));
    const asking = drafts.find((d) => d.slots[1]?.content.includes('?'))?.id as string;
    expect(asking).toBeDefined();
    const r = await w.tool('request_rewrite', { campaign_id: campaignId, instruction: 'make it shorter and drop the question', speaker_ids: [asking] });
    expect(r.ok).toBe(true);
    expect(tool.output.strict().safeParse(r.data).success).toBe(true);
    const bySlot = new Map((r.data.results as Result[]).map((x) => [x.slot, x]));
    for (const slot of [1, 2, 3]) expect(bySlot.get(slot)?.instruction_notes?.map((n) => n.request)).toEqual(['make it shorter', 'drop the question']);
    expect(bySlot.get(2)?.instruction_notes?.[1]).toMatchObject({ status: 'applied', note: 'The question was dropped.' });
    expect(bySlot.get(3)?.instruction_notes?.[1]).toMatchObject({ status: 'not_applied', note: expect.stringMatching(/it is the call to action/) });
    const stored = await slotsOf(w, asking);
    const slot3 = bySlot.get(3) as Result;
    if (slot3.outcome === 'rewritten') expect(stored[2]?.content).toMatch(/\?/);
    if (bySlot.get(2)?.outcome === 'rewritten') expect(stored[1]?.content).not.toMatch(/\?/);
  });

  it('mention a topic nobody found: not applied, naming the speaker and the reason', async () => {
    const r = await w.tool('request_rewrite', { campaign_id: campaignId, instruction: 'mention their sailing trophies', speaker_ids: [clean[2]] });
    const name = (await slotsOf(w, clean[2] as string))[0]?.speaker_name as string;
    for (const x of r.data.results as Result[]) {
      expect(x.outcome).toBe('unchanged');
      expect(x.instruction_notes).toEqual([
        {
          request: 'mention their sailing trophies',
          status: 'not_applied',
          note: `Nothing found about ${name} mentions sailing trophies, and a message states only what the research found.`,
        },
      ]);
    }
  });
});
