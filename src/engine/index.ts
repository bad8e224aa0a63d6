/**
 * Model providers by id. The offline engine is always there; vendor adapters
 * register themselves under their own id and must fulfil the same `ModelProvider`.
 */
import { createOfflineEngine, OFFLINE_ENGINE_ID } from './offline/index.js';
import type { ModelProvider } from './types.js';

export type EngineFactory = () => ModelProvider;

const factories = new Map<string, EngineFactory>([[OFFLINE_ENGINE_ID, () => createOfflineEngine()]]);
const instances = new Map<string, ModelProvider>();

export class UnknownEngineError extends Error {
  constructor(readonly engineId: string) {
    super(`unknown model provider "${engineId}"; known: ${[...factories.keys()].join(', ')}`);
    this.name = 'UnknownEngineError';
  }
}

/** Adds (or replaces) a provider. Replacing drops the cached instance so the next get builds anew. */
export function registerEngine(id: string, factory: EngineFactory): void {
  factories.set(id, factory);
  instances.delete(id);
}

export function engineIds(): string[] {
  return [...factories.keys()];
}

/** The provider with this id, or the offline engine when none is given. */
export function getEngine(id: string = OFFLINE_ENGINE_ID): ModelProvider {
  const cached = instances.get(id);
  if (cached) return cached;
  const factory = factories.get(id);
  if (!factory) throw new UnknownEngineError(id);
  const engine = factory();
  instances.set(id, engine);
  return engine;
}

export { createOfflineEngine, OFFLINE_ENGINE_ID };
export type * from './types.js';
export { SENIORITY_LEVELS, SLOT_LIMITS } from './types.js';
