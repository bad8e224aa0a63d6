import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { requireCampaign } from '../src/core/campaigns.js';
import { runStatus } from '../src/core/run-view.js';
import { uuid } from '../schemas/fields.js';
import { RunStatus } from '../schemas/run.js';

export default defineTool({
  name: 'get_run_status',
  title: 'Run status',
  description:
    'Returns the latest run of a campaign (stage, status queued/running/paused/done/failed, progress, error, warning; pause says why a paused run stopped and how many speakers are drafted and waiting; failures summarises, per stage, the speakers whose model step failed, failed and retried calls, HTTP 429s and the last error of the provider; a stage whose every call failed ends the run failed; lease_wait says when part of an active run waits for the lease of a worker that stopped, as after a crash, and for how long), live counts of speakers, drafts and research signals, and the scrape status of each conference URL. While a run is active, poll no faster than poll_after_seconds.',
  kind: 'read',
  http: { method: 'GET', path: '/campaigns/{campaign_id}/runs/latest' },
  input: z.strictObject({ campaign_id: uuid }),
  output: RunStatus,
  handler: async (input, ctx) => {
    await requireCampaign(ctx, input.campaign_id);
    return runStatus(ctx, input.campaign_id);
  },
});
