import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { requireCampaign } from '../src/core/campaigns.js';
import { targetSpeakers } from '../src/core/drafts.js';
import { rewriteDrafts, rewritePreview } from '../src/core/rewrites.js';
import { CostPreview, dryRun, idempotencyKey, uuid } from '../schemas/fields.js';
import { RewriteResult } from '../schemas/message.js';

export default defineTool({
  name: 'request_rewrite',
  title: 'Rewrite drafts',
  description:
    'Rewrites drafts by an instruction (e.g. a fix hint). Targets: speaker_ids; message_ids (all slots of those speakers); or the whole campaign. Each rewrite passes the same hard-fail QA gate as a fresh draft: one that fails is skipped and not saved (listed with its codes). Sent messages are left alone. Each result says which parts of the instruction were applied and which not, and why (instruction_notes). dry_run returns only cost_preview: no credits; model_calls counts calls to a model vendor, one per unsent slot, and is 0 when the built-in rules rewrite.',
  kind: 'write',
  http: { method: 'POST', path: '/campaigns/{campaign_id}/rewrites' },
  input: z.strictObject({
    campaign_id: uuid,
    instruction: z.string().min(1).max(2000),
    speaker_ids: z.array(uuid).min(1).max(1000).optional(),
    message_ids: z.array(uuid).min(1).max(1000).optional(),
    dry_run: dryRun,
    idempotency_key: idempotencyKey,
  }),
  output: z.object({
    cost_preview: CostPreview,
    rewritten: z.number().int().optional(),
    unchanged: z.number().int().optional(),
    skipped: z.array(RewriteResult).optional().describe('Rewrites that failed the hard-fail gate; the previous text was kept'),
    results: z.array(RewriteResult).optional(),
  }),
  handler: async (input, ctx) => {
    const campaign = await requireCampaign(ctx, input.campaign_id);
    const ids = await targetSpeakers(ctx, input.campaign_id, input);
    const cost_preview = await rewritePreview(ctx, campaign, ids);
    if (input.dry_run) return { cost_preview };
    const results = await rewriteDrafts(ctx, campaign, ids, input.instruction);
    return {
      cost_preview,
      rewritten: results.filter((r) => r.outcome === 'rewritten').length,
      unchanged: results.filter((r) => r.outcome === 'unchanged').length,
      skipped: results.filter((r) => r.outcome === 'skipped'),
      results,
    };
  },
});
