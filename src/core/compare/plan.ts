import type { CampaignRow } from '../../../db/types.js';
import type { Ctx } from '../../context.js';
import { ToolError } from '../../errors.js';
import { VENDOR_IDS, type ModelStage, type VendorId } from '../../model-settings.js';
import { defaultModel } from '../../engine/vendors/models.js';
import { requireCampaign } from '../campaigns.js';
import { getUser } from '../users.js';
import { CAMPAIGN_RULE, FIELD_MODES, MAX_COST_USD, MODE_LIMITS, SIGNAL_SOURCES, type CompareArgs, type CompareMode, type SignalSource } from './input.js';

/** A call compare_models makes: a pipeline stage, or one of its own tasks. */
export type CompareStage = 'prequalify' | 'qualify' | 'research' | 'draft' | 'judge' | 'founder_judge' | 'x_signals';

// Judging and X research run on the model each vendor uses for the stage nearest in kind.
const STAGE_MODEL: Record<CompareStage, ModelStage> = {
  prequalify: 'prequalify',
  qualify: 'qualify',
  research: 'research',
  draft: 'draft',
  judge: 'draft',
  founder_judge: 'draft',
  x_signals: 'research',
};

export interface Writer {
  provider: VendorId;
  model: string;
}

/** compare_models' arguments, checked and with every default filled in. */
export interface Plan {
  mode: CompareMode;
  offset: number;
  limit: number;
  campaign: CampaignRow | null;
  providers: VendorId[];
  judge: boolean;
  judgeProvider: VendorId | null;
  judgeModel: string | null;
  writers: Writer[];
  sources: SignalSource[];
  target: 'speakers' | 'event';
  judgeContext: 'message' | 'full';
  includeBaselines: boolean;
  recipe: Record<string, unknown> | null;
  speakerIds: string[] | null;
  extras: NonNullable<CompareArgs['extra_candidates']>;
  capUsd: number;
  budgetMs: number;
  dryRun: boolean;
  modelFor(provider: VendorId, stage: CompareStage): string;
}

const refuse = (message: string) => new ToolError('invalid_request', message);
// What this instance lacks (a key, a second vendor) is no fault of the request: it is refused as tool_error.
const unable = (message: string) => new ToolError('tool_error', message);

/** Owner only: it spends the instance's vendor keys on benchmarks, not on any campaign's work. */
export async function requireOwner(ctx: Ctx): Promise<void> {
  const user = await getUser(ctx.db, ctx.principal.userId);
  if (user.role !== 'owner') throw new ToolError('forbidden_scope', 'compare_models is for the instance owner only');
}

export async function planOf(ctx: Ctx, a: CompareArgs): Promise<Plan> {
  const mode = a.mode ?? 'fixtures';
  checkFields(mode, a);
  const limits = MODE_LIMITS[mode];
  if (a.limit !== undefined && a.limit > limits.max) throw refuse(`limit: at most ${limits.max} in ${mode} mode`);
  const campaign = await campaignFor(ctx, mode, a.campaign_id);
  const settings = ctx.config.models;
  const modelFor = (p: VendorId, stage: CompareStage): string => {
    const ms = STAGE_MODEL[stage];
    return a.models?.[p] ?? settings.stages[ms].models[p] ?? defaultModel(p, ms, settings) ?? '';
  };
  const configured = (p: VendorId) => ctx.engines.missingSetting(p) === null && modelFor(p, 'draft') !== '';
  const providers = a.providers ?? VENDOR_IDS.filter(configured).slice(0, 2);
  if (new Set(providers).size !== providers.length) throw refuse('providers: each provider at most once');
  if (mode === 'x_signals' && providers.length < 2)
    throw (a.providers ? refuse : unable)('x_signals uses the second provider: name two providers, or configure two');
  const judgeProvider = a.judge_provider ?? providers[0] ?? null;
  const named = a.writers ?? providers.map((p) => ({ provider: p, model: modelFor(p, 'draft') }));
  const writers = named.filter((w, i) => named.findIndex((x) => x.provider === w.provider && x.model === w.model) === i);
  const plan: Plan = {
    mode,
    offset: a.offset ?? 0,
    limit: a.limit ?? limits.def,
    campaign,
    providers,
    judge: a.judge ?? true,
    judgeProvider,
    judgeModel: judgeProvider ? (a.judge_model ?? modelFor(judgeProvider, 'founder_judge')) : null,
    writers,
    sources: a.sources ? [...new Set(a.sources)] : [...SIGNAL_SOURCES],
    target: a.target ?? 'speakers',
    judgeContext: a.judge_context ?? 'message',
    includeBaselines: a.include_baselines ?? true,
    recipe: campaign && a.recipe !== undefined ? checkRecipe(a.recipe, campaign) : null,
    speakerIds: a.speaker_ids ? [...new Set(a.speaker_ids)] : null,
    extras: a.extra_candidates ?? [],
    capUsd: a.max_cost_usd ?? MAX_COST_USD.def,
    budgetMs: settings.compareBudgetMs,
    dryRun: a.dry_run ?? false,
    modelFor,
  };
  // A dry run reports which keys are missing instead of refusing.
  if (!plan.dryRun) requireConfigured(ctx, plan, modelFor);
  return plan;
}

