import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { requireCampaign } from '../src/core/campaigns.js';
import { previewRun, startRun } from '../src/core/runs.js';
import { runView } from '../src/core/run-view.js';
import { CostPreview, dryRun, idempotencyKey, uuid } from '../schemas/fields.js';
import { RunView } from '../schemas/run.js';

export default defineTool({
  name: 'start_campaign_run',
  title: 'Start pipeline run',
  description:
    'Starts the full pipeline (scrape, prequalify, enrich, qualify, research, draft) for a campaign. A queued or running run is returned instead of a second one (created=false). ' +
    'Already-enriched speakers are not billed again. Speakers whose model step failed (model_error in the dossier) are retried from that step. With too few credits nothing starts. dry_run returns only cost_preview. Progress arrives in batches: poll get_run_status every 15-30 s or follow the events stream.',
  kind: 'write',
  http: { method: 'POST', path: '/campaigns/{campaign_id}/runs' },
  hints: { idempotentHint: true, openWorldHint: true },
  input: z.strictObject({ campaign_id: uuid, dry_run: dryRun, idempotency_key: idempotencyKey }),
  output: z.object({
    run: RunView.optional(),
    created: z.boolean().optional().describe('false when an active run was returned'),
    cost_preview: CostPreview,
  }),
  handler: async (input, ctx) => {
    await requireCampaign(ctx, input.campaign_id);
    const cost_preview = await previewRun(ctx, input.campaign_id);
    if (input.dry_run) return { cost_preview };
    const { run, created } = await startRun(ctx, input.campaign_id, cost_preview);
    return { run: await runView(ctx, run), created, cost_preview };
  },
});
