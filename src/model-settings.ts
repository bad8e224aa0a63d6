import { z } from 'zod';

/**
 * Model provider settings. src/config.ts stays the only reader of the environment: it
 * merges `ModelEnv` into its schema and hands the parsed values to `modelSettingsFrom`.
 */

/** The six vendors, in the order used wherever a default list is needed (DESIGN). */
export const VENDOR_IDS = ['openai', 'xai', 'anthropic', 'google', 'mistral', 'openai_compatible'] as const;
export type VendorId = (typeof VENDOR_IDS)[number];
export const PROVIDER_IDS = ['offline', ...VENDOR_IDS] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** Stages a model can serve. Enrichment stays with the rules: a model without a browser can only guess links. */
export const MODEL_STAGES = ['prequalify', 'qualify', 'research', 'draft', 'rewrite'] as const;
export type ModelStage = (typeof MODEL_STAGES)[number];

export interface VendorSettings {
  apiKey: string | undefined;
  baseUrl: string | undefined;
}

/** Per stage: the rules engine whatever the provider, or a model id per vendor (else the vendor's default). */
export interface StageChoice {
  offline: boolean;
  models: Partial<Record<VendorId, string>>;
}

export interface ModelPrice {
  /** USD per million input tokens. */
  input: number;
  /** USD per million output tokens. */
  output: number;
}

export interface ModelSettings {
  provider: ProviderId;
  vendors: Readonly<Record<VendorId, VendorSettings>>;
  /** The model an OpenAI-compatible server serves; it has no default that could be right. */
  compatibleModel: string | undefined;
  stages: Readonly<Record<ModelStage, StageChoice>>;
  concurrency: number;
  /** Requests per minute per provider; 0 for no cap. */
  rpm: number;
  timeoutMs: number;
  attempts: number;
  retryBaseMs: number;
  /** A Retry-After longer than this fails the call instead of holding the queue. */
  retryMaxMs: number;
  prices: Readonly<Record<string, ModelPrice>>;
  /** compare_models takes no new item after this long (SPEC part 8: 40 s). */
  compareBudgetMs: number;
}

const intFrom = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);
const opt = z.string().trim().optional();
const url = z.url().optional();

const STAGE_LIST = /^(offline|([a-z_]+=[^,=\s]+)(,[a-z_]+=[^,=\s]+)*)?$/;
const stageList = (name: string, def = '') =>
  z
    .string()
    .trim()
    .regex(STAGE_LIST, `${name} must be "offline" or a list like "openai=gpt-4.1,anthropic=claude-sonnet-4-5"`)
    .refine(
      (v) => v === '' || v === 'offline' || v.split(',').every((e) => (VENDOR_IDS as readonly string[]).includes(e.split('=')[0] as string)),
      `${name} names an unknown provider; known: ${VENDOR_IDS.join(', ')}`,
    )
    .default(def);

const PRICE_LIST = /^([^,=\s]+=\d+(\.\d+)?\/\d+(\.\d+)?)(,[^,=\s]+=\d+(\.\d+)?\/\d+(\.\d+)?)*$|^$/;

