import type { ModelPrice, ModelSettings } from '../model-settings.js';

/**
 * USD per million tokens, input/output, from the vendors' published list prices for
 * standard (non-batch, short-context) use. A model missing here is recorded with an
 * unknown cost, never as free; local models behind openai_compatible are priced 0 by
 * listing them in GREENROOM_MODEL_PRICES.
 */
export const MODEL_PRICES: Readonly<Record<string, ModelPrice>> = Object.freeze({
  // openai
  'gpt-4.1': { input: 2, output: 8 },
  'gpt-4.1-mini': { input: 0.4, output: 1.6 },
  'gpt-4.1-nano': { input: 0.1, output: 0.4 },
  'gpt-4o': { input: 2.5, output: 10 },
  'gpt-4o-mini': { input: 0.15, output: 0.6 },
  'gpt-5': { input: 1.25, output: 10 },
  'gpt-5-mini': { input: 0.25, output: 2 },
  'gpt-5-nano': { input: 0.05, output: 0.4 },
  // xai
  'grok-4': { input: 3, output: 15 },
  'grok-3': { input: 3, output: 15 },
  'grok-3-mini': { input: 0.3, output: 0.5 },
  // anthropic
  'claude-sonnet-4-5': { input: 3, output: 15 },
  'claude-sonnet-4-0': { input: 3, output: 15 },
  'claude-haiku-4-5': { input: 1, output: 5 },
  'claude-opus-4-1': { input: 15, output: 75 },
  // google
  'gemini-2.5-pro': { input: 1.25, output: 10 },
  'gemini-2.5-flash': { input: 0.3, output: 2.5 },
  'gemini-2.5-flash-lite': { input: 0.1, output: 0.4 },
  // mistral
  'mistral-large-latest': { input: 2, output: 6 },
  'mistral-medium-latest': { input: 0.4, output: 2 },
  'mistral-small-latest': { input: 0.1, output: 0.3 },
  // the rules engine
  rules: { input: 0, output: 0 },
});

export function priceOf(settings: Pick<ModelSettings, 'prices'>, model: string): ModelPrice | null {
  return settings.prices[model] ?? MODEL_PRICES[model] ?? null;
}

export function costUsd(price: ModelPrice | null, inputTokens: number, outputTokens: number): number | null {
  if (!price) return null;
  return (inputTokens * price.input + outputTokens * price.output) / 1_000_000;
}
