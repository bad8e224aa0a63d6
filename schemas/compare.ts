import { z } from 'zod';
import { CostPreview } from './fields.js';

const Metric = z.union([z.number(), z.boolean(), z.string(), z.null()]);

export const CompareColumnResult = z.object({
  column: z.string().describe('The provider, or in founder_draft the candidate: provider:model, baseline:stored, baseline:offline, extra:<label>'),
  ok: z.boolean(),
  error: z.string().nullable().describe('The vendor error, after its retries'),
  skipped: z.enum(['cost_cap']).nullable(),
  metrics: z.record(z.string(), Metric),
  detail: z.unknown().optional(),
});

export const CompareItem = z.object({
  index: z.number().int(),
  kind: z.enum(['speaker', 'sequence', 'message', 'event']),
  id: z.string().nullable(),
  label: z.string(),
  results: z.array(CompareColumnResult),
  notes: z.array(z.string()),
});

export const CompareProviderTally = z.object({
  provider: z.string(),
  models: z.array(z.string()),
  calls: z.number().int().describe('Calls made, retries included'),
  failed_calls: z.number().int(),
  errors: z.number().int().describe('Items this provider failed after its retries'),
  error_samples: z.array(z.string()),
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  cost_usd: z
    .number()
    .nullable()
    .describe(
      'Spent in this call; null (unknown) when a model without a price was called, see unpriced_calls. The cap counts such calls at the dearest list price',
    ),
  unpriced_calls: z.number().int().describe('Calls of a model without a price (GREENROOM_MODEL_PRICES)'),
  stopped: z.enum(['cost_cap']).nullable(),
});

export const CompareColumnSummary = z.object({
  column: z.string(),
  items: z.number().int(),
  ok: z.number().int(),
  errors: z.number().int(),
  skipped: z.number().int(),
  metrics: z.record(z.string(), z.number().nullable()).describe('Means of numeric metrics; shares (0 to 1) of yes/no metrics'),
});

export const CompareOutput = z.object({
  mode: z.string(),
  dry_run: z.boolean(),
  providers: z.array(z.string()),
  judge_provider: z.string().nullable(),
  offset: z.number().int(),
  limit: z.number().int(),
  total_items: z.number().int(),
  next_offset: z.number().int().nullable().describe('Pass as offset for the next page; null when done'),
  max_cost_usd: z.number(),
  budget_ms: z.number().int(),
  keys_configured: z.record(z.string(), z.boolean()),
  calls: z.number().int().optional().describe('Dry run: model calls the page would make (at most)'),
  cost_preview: CostPreview.optional(),
  estimated_usd: z
    .array(
      z.object({
        provider: z.string(),
        models: z.array(z.string()),
        calls: z.number().int(),
        usd: z.number().nullable().describe('null: unknown, a model has no price'),
        unpriced_calls: z.number().int(),
      }),
    )
    .optional(),
  items_done: z.number().int().optional(),
  elapsed_ms: z.number().int().optional(),
  stopped: z.enum(['time_budget']).nullable().optional(),
  summary: z.object({ providers: z.array(CompareProviderTally), columns: z.array(CompareColumnSummary) }).optional(),
  items: z.array(CompareItem).optional(),
});
export type CompareOutput = z.input<typeof CompareOutput>;
