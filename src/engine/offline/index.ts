/**
 * The built-in engine: rules and templates, no network, same input -> same output.
 * It is what a fresh install runs with, and the baseline vendor providers are compared to.
 */
import type { ModelProvider } from '../types.js';
import { draftSlots } from './draft.js';
import { enrichSpeaker } from './enrich.js';
import { prequalifySpeaker } from './prequalify.js';
import { DEFAULT_QUALIFY_THRESHOLD, qualifySpeaker } from './qualify.js';
import { researchSpeaker } from './research.js';
import { rewriteSlot } from './rewrite.js';

export const OFFLINE_ENGINE_ID = 'offline';

export interface OfflineEngineOptions {
  /** Minimum fit score (0-100) for a speaker to count as qualified. */
  qualifyThreshold?: number;
}

export function createOfflineEngine(options: OfflineEngineOptions = {}): ModelProvider {
  const threshold = options.qualifyThreshold ?? DEFAULT_QUALIFY_THRESHOLD;
  return {
    id: OFFLINE_ENGINE_ID,
    prequalify: async (s, c) => prequalifySpeaker(s, c),
    enrich: async (s) => enrichSpeaker(s),
    qualify: async (s, e, p, c) => qualifySpeaker(s, e, p, c, threshold),
    research: async (s, e, c) => researchSpeaker(s, e, c),
    draft: async (s, signals, c) => draftSlots(s, signals, c),
    rewrite: async (input) => rewriteSlot(input),
  };
}

export { DEFAULT_QUALIFY_THRESHOLD };