function checkFields(mode: CompareMode, a: CompareArgs): void {
  for (const [field, modes] of Object.entries(FIELD_MODES) as Array<[keyof CompareArgs, readonly CompareMode[]]>) {
    if (a[field] !== undefined && !modes.includes(mode)) throw refuse(`${field} applies to ${modes.join(' and ')} mode only, not ${mode}`);
  }
}

async function campaignFor(ctx: Ctx, mode: CompareMode, id: string | undefined): Promise<CampaignRow | null> {
  const rule = CAMPAIGN_RULE[mode];
  if (rule === 'required' && !id) throw refuse(`campaign_id is required in ${mode} mode`);
  if (rule === 'unused' && id) throw refuse(`campaign_id is not used in ${mode} mode`);
  return id ? requireCampaign(ctx, id) : null;
}

/** The recipe is the founder's for this very campaign: one written for another client or campaign is refused. */
function checkRecipe(recipe: Record<string, unknown>, campaign: CampaignRow): Record<string, unknown> {
  const r = recipe as Record<string, unknown>;
  if (r.client_id !== campaign.user_id || r.campaign_id !== campaign.id) {
    throw unable(`recipe.client_id and recipe.campaign_id must match the campaign (client_id ${campaign.user_id}, campaign_id ${campaign.id})`);
  }
  if (JSON.stringify(r).length > 20_000) throw refuse('recipe: at most 20,000 characters of JSON');
  return r;
}

/** The providers a plan calls. */
export function providersUsed(plan: Plan): VendorId[] {
  const used = new Set<VendorId>(
    plan.mode === 'x_signals' ? plan.providers.slice(1, 2) : plan.mode === 'founder_draft' ? plan.writers.map((w) => w.provider) : plan.providers,
  );
  if ((plan.mode === 'draft' || plan.mode === 'founder_draft') && plan.judge && plan.judgeProvider) used.add(plan.judgeProvider);
  return [...used];
}

function requireConfigured(ctx: Ctx, plan: Plan, modelFor: Plan['modelFor']): void {
  const used = providersUsed(plan);
  // founder_draft with no writers and no judge only scores the baselines: it needs no vendor.
  if (used.length === 0 && plan.mode !== 'founder_draft') {
    throw unable('no model provider is configured: set a vendor key such as GREENROOM_OPENAI_API_KEY (see docs/model-providers.md)');
  }
  for (const p of used) {
    const missing = ctx.engines.missingSetting(p);
    if (missing) throw unable(`provider ${p} is not configured: ${missing}`);
    if (!modelFor(p, 'draft')) throw unable(`provider ${p} has no model: set GREENROOM_OPENAI_COMPATIBLE_MODEL or pass models.${p}`);
  }
}

/** Which providers this instance holds a key (or, for openai_compatible, a URL) for. */
export function keysConfigured(ctx: Ctx): Record<VendorId, boolean> {
  return Object.fromEntries(VENDOR_IDS.map((v) => [v, ctx.engines.missingSetting(v) === null])) as Record<VendorId, boolean>;
}
