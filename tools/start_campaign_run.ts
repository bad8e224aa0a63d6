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
    'Starts the pipeline (scrape, prequalify, enrich, qualify, research, draft) for a campaign; a queued or running run is returned instead of a second (created=false). ' +
    'Speakers go through the paid stages in chunks, best prequalify fit first, so any balance buys finished sequences; max_speakers takes only the best N. ' +
    'Out of credits, the run pauses between chunks (status paused, pause.reason insufficient_credits); add credits and call this again to resume it (resumed=true); resuming also retries pages that failed with a timeout, network error or HTTP 408/425/429/5xx (run.retried_pages). Nothing paid for is charged again. ' +
    'requalify: true judges every speaker not yet drafted again from prequalify against the current ICP (after update_campaign changed it); a paused run gives way to it. ' +
    'Speakers whose model step failed are retried from that step. dry_run reads pages not scraped yet (nothing is written) and returns only cost_preview. Poll get_run_status every 15-30 s or follow the events stream.',
  kind: 'write',
  http: { method: 'POST', path: '/campaigns/{campaign_id}/runs' },
  hints: { idempotentHint: true, openWorldHint: true },
  input: z.strictObject({
    campaign_id: uuid,
    max_speakers: z
      .number()
      .int()
      .min(1)
      .max(100_000)
      .optional()
      .describe("Take only the best N speakers by prequalify fit through the paid stages; all when absent. On a paused run it replaces the run's own."),
    requalify: z
      .boolean()
      .optional()
      .describe(
        'Prequalify and qualify again every speaker not yet drafted, e.g. after the ICP changed; the dry run counts them in cost_preview.requalify_verdicts',
      ),
    dry_run: dryRun,
    idempotency_key: idempotencyKey,
  }),
  output: z.object({
    run: RunView.optional(),
    created: z.boolean().optional().describe('false when an active or paused run was returned'),
    resumed: z.boolean().optional().describe('true when a run paused for credits was resumed'),
    cost_preview: CostPreview,
  }),
  handler: async (input, ctx) => {
    await requireCampaign(ctx, input.campaign_id);
    const cost_preview = await previewRun(ctx, input.campaign_id, {
      maxSpeakers: input.max_speakers,
      readPages: input.dry_run === true,
      requalify: input.requalify,
    });
    if (input.dry_run) return { cost_preview };
    const { run, created, resumed } = await startRun(ctx, input.campaign_id, cost_preview, { maxSpeakers: input.max_speakers, requalify: input.requalify });
    return { run: await runView(ctx, run), created, ...(resumed ? { resumed } : {}), cost_preview };
  },
});
