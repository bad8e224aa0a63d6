import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { requireCampaign } from '../src/core/campaigns.js';
import { targetSpeakers } from '../src/core/drafts.js';
import { rescoreSpeakers } from '../src/core/rescore.js';
import { uuid } from '../schemas/fields.js';

export default defineTool({
  name: 'rescore_drafts',
  title: 'Rescore drafts',
  description:
    'Runs the QA gate again over unsent drafts: those of speaker_ids, the sequences of message_ids, or the whole campaign when neither is given. Returns how many slots ended approvable, hard-failed, needing a person or scoring low.',
  kind: 'write',
  http: { method: 'POST', path: '/campaigns/{campaign_id}/rescores' },
  hints: { idempotentHint: true },
  input: z.strictObject({
    campaign_id: uuid,
    speaker_ids: z.array(uuid).min(1).max(1000).optional(),
    message_ids: z.array(uuid).min(1).max(1000).optional(),
  }),
  output: z.object({
    speakers: z.number().int(),
    outcomes: z.object({
      approvable: z.number().int(),
      hard_fail: z.number().int(),
      needs_human: z.number().int(),
      low_score: z.number().int(),
      sent: z.number().int(),
    }),
  }),
  handler: async (input, ctx) => {
    const campaign = await requireCampaign(ctx, input.campaign_id);
    const ids = await targetSpeakers(ctx, input.campaign_id, input);
    return { speakers: ids.length, outcomes: await rescoreSpeakers(ctx, campaign, ids) };
  },
});
