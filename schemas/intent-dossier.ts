import { z } from 'zod';
import { timestamp } from './fields.js';

// Apart from schemas/intent.ts, which imports the speaker schemas: no import cycle.
export const IntentDossier = z.object({
  headline: z.string().nullable(),
  signals: z.array(
    z.object({
      signal_id: z.string(),
      signal_type: z.enum(['post_reaction', 'post_comment', 'profile_view', 'company_follow', 'job_change', 'event_attendance']),
      url: z.string().nullable(),
      text: z.string().nullable(),
      observed_at: timestamp,
      via: z.enum(['import', 'webhook']),
    }),
  ),
  speaker_in: z
    .array(z.object({ campaign_id: z.string(), campaign_name: z.string(), speaker_id: z.string() }))
    .describe('Campaigns where the same LinkedIn profile is a speaker'),
});
