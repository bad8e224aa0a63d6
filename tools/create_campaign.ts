import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { assertProviderReady, assertPublicUrl, createPreview, insertCampaign } from '../src/core/campaigns.js';
import { getBalance } from '../src/core/credits.js';
import { CostPreview, dryRun, httpsUrl, IcpPatch } from '../schemas/fields.js';
import { queueRun } from '../src/core/runs.js';
import type { CampaignRow, RunRow } from '../db/types.js';
import type { Db } from '../db/index.js';
import { PROVIDER_IDS } from '../src/model-settings.js';
import { ToolError } from '../src/errors.js';

export default defineTool({
  name: 'create_campaign',
  title: 'Create campaign',
  description:
    'Creates a campaign seeded with the ICP, style memory and sender defaults of your profile; fields you pass override them ' +
    "(icp takes the lists of update_campaign: each list you send replaces the profile's). " +
    'Optionally attaches one public https conference URL and, with auto_start, starts the pipeline (scraping runs in the background); auto_start without conference_url is refused and nothing is stored (set it later with update_campaign, e.g. for intent leads). ' +
    'push_requires_approval: true makes pushes take only sequences a person approved with approve_message. ' +
    'With dry_run=true nothing is created and only cost_preview is returned.',
  kind: 'write',
  http: { method: 'POST', path: '/campaigns' },
  bodyRules: [{ if: { properties: { auto_start: { const: true } }, required: ['auto_start'] }, then: { required: ['conference_url'] } }],
  input: z.strictObject({
    name: z.string().max(200).optional(),
    pitch: z.string().max(2000).optional().describe('What you offer, in a sentence or two'),
    cta: z.string().max(1000).optional().describe('The call to action the last message ends with'),
    your_name: z.string().max(200).optional(),
    your_role: z.string().max(200).optional(),
    your_company: z.string().max(200).optional().describe("Your company, named when you introduce yourself; default the profile's company"),
    tone: z.string().max(80).optional().describe('e.g. friendly, formal, casual'),
    positioning: z.string().max(2000).optional().describe('How you describe what you do, for research and drafts'),
    icp: IcpPatch.optional().describe("Who fits: lists sent here replace the profile's, the others are seeded from it"),
    conference_url: httpsUrl(500).optional().describe('A public https page listing the speakers'),
    auto_start: z.boolean().optional().describe('Start the pipeline right away (needs conference_url); intent imports then queue runs for new leads too'),
    push_requires_approval: z
      .boolean()
      .optional()
      .describe(
        'Pushes take only sequences a person approved, every slot as it now reads (approve_message); default false: every QA-cleared, fresh sequence goes',
      ),
    model_provider: z
      .enum(PROVIDER_IDS)
      .optional()
      .describe(
        'The model vendor this campaign researches and drafts with (offline: the built-in rules); default the instance setting. One without its key or URL is refused',
      ),
    dry_run: dryRun,
  }),
  output: z.object({
    campaign_id: z.string().optional().describe('Absent on a dry run'),
    run_started: z.boolean().optional(),
    run_id: z.string().nullable().optional(),
    cost_preview: CostPreview,
  }),
  handler: async (input, ctx) => {
    const { dry_run, ...fields } = input;
    // Refused before anything is written: a stored auto_start would start runs for later intent imports by surprise.
    if (fields.auto_start && !fields.conference_url) {
      throw new ToolError(
        'invalid_request',
        'auto_start: needs conference_url; nothing was created. Create the campaign without auto_start, add a page with add_conference_url and call start_campaign_run, or set auto_start later with update_campaign',
      );
    }
    const withRun = Boolean(fields.auto_start);
    const preview = createPreview(await getBalance(ctx.db, ctx.principal.userId), withRun);
    if (dry_run) {
      // A dry run still refuses what the real call would refuse.
      if (fields.conference_url) assertPublicUrl(ctx, fields.conference_url, 'conference_url');
      assertProviderReady(ctx, fields.model_provider);
      return { cost_preview: preview };
    }
    // The campaign and its first run are written in one transaction: a failure leaves neither.
    const queued: RunRow[] = [];
    const queue = async (trx: Db, c: CampaignRow) => void queued.push(await queueRun(trx, ctx, c.id));
    const { campaign } = await insertCampaign(ctx, fields, withRun ? queue : undefined);
    const run = queued[0];
    return { campaign_id: campaign.id, run_started: run !== undefined, run_id: run?.id ?? null, cost_preview: preview };
  },
});
