import { z } from 'zod';
import { VENDOR_IDS } from '../../model-settings.js';
import { uuid } from '../../../schemas/fields.js';

export const COMPARE_MODES = ['fixtures', 'judge', 'draft', 'x_signals', 'human', 'signals', 'founder', 'founder_draft'] as const;
export type CompareMode = (typeof COMPARE_MODES)[number];

/** Items per call, default and maximum, per mode (SPEC part 4). */
export const MODE_LIMITS: Readonly<Record<CompareMode, { def: number; max: number }>> = Object.freeze({
  fixtures: { def: 12, max: 30 },
  human: { def: 8, max: 30 },
  founder: { def: 10, max: 30 },
  founder_draft: { def: 3, max: 8 },
  signals: { def: 2, max: 5 },
  judge: { def: 4, max: 10 },
  draft: { def: 3, max: 8 },
  x_signals: { def: 3, max: 8 },
});

/** Where each mode reads its items: campaign_id required, optional (narrows), or not used (SPEC part 4). */
export const CAMPAIGN_RULE: Readonly<Record<CompareMode, 'required' | 'optional' | 'unused'>> = Object.freeze({
  fixtures: 'unused',
  judge: 'required',
  draft: 'required',
  x_signals: 'required',
  human: 'optional',
  signals: 'unused',
  founder: 'unused',
  founder_draft: 'required',
});

/** The six places research signals are read from, one research call each in signals mode. */
export const SIGNAL_SOURCES = ['talks', 'bio', 'tagline', 'title', 'company', 'links'] as const;
export type SignalSource = (typeof SIGNAL_SOURCES)[number];

export const MAX_COST_USD = { def: 1.5, max: 5 } as const;

const vendor = z.enum(VENDOR_IDS);
const modelId = z.string().trim().min(1).max(200);
const slotText = z.strictObject({ slot: z.number().int().min(1).max(3), content: z.string().min(1).max(4000) });

export const CompareInput = z.strictObject({
  mode: z.enum(COMPARE_MODES).optional().describe('fixtures (default), judge, draft, x_signals, human, signals, founder, founder_draft'),
  campaign_id: uuid
    .optional()
    .describe('Required for judge, draft, founder_draft and x_signals; optional for human (narrows to one campaign); not used otherwise'),
  providers: z
    .array(vendor)
    .min(1)
    .max(6)
    .optional()
    .describe(
      'Default: the first two configured, in the order openai, xai, anthropic, google, mistral, openai_compatible. The first is the agreement baseline in fixtures; x_signals uses the second',
    ),
  limit: z
    .number()
    .int()
    .min(1)
    .max(30)
    .optional()
    .describe('Items per call; default/max: fixtures 12/30, human 8/30, founder 10/30, founder_draft 3/8, signals 2/5, judge 4/10, draft 3/8, x_signals 3/8'),
  offset: z.number().int().min(0).max(1_000_000).optional().describe('Default 0; page until next_offset is null'),
  judge: z.boolean().optional().describe('draft: false skips the judge call; founder_draft: false skips the founder judge'),
  models: z
    .strictObject(Object.fromEntries(VENDOR_IDS.map((v) => [v, modelId.optional()])) as Record<(typeof VENDOR_IDS)[number], z.ZodOptional<typeof modelId>>)
    .optional()
    .describe('Model id per provider for this call'),
  sources: z.array(z.enum(SIGNAL_SOURCES)).min(1).max(6).optional().describe('signals only; default all six'),
  target: z.enum(['speakers', 'event']).optional().describe('signals only: speakers (default) or event'),
  judge_context: z.enum(['message', 'full']).optional().describe('human only: message (default) or full (use limit 3 to 4 with full)'),
  judge_provider: vendor.optional().describe('draft and founder_draft; default the first provider'),
  judge_model: modelId.optional().describe('founder_draft only'),
  speaker_ids: z.array(uuid).min(1).max(100).optional().describe("founder_draft only; default the campaign's drafted-for speakers"),
  writers: z
    .array(z.strictObject({ provider: vendor, model: modelId }))
    .max(12)
    .optional()
    .describe('founder_draft only; [] means no writer models; default each provider with its draft model'),
  include_baselines: z.boolean().optional().describe("founder_draft only; default true: the stored drafts and the built-in engine's join the candidates"),
  recipe: z
    .record(z.string(), z.unknown())
    .optional()
    .describe("founder_draft only: the founder's rules, any JSON object; its client_id (the campaign owner's user id) and campaign_id must match the campaign"),
  extra_candidates: z
    .array(z.strictObject({ label: z.string().trim().min(1).max(60), speaker_id: uuid.optional(), messages: z.array(slotText).min(1).max(3) }))
    .max(10)
    .optional()
    .describe("founder_draft only: your own sequences to rank beside the writers' (speaker_id limits one to that speaker)"),
  max_cost_usd: z.number().positive().max(MAX_COST_USD.max).optional().describe('Spend cap per provider in USD; default 1.5, max 5'),
  dry_run: z.boolean().optional().describe('Returns the call count, cost_preview and keys_configured; calls nothing'),
});

export type CompareArgs = z.output<typeof CompareInput>;

/** Fields that only some modes read: sending one to another mode is a mistake worth naming. */
export const FIELD_MODES: Readonly<Partial<Record<keyof CompareArgs, readonly CompareMode[]>>> = Object.freeze({
  judge: ['draft', 'founder_draft'],
  sources: ['signals'],
  target: ['signals'],
  judge_context: ['human'],
  judge_provider: ['draft', 'founder_draft'],
  judge_model: ['founder_draft'],
  speaker_ids: ['founder_draft'],
  writers: ['founder_draft'],
  include_baselines: ['founder_draft'],
  recipe: ['founder_draft'],
  extra_candidates: ['founder_draft'],
});

const modeIs = (modes: readonly CompareMode[]) => ({ properties: { mode: { enum: [...modes] } }, required: ['mode'] });
const modesWhere = (pick: (m: CompareMode) => boolean) => COMPARE_MODES.filter(pick);

/**
 * The rules between fields above, as JSON Schema for the OpenAPI request body, so the
 * document refuses what the server refuses: campaign_id per mode, fields only their
 * modes read, the limit maximum per mode, each provider once, two providers for x_signals.
 */
export const COMPARE_BODY_RULES: readonly Record<string, unknown>[] = [
  { if: modeIs(modesWhere((m) => CAMPAIGN_RULE[m] === 'required')), then: { required: ['campaign_id'] } },
  // No mode is fixtures, which takes no campaign either.
  { if: { properties: { mode: { enum: modesWhere((m) => CAMPAIGN_RULE[m] === 'unused') } } }, then: { not: { required: ['campaign_id'] } } },
  ...Object.entries(FIELD_MODES).map(([field, modes]) => ({ if: { required: [field] }, then: modeIs(modes as readonly CompareMode[]) })),
  ...[...new Set(Object.values(MODE_LIMITS).map((l) => l.max))].map((max) => ({
    if: modeIs(modesWhere((m) => MODE_LIMITS[m].max === max)),
    then: { properties: { limit: { maximum: max } } },
  })),
  { properties: { providers: { uniqueItems: true } } },
  { if: modeIs(['x_signals']), then: { properties: { providers: { minItems: 2 } } } },
];
