/**
 * The run's automatic QA-guided rewrite through a model vendor (a loopback OpenAI-compatible
 * server): a rewrite that clears the gate is kept; one that still fails it is never stored
 * in place of a better first draft. The better of the two is kept and waits for a person,
 * saying why (SPEC part 3 rule 3).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackModelEnv, startModelServer, type LoopbackModelServer } from '../../src/engine/loopback/server.js';
import { rulesAnswer, type ModelAsk } from '../../src/engine/loopback/answer.js';
import { makePipelineWorld, type PipelineWorld } from '../support/pipeline.js';
import type { Draft } from '../support/drafts.js';

const UNGROUNDED = 'Your talk "Scaling Rust at Netflix" was great.';

describe('the automatic rewrite of a run', () => {
  let server: LoopbackModelServer;
  let w: PipelineWorld;
  let campaignId: string;
  /** fixed: the rewrite clears the gate; worse: the rewrite is a stub that fails worse; stuck: the rewrite fails the same way. */
  const names = { fixed: '', worse: '', stuck: '' };
  const firstDrafts = new Map<string, string>();
  const rewrites = new Map<string, string>();

  beforeAll(async () => {
    server = await startModelServer();
    w = await makePipelineWorld({
      ...loopbackModelEnv(server, 'llama3.1'),
      GREENROOM_MODEL_PROVIDER: 'openai_compatible',
      GREENROOM_MODEL_ATTEMPTS: '1',
      GREENROOM_MODEL_PRICES: 'llama3.1=0.5/1.5',
      GREENROOM_MISTRAL_API_KEY: '',
    });
    const [a, b, c] = w.people
      .slice(0, 16)
      .filter((p) => /CTO|VP|Head|Director|Staff|Principal/.test(p.title))
      .map((p) => `${p.first} ${p.last}`);
    Object.assign(names, { fixed: a, worse: b, stuck: c });
    const spoiled = new Set(Object.values(names));
    server.answerWith((ask: ModelAsk) => {
      const out = rulesAnswer(ask) as { messages?: Array<{ slot: number; content: string }>; content?: string };
      const name = ask.input.speaker?.name as string;
      if (ask.stage === 'draft' && spoiled.has(name)) {
        out.messages = out.messages?.map((m) => (m.slot === 2 ? { ...m, content: `${UNGROUNDED} ${m.content}` } : m));
        firstDrafts.set(name, out.messages?.find((m) => m.slot === 2)?.content as string);
      }
      if (ask.stage === 'rewrite') {
        if (name === names.worse) out.content = 'FAKE content {{first_name}}';
        if (name === names.stuck) out.content = `${UNGROUNDED} ${ask.input.content}`;
        rewrites.set(name, out.content as string);
      }
      return out;
    });
    const created = await w.post('/campaigns', { name: 'GateConf', conference_url: w.urls.sessionize, auto_start: true });
    campaignId = created.body.data.campaign_id;
    await w.scheduler.drain();
  });
  afterAll(async () => {
    await w?.close();
    await server?.close();
  });

  const slot2 = async (name: string): Promise<Draft & { bucket: string }> => {
    const qa = (await w.tool('get_draft_qa', { campaign_id: campaignId, limit: 200 })).data;
    const m = qa.messages.find((x: Draft) => x.speaker_name === name && x.slot === 2) as Draft;
    return { ...m, bucket: qa.speakers.find((s: { speaker_id: string }) => s.speaker_id === m.speaker_id).bucket };
  };

  it('asked the vendor for one rewrite of each spoiled slot, and finished the run', async () => {
    expect([...rewrites.keys()].sort()).toEqual(Object.values(names).sort());
    expect((await w.tool('get_run_status', { campaign_id: campaignId })).data.run).toMatchObject({ status: 'done' });
  });

  it('keeps a rewrite that clears the gate, without asking a person', async () => {
    const m = await slot2(names.fixed);
    expect(m.content).toBe(rewrites.get(names.fixed));
    expect(m.hard_fail_codes).toEqual([]);
    expect(m.qa_flags).not.toContain('auto_rewrite_failed');
  });

  it('never stores a rewrite that fails worse: the first draft is kept, waits for a person, and says why', async () => {
    const m = await slot2(names.worse);
    expect(m.content).toBe(firstDrafts.get(names.worse));
    expect(m.content).not.toContain('FAKE');
    expect(m).toMatchObject({ hard_fail_codes: ['ungrounded_claim'], needs_human: true, approvable: false, bucket: 'needs_human' });
    expect(m.qa_reasons).toContainEqual(
      expect.stringMatching(
        /^The automatic rewrite to fix ungrounded_claim still failed the check \(.*unresolved_placeholder.*\): the first draft is kept, and the rewrite was not saved\./,
      ),
    );
    expect(m.fix_hints).toContainEqual({
      code: 'auto_rewrite_failed',
      action: 'human_review',
      fix: 'human_review',
      hint: expect.stringMatching(/edit the message or rewrite it/),
    });
  });

  it('keeps the first draft when the rewrite fails the same way, and routes it to a person', async () => {
    const m = await slot2(names.stuck);
    expect(m.content).toBe(firstDrafts.get(names.stuck));
    expect(m).toMatchObject({ needs_human: true, approvable: false, bucket: 'needs_human' });
    expect(m.hard_fail_codes).toContain('ungrounded_claim');
    expect(m.qa_flags).toContain('auto_rewrite_failed');
  });

  it('lists the flag in the QA code vocabulary, so its action and hint can be looked up', async () => {
    const flags = (await w.tool('list_qa_codes', {})).data.flags.map((f: { code: string }) => f.code);
    expect(flags).toContain('auto_rewrite_failed');
  });
});
