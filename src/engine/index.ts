/**
 * Model providers. The offline engine is always there and is the default; vendor
 * adapters (src/engine/vendors) fulfil the same `ModelProvider`. Which one a campaign
 * runs on is chosen by `Engines`, which the services carry: nothing else picks one.
 */
import { createOfflineEngine, OFFLINE_ENGINE_ID } from './offline/index.js';

export { createEngines, stageRoutes, type Engines } from './engines.js';
export { PROVIDER_IDS, VENDOR_IDS, type ProviderId, type VendorId } from '../model-settings.js';
export { createOfflineEngine, OFFLINE_ENGINE_ID };
export type * from './types.js';
export { ModelCallError, SENIORITY_LEVELS, SLOT_LIMITS } from './types.js';
