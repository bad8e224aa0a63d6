/**
 * request_rewrite when the campaign's model vendor fails after its retries: the call
 * answers the envelope's tool_error with 422 and names the vendor's failure, over HTTP
 * and MCP alike, never the 500 of an unexpected fault; the drafts stay as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackModelEnv, startModelServer, type LoopbackModelServer } from '../../src/engine/loopback/server.js';
import { makePipelineWorld, type PipelineWorld } from '../support/pipeline.js';

describe('request_rewrite against a model vendor that fails', () => {
  let server: LoopbackModelServer;
  let w: PipelineWorld;
  let ask: { campaign_id: string; instruction: string; speaker_ids: string[] };
  const texts = async () =>
    (
      await w.instance.db
        .selectFrom('messages')
        .select(['id', 'content'])
        .where('speaker_id', '=', ask.speaker_ids[0] as string)
        .orderBy('slot')
        .execute()
    ).map((m) => m.content);

  beforeAll(async () => {
    server = await startModelServer();
    w = await makePipelineWorld({
      ...loopbackModelEnv(server, 'llama3.1'),
      GREENROOM_MODEL_PROVIDER: 'openai_compatible',
      GREENROOM_MODEL_ATTEMPTS: '1',
      GREENROOM_MISTRAL_API_KEY: '',
    });
    const created = await w.post('/campaigns', { name: 'Vendor down', conference_url: w.urls.sessionize, auto_start: true });
    const campaignId = created.body.data.campaign_id as string;
    await w.scheduler.drain();
    const drafted = await w.instance.db
      .selectFrom('messages')
      .innerJoin('speakers', 'speakers.id', 'messages.speaker_id')
      .select('speakers.id')
      .where('speakers.campaign_id', '=', campaignId)
      .executeTakeFirstOrThrow();
    ask = { campaign_id: campaignId, instruction: 'make it shorter', speaker_ids: [drafted.id] };
  });
  afterAll(async () => {
    await w?.close();
    await server?.close();
  });

  it('answers 422 tool_error over HTTP, naming the vendor failure, and keeps the drafts', async () => {
    const before = await texts();
    server.fail({ kind: 'status', status: 500, message: 'model crashed' }, { times: 1, stage: 'rewrite' });
    const res = await w.post(`/campaigns/${ask.campaign_id}/rewrites`, { instruction: ask.instruction, speaker_ids: ask.speaker_ids });
    expect(res.status).toBe(422);
    expect(res.body.error?.code).toBe('tool_error');
    expect(res.body.error?.message).toMatch(/^The model vendor failed: openai_compatible llama3\.1 \(rewrite\): .*500/);
    expect(await texts()).toEqual(before);
  });

  it('answers tool_error over MCP with the same message', async () => {
    server.fail({ kind: 'status', status: 500, message: 'model crashed' }, { times: 1, stage: 'rewrite' });
    const res = await w.tool('request_rewrite', ask);
    expect(res.ok).toBe(false);
    expect(res.error?.code).toBe('tool_error');
    expect(res.error?.message).toMatch(/^The model vendor failed: openai_compatible llama3\.1 \(rewrite\): .*500/);
  });

  it('rewrites once the vendor answers again', async () => {
    const res = await w.tool('request_rewrite', ask);
    expect(res.ok).toBe(true);
    expect(res.data.results.length).toBeGreaterThan(0);
  });
});
