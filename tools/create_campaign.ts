import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { assertProviderReady, assertPublicUrl, createPreview, insertCampaign } from '../src/core/campaigns.js';
import { getBalance } from '../src/core/credits.js';
import { CostPreview, dryRun, httpsUrl, IcpPatch } from '../schemas/fields.js';
import { queueRun } from '../src/core/runs.js';
import type { CampaignRow, RunRow } from '../db/types.js';
import type { Db } from '../db/index.js';
import { PROVIDER_IDS } from '../src/engine/settings.js';

export default defineTool({
  name: 'create_campaign',
  title: 'Create campaign',
  description:
    'Creates a campaign seeded with the ICP, style memory and sender defaults of your profile; fields you pass override them ' +
    '(icp takes the lists of update_campaign: each list you send replaces the profile\'s). ' +
    'Optionally attaches one public https conference URL and, with auto_start, starts the pipeline (scraping runs in the background). ' +
    'With dry_run=true nothing is created and only cost_preview is returned.',
  kind: 'write',
  http: { method: 'POST', path: '/campaigns' },
  input: z.strictObject({
    name: z.string().max(200).optional(),
    pitch: z.string().max(2000).optional().describe('What you offer, in a sentence or two'),
    cta: z.string().max(1000).optional().describe('The call to action the last message ends with'),
    your_name: z.string().max(200).optional(),
    your_role: z.string().max(200).optional(),
    your_company: z.string().max(200).optional().describe("Your company, named when you introduce yourself; default the profile's company"),
    tone: z.string().max(80).optional().describe('e.g. friendly, formal, casual'),
    positioning: z.string().max(2000).optional().describe('How you describe what you do, for research and drafts'),
    icp: IcpPatch.optional().describe('Who fits: lists sent here replace the profile\'s, the others are seeded from it'),
    conference_url: httpsUrl(500).optional().describe('A public https page listing the speakers'),
    auto_start: z.boolean().optional().describe('Start the pipeline right away (needs conference_url)'),
    model_provider: z.enum(PROVIDER_IDS).optional().describe('The model vendor this campaign researches and drafts with (offline: the built-in rules); default the instance setting. One without its key or URL is refused'),
    dry_run: dryRun,
  }),
  output: z.object({
    campaign_id: z.string().optional().describe('Absent on a dry run'),
    run_started: z.boolean().optional(),
    run_id: z.string().nullable().optional(),
    run_note: z.string().nullable().optional().describe('Why auto_start started no run, when it did not'),
    cost_preview: CostPreview,
  }),
  handler: async (input, ctx) => {
    const { dry_run, ...fields } = input;
    const withRun = Boolean(fields.auto_start && fields.conference_url);
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
    const runNote = fields.auto_start && !fields.conference_url ? 'auto_start needs a conference_url: add one with add_conference_url, then call start_campaign_run' : null;
    return { campaign_id: campaign.id, run_started: run !== undefined, run_id: run?.id ?? null, run_note: runNote, cost_preview: preview };
  },
});
