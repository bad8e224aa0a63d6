import type { ModelSettings, ModelStage, VendorId } from '../../model-settings.js';

/**
 * Default models per vendor: a small one for screening and research, the vendor's main
 * writer for drafts and rewrites. GREENROOM_MODEL_<STAGE> overrides per stage.
 */
const DEFAULTS: Record<Exclude<VendorId, 'openai_compatible'>, { small: string; main: string }> = {
  openai: { small: 'gpt-4.1-mini', main: 'gpt-4.1' },
  xai: { small: 'grok-3-mini', main: 'grok-4' },
  anthropic: { small: 'claude-haiku-4-5', main: 'claude-sonnet-4-5' },
  google: { small: 'gemini-2.5-flash', main: 'gemini-2.5-pro' },
  mistral: { small: 'mistral-small-latest', main: 'mistral-medium-latest' },
};

const MAIN_STAGES: ReadonlySet<ModelStage> = new Set(['draft', 'rewrite']);

export function defaultModel(vendor: VendorId, stage: ModelStage, settings: ModelSettings): string | undefined {
  if (vendor === 'openai_compatible') return settings.compatibleModel;
  const d = DEFAULTS[vendor];
  return MAIN_STAGES.has(stage) ? d.main : d.small;
}

/** What a vendor lacks to be used, or null when it is ready. */
export function missingSetting(vendor: VendorId, settings: ModelSettings): string | null {
  const v = settings.vendors[vendor];
  if (vendor === 'openai_compatible') {
    if (!v.baseUrl) return 'GREENROOM_OPENAI_COMPATIBLE_URL is not set';
    const everyStageNamed = (['qualify', 'research', 'draft', 'rewrite', 'prequalify'] as const).every(
      (s) => settings.stages[s].offline || settings.stages[s].models.openai_compatible,
    );
    if (!settings.compatibleModel && !everyStageNamed) return 'GREENROOM_OPENAI_COMPATIBLE_MODEL is not set';
    return null;
  }
  return v.apiKey ? null : `GREENROOM_${vendor.toUpperCase()}_API_KEY is not set`;
}
