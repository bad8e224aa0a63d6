import { loopbackModelEnv, startModelServer, type LoopbackModelServer } from '../../src/engine/loopback/server.js';
import { makePipelineWorld, type PipelineWorld } from '../support/pipeline.js';
import type { HttpReply } from '../support/clients.js';

export interface CompareWorld extends PipelineWorld {
  models: LoopbackModelServer;
  /** A campaign drafted on the built-in engine: the data judge, draft and the rest compare on. */
  campaignId: string;
  /** compare_models over HTTP. */
  compare(body: Record<string, unknown>): Promise<HttpReply<any>>;
}

/**
 * A pipeline world whose user is the instance owner, every vendor pointed at one
 * loopback model server, and one campaign run to its drafts on the offline engine.
 */
export async function makeCompareWorld(env: Record<string, string> = {}, opts: { latencyMs?: number } = {}): Promise<CompareWorld> {
  const models = await startModelServer({ latencyMs: opts.latencyMs });
  const w = await makePipelineWorld({ ...loopbackModelEnv(models), GREENROOM_MODEL_ATTEMPTS: '1', GREENROOM_MODEL_RETRY_BASE_MS: '10', ...env });
  await w.instance.db.updateTable('users').set({ role: 'owner' }).where('id', '=', w.user.userId).execute();
  const created = await w.post('/campaigns', { name: 'CompareConf', conference_url: w.urls.sessionize, auto_start: true });
  await w.scheduler.drain();
  return {
    ...w,
    models,
    campaignId: created.body.data.campaign_id,
    compare: (body) => w.post('/model-comparisons', body),
    close: async () => {
      await w.close();
      await models.close();
    },
  };
}