export const ModelEnv = {
  GREENROOM_MODEL_PROVIDER: z.enum(PROVIDER_IDS).default('offline'),
  GREENROOM_OPENAI_API_KEY: opt,
  GREENROOM_OPENAI_BASE_URL: url,
  GREENROOM_XAI_API_KEY: opt,
  GREENROOM_XAI_BASE_URL: url,
  GREENROOM_ANTHROPIC_API_KEY: opt,
  GREENROOM_ANTHROPIC_BASE_URL: url,
  GREENROOM_GOOGLE_API_KEY: opt,
  GREENROOM_GOOGLE_BASE_URL: url,
  GREENROOM_MISTRAL_API_KEY: opt,
  GREENROOM_MISTRAL_BASE_URL: url,
  GREENROOM_OPENAI_COMPATIBLE_URL: url,
  GREENROOM_OPENAI_COMPATIBLE_API_KEY: opt,
  GREENROOM_OPENAI_COMPATIBLE_MODEL: opt,
  GREENROOM_MODEL_PREQUALIFY: stageList('GREENROOM_MODEL_PREQUALIFY', 'offline'),
  GREENROOM_MODEL_QUALIFY: stageList('GREENROOM_MODEL_QUALIFY'),
  GREENROOM_MODEL_RESEARCH: stageList('GREENROOM_MODEL_RESEARCH'),
  GREENROOM_MODEL_DRAFT: stageList('GREENROOM_MODEL_DRAFT'),
  GREENROOM_MODEL_REWRITE: stageList('GREENROOM_MODEL_REWRITE'),
  GREENROOM_MODEL_CONCURRENCY: intFrom(5, 1),
  GREENROOM_MODEL_RPM: intFrom(0),
  GREENROOM_MODEL_TIMEOUT_MS: intFrom(60_000, 100),
  GREENROOM_MODEL_ATTEMPTS: intFrom(3, 1),
  GREENROOM_MODEL_RETRY_BASE_MS: intFrom(1000, 0),
  GREENROOM_MODEL_RETRY_MAX_MS: intFrom(60_000, 0),
  GREENROOM_COMPARE_BUDGET_MS: intFrom(40_000, 1),
  GREENROOM_MODEL_PRICES: z
    .string()
    .trim()
    .regex(PRICE_LIST, 'GREENROOM_MODEL_PRICES must be a list like "gpt-4.1=2/8,llama3.1=0/0" (USD per million input/output tokens)')
    .default(''),
};

type Parsed = z.output<z.ZodObject<typeof ModelEnv>>;

const ENV_PREFIX: Record<VendorId, string> = {
  openai: 'OPENAI',
  xai: 'XAI',
  anthropic: 'ANTHROPIC',
  google: 'GOOGLE',
  mistral: 'MISTRAL',
  openai_compatible: 'OPENAI_COMPATIBLE',
};

export function modelSettingsFrom(e: Parsed): ModelSettings {
  const vendors = {} as Record<VendorId, VendorSettings>;
  for (const id of VENDOR_IDS) {
    const p = ENV_PREFIX[id];
    const key = e[`GREENROOM_${p}_API_KEY` as keyof Parsed] as string | undefined;
    const base = id === 'openai_compatible' ? e.GREENROOM_OPENAI_COMPATIBLE_URL : (e[`GREENROOM_${p}_BASE_URL` as keyof Parsed] as string | undefined);
    vendors[id] = Object.freeze({ apiKey: key || undefined, baseUrl: base?.replace(/\/$/, '') });
  }
  const stages = {} as Record<ModelStage, StageChoice>;
  for (const stage of MODEL_STAGES) stages[stage] = parseStage(e[`GREENROOM_MODEL_${stage.toUpperCase()}` as keyof Parsed] as string);
  return Object.freeze({
    provider: e.GREENROOM_MODEL_PROVIDER,
    vendors: Object.freeze(vendors),
    compatibleModel: e.GREENROOM_OPENAI_COMPATIBLE_MODEL || undefined,
    stages: Object.freeze(stages),
    concurrency: e.GREENROOM_MODEL_CONCURRENCY,
    rpm: e.GREENROOM_MODEL_RPM,
    timeoutMs: e.GREENROOM_MODEL_TIMEOUT_MS,
    attempts: e.GREENROOM_MODEL_ATTEMPTS,
    retryBaseMs: e.GREENROOM_MODEL_RETRY_BASE_MS,
    retryMaxMs: e.GREENROOM_MODEL_RETRY_MAX_MS,
    prices: Object.freeze(parsePrices(e.GREENROOM_MODEL_PRICES)),
    compareBudgetMs: e.GREENROOM_COMPARE_BUDGET_MS,
  });
}

function parseStage(v: string): StageChoice {
  if (v === 'offline') return { offline: true, models: {} };
  const models: Partial<Record<VendorId, string>> = {};
  for (const entry of v.split(',').filter(Boolean)) {
    const [provider, model] = entry.split('=') as [VendorId, string];
    models[provider] = model;
  }
  return { offline: false, models };
}

function parsePrices(v: string): Record<string, ModelPrice> {
  const out: Record<string, ModelPrice> = {};
  for (const entry of v.split(',').filter(Boolean)) {
    const [model, pair] = entry.split('=') as [string, string];
    const [input, output] = pair.split('/').map(Number) as [number, number];
    out[model] = { input, output };
  }
  return out;
}
