import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { searchSpeakers, speakerSummary } from '../src/core/speakers.js';
import { cursor, limit, pageOf, uuid } from '../schemas/fields.js';
import { SpeakerSummary, Verdict } from '../schemas/speaker.js';

export default defineTool({
  name: 'search_speakers',
  title: 'Search speakers',
  description:
    'Returns a page of speakers across your campaigns, filtered by campaign, name or company (case-insensitive, partial match), prequalify verdict, reply status and selection. Filters run in the query, so has_more is exact.',
  kind: 'read',
  http: { method: 'GET', path: '/speakers' },
  input: z.strictObject({
    campaign_id: uuid.optional(),
    name: z.string().min(1).max(200).optional(),
    company: z.string().min(1).max(200).optional(),
    prequalify_verdict: Verdict.optional(),
    reply_status: z.string().min(1).max(40).optional().describe('replied, booked or no_reply'),
    selected: z.boolean().optional(),
    limit,
    cursor,
  }),
  output: pageOf(SpeakerSummary),
  handler: async (input, ctx) => {
    const page = await searchSpeakers(ctx, input);
    return { ...page, items: page.items.map(speakerSummary) };
  },
});
