/**
 * A speaker whose model step failed (prequalify, qualify or research) shows the failure
 * in its dossier, and the next run retries it from that step: a vendor that fails once
 * and then answers leaves every speaker processed, none researched or drafted out of turn.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackModelEnv, startModelServer, type LoopbackModelServer } from '../../src/engine/loopback/server.js';
import { makePipelineWorld, type PipelineWorld } from '../support/pipeline.js';

describe('retrying speakers whose model step failed', () => {
  let server: LoopbackModelServer;
  let w: PipelineWorld;
  let campaignId: string;
  const failing: Record<'prequalify' | 'qualify' | 'research', string> = { prequalify: '', qualify: '', research: '' };
  const idOf = async (name: string) =>
    (await w.instance.db.selectFrom('speakers').select('id').where('campaign_id', '=', campaignId).where('name', '=', name).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    server = await startModelServer();
    const model = 'openai_compatible=llama3.1';
    w = await makePipelineWorld({
      ...loopbackModelEnv(server, 'llama3.1'),
      GREENROOM_MODEL_PROVIDER: 'openai_compatible',
      GREENROOM_MODEL_PREQUALIFY: model,
      GREENROOM_MODEL_ATTEMPTS: '1',
      GREENROOM_MODEL_PRICES: 'llama3.1=0.5/1.5',
    });
    const fits = w.people
      .slice(0, 16)
      .filter((p) => /CTO|VP|Head|Director/.test(p.title))
      .map((p) => `${p.first} ${p.last}`);
    [failing.prequalify, failing.qualify, failing.research] = fits as [string, string, string];
    for (const stage of ['prequalify', 'qualify', 'research'] as const) {
      server.fail({ kind: 'status', status: 503, message: `${stage} is down` }, { stage, when: (ask) => ask.input.speaker?.name === failing[stage] });
    }
    const created = await w.post('/campaigns', { name: 'RetryConf', conference_url: w.urls.sessionize, auto_start: true });
    campaignId = created.body.data.campaign_id;
    await w.scheduler.drain();
  });
  afterAll(async () => {
    await w.close();
    await server.close();
  });

  it('shows the failed stage and reason in the dossier, over HTTP and MCP, and leaves the rest of the run alone', async () => {
    expect((await w.tool('get_run_status', { campaign_id: campaignId })).data.run).toMatchObject({ status: 'done' });
    for (const stage of ['prequalify', 'qualify', 'research'] as const) {
      const id = await idOf(failing[stage]);
      const viaHttp = await w.get(`/speakers/${id}`);
      expect(viaHttp.body.data.model_error).toEqual({
        stage,
        message: expect.stringMatching(new RegExp(`openai_compatible llama3\\.1 \\(${stage}\\): HTTP 503.*${stage} is down`)),
      });
      const viaMcp = await w.tool('get_speaker_dossier', { speaker_id: id });
      expect(viaMcp.data.model_error).toEqual(viaHttp.body.data.model_error);
      expect(viaMcp.data.messages).toEqual([]);
    }
    const q = await w.tool('get_speaker_dossier', { speaker_id: await idOf(failing.qualify) });
    expect(q.data).toMatchObject({ fit_score: null, qualified: null, stage: 'done' });
    const r = await w.tool('get_speaker_dossier', { speaker_id: await idOf(failing.research) });
    expect(r.data).toMatchObject({ qualified: true, research: { signals: [], researched_at: null } });
    const others = await w.instance.db
      .selectFrom('speakers')
      .select('model_error')
      .where('campaign_id', '=', campaignId)
      .where('model_error', 'is not', null)
      .execute();
    expect(others).toHaveLength(3);
  });

  it('counts the retries in the next run preview, and the next run retries each from its failed step', async () => {
    const preview = (await w.tool('start_campaign_run', { campaign_id: campaignId, dry_run: true })).data.cost_preview;
    // prequalify 1, enrich 1 (the speaker that failed prequalify was never enriched), qualify 2, research 3, draft up to 3.
    expect(preview.model_calls).toBe(1 + 1 + 2 + 3 + 3);
    const before = server.requests.length;
    expect((await w.tool('start_campaign_run', { campaign_id: campaignId })).data.created).toBe(true);
    await w.scheduler.drain();
    const asked = server.requests.slice(before).map((q) => `${q.ask?.stage}:${q.ask?.input.speaker?.name}`);
    expect(asked).toContain(`prequalify:${failing.prequalify}`);
    expect(asked).toContain(`qualify:${failing.qualify}`);
    // The research that failed is done again before that speaker is drafted, never skipped.
    const research = asked.indexOf(`research:${failing.research}`);
    expect(research).toBeGreaterThanOrEqual(0);
    expect(asked.indexOf(`draft:${failing.research}`)).toBeGreaterThan(research);
    for (const name of Object.values(failing)) {
      const d = (await w.tool('get_speaker_dossier', { speaker_id: await idOf(name) })).data;
      expect(d.model_error, name).toBeNull();
      expect(d.prequalify_verdict, name).not.toBeNull();
    }
    const researched = (await w.tool('get_speaker_dossier', { speaker_id: await idOf(failing.research) })).data;
    expect(researched.research.researched_at).not.toBeNull();
    expect(researched.messages).toHaveLength(3);
    // Nobody else was asked about again.
    const names = new Set(server.requests.slice(before).map((q) => q.ask?.input.speaker?.name));
    expect([...names].every((n) => Object.values(failing).includes(n as string))).toBe(true);
  });
});
