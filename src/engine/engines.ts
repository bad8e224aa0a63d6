import type { CampaignRow } from '../../db/types.js';
import type { Config } from '../config.js';
import { ToolError } from '../errors.js';
import { createOfflineEngine, OFFLINE_ENGINE_ID } from './offline/index.js';
import { createStageEngine, RULES_MODEL } from './router.js';
import { PROVIDER_IDS, type ModelSettings, type ModelStage, type ProviderId, type VendorId } from '../model-settings.js';
import type { CallRecord, EngineStage, ModelProvider, StageEngine, StageRoute } from './types.js';
import type { VendorEngineDeps } from './vendors/engine.js';
import type { VendorLane } from './vendors/lane.js';
import { defaultModel, missingSetting } from './vendors/models.js';

export type CampaignEngineRef = Pick<CampaignRow, 'id' | 'user_id' | 'model_provider'>;

/** The model providers of one process; services carry it, and it alone picks an engine. */
export interface Engines {
  /** The campaign's own provider when it names one, else the instance's GREENROOM_MODEL_PROVIDER. */
  providerFor(campaign: Pick<CampaignRow, 'model_provider'>): ProviderId;
  /**
   * The engine a campaign runs on. Refuses (tool_error) a provider that is unknown or
   * lacks its key or URL, naming the setting.
   */
  forCampaign(campaign: CampaignEngineRef): StageEngine;
  /** What a provider lacks to be used (the setting to set), or null when it is ready. */
  missingSetting(provider: ProviderId): string | null;
  /** A configured vendor's lane (its shared queue), for calls outside a campaign's run. */
  laneFor(vendor: VendorId): LaneCalls;
  /** A vendor's stage calls on chosen models, outside any campaign (compare_models); the caller meters them. */
  vendorEngine(vendor: VendorId, modelFor: (stage: ModelStage) => string): VendorStages;
}

export type VendorStages = Omit<ModelProvider, 'enrich'>;
export type LaneCalls = Pick<VendorLane, 'call'>;

/** Where a campaign engine's model calls are kept (the spend ledger, which lives above the engines). */
export type RecordCalls = (campaign: CampaignEngineRef, calls: CallRecord[]) => Promise<void>;

export function createEngines(config: Config, recordCalls: RecordCalls): Engines {
  const settings = config.models;
  const offline = createOfflineEngine();
  // A vendor's lane, its SDK and the AI SDK are loaded on the first call that names the
  // vendor: a process on the offline engine never loads them.
  const lanes = new Map<VendorId, Promise<VendorLane>>();
  const openLane = (v: VendorId) => {
    let l = lanes.get(v);
    if (!l) lanes.set(v, (l = loadLane(v, settings)));
    return l;
  };
  const lane = (v: VendorId): LaneCalls => ({ call: async (model, prompt, input, meter) => (await openLane(v)).call(model, prompt, input, meter) });
  const providerFor = (c: Pick<CampaignRow, 'model_provider'>): ProviderId => (c.model_provider ?? settings.provider) as ProviderId;
  return {
    providerFor,
    missingSetting: (provider) => (provider === OFFLINE_ENGINE_ID ? null : missingSetting(provider, settings)),
    laneFor: lane,
    vendorEngine: (vendor, modelFor) => vendorStages({ vendor, lane: lane(vendor), modelFor }),
    forCampaign(campaign) {
      const provider = providerFor(campaign);
      if (!(PROVIDER_IDS as readonly string[]).includes(provider)) {
        throw new ToolError('tool_error', `Unknown model provider "${provider}"; known: ${PROVIDER_IDS.join(', ')}`);
      }
      const route = stageRoutes(provider, settings);
      let vendor: VendorStages | null = null;
      if (provider !== OFFLINE_ENGINE_ID) {
        const missing = missingSetting(provider, settings);
        if (missing) throw new ToolError('tool_error', `Model provider ${provider} is not configured: ${missing}`);
        vendor = vendorStages({ vendor: provider, lane: lane(provider), modelFor: (stage) => route(stage).model });
      }
      return createStageEngine({
        id: provider,
        offline,
        vendor,
        route,
        store: (calls) => recordCalls(campaign, calls),
      });
    },
  };
}

async function loadLane(vendor: VendorId, settings: ModelSettings): Promise<VendorLane> {
  const [{ VendorLane }, { vendorModels }] = await Promise.all([import('./vendors/lane.js'), import('./vendors/providers.js')]);
  return new VendorLane(vendor, settings, await vendorModels(vendor, settings));
}

/** A vendor's stage calls, its adapter (prompts and their schemas) loaded on the first call. */
function vendorStages(d: VendorEngineDeps): VendorStages {
  let engine: Promise<VendorStages> | undefined;
  const load = () => (engine ??= import('./vendors/engine.js').then((m) => m.createVendorEngine(d)));
  return {
    id: d.vendor,
    prequalify: async (...a) => (await load()).prequalify(...a),
    qualify: async (...a) => (await load()).qualify(...a),
    research: async (...a) => (await load()).research(...a),
    draft: async (...a) => (await load()).draft(...a),
    rewrite: async (...a) => (await load()).rewrite(...a),
  };
}

/** Where each stage runs for a provider: enrichment and stages set to "offline" stay on the rules. */
export function stageRoutes(provider: ProviderId, settings: ModelSettings): (stage: EngineStage) => StageRoute {
  const rules: StageRoute = { provider: OFFLINE_ENGINE_ID, model: RULES_MODEL };
  return (stage) => {
    if (provider === OFFLINE_ENGINE_ID || stage === 'enrich') return rules;
    const choice = settings.stages[stage];
    if (choice.offline) return rules;
    const model = choice.models[provider] ?? defaultModel(provider, stage, settings);
    return model ? { provider, model } : rules;
  };
}
