import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { campaignStats } from '../src/core/stats.js';
import { uuid } from '../schemas/fields.js';
import { MIN_SENT_FOR_RATE } from '../src/core/outcomes.js';

export default defineTool({
  name: 'campaign_stats',
  title: 'Campaign funnel',
  description:
    "Returns the funnel of a campaign: speakers scraped, prequalified by verdict, enriched, qualified, drafted, approvable (QA-cleared and ready: the ready_to_send bucket of get_draft_qa, freshness included; no person has to have approved them), approved (a person approved every slot as it now reads, with approve_message), pushed (in a sending tool, queued there: nothing sent yet), sent (at least one message went out: the sending tool reported sending it, or it was recorded with mark_message_sent), accepted (the sending tool reported the connection request accepted), replied and booked, plus how many are excluded and how many the recontact window holds back (held). intent_leads is the same funnel for the campaign's intent leads (imported instead of scraped). by_opening compares reply rates of the openings used and by_slot the replies that followed each slot, where enough were sent; export_campaign_outcomes gives the sequences themselves.",
  kind: 'read',
  http: { method: 'GET', path: '/campaigns/{campaign_id}/stats' },
  input: z.strictObject({ campaign_id: uuid }),
  output: z.object({
    campaign_id: z.string(),
    funnel: z.object({
      scraped: z.number().int(),
      prequalified: z.object({ qualified: z.number().int(), unsure: z.number().int(), disqualified: z.number().int() }),
      enriched: z.number().int(),
      qualified: z.number().int(),
      drafted: z.number().int(),
      approvable: z
        .number()
        .int()
        .describe(
          'QA-cleared (ready) speakers push_approved would take: three slots, none sent, each passing the QA gate and fresh, and a public LinkedIn profile (what approve_fits_and_clean_drafts would take); not an approval by a person',
        ),
      approved: z.number().int().describe('Speakers whose every slot a person approved with approve_message, as the text now reads'),
      pushed: z
        .number()
        .int()
        .describe(
          'Speakers whose sequence a sending tool took (push_approved) and has not sent any of yet: queued there, waiting for you to start its campaign',
        ),
      sent: z
        .number()
        .int()
        .describe(
          'Speakers with a slot that went out: a sending tool reported sending it (its events URL), a webhook target took it, or mark_message_sent recorded it',
        ),
      accepted: z.number().int().describe('Speakers whose LinkedIn connection request a sending tool reported accepted (create_sending_events_url)'),
      replied: z.number().int().describe('Speakers with reply_status replied or booked, set by hand or by a reply a sending tool reported'),
      booked: z.number().int(),
    }),
    excluded: z.number().int(),
    held: z
      .number()
      .int()
      .describe(
        'People not drafted whom another of your campaigns pushed within GREENROOM_RECONTACT_DAYS: held back (never enriched, drafted or charged) until the window has passed; counted apart from those waiting for a run',
      ),
    intent_leads: z
      .object({
        imported: z.number().int(),
        prequalified: z.object({ qualified: z.number().int(), unsure: z.number().int(), disqualified: z.number().int() }),
        enriched: z.number().int(),
        qualified: z.number().int(),
        drafted: z.number().int(),
        approvable: z.number().int(),
        approved: z.number().int(),
        pushed: z.number().int(),
        sent: z.number().int(),
        accepted: z.number().int(),
        replied: z.number().int(),
        booked: z.number().int(),
        excluded: z.number().int().describe('Leads not selected (leads arrive unselected)'),
      })
      .describe('The same funnel for the intent leads of the campaign; funnel counts speakers only'),
    by_opening: z
      .array(
        z.object({
          opening: z.string().describe("Slot 1's angle ('unknown' when none was recorded)"),
          sent: z.number().int(),
          accepted: z.number().int(),
          replied: z.number().int(),
          accept_rate: z.number(),
          reply_rate: z.number(),
        }),
      )
      .describe(
        `Sent sequences (speakers and intent leads) by their opening angle, with accept and reply rates (0 to 1), best reply rate first; an opening is listed once at least ${MIN_SENT_FOR_RATE} were sent`,
      ),
    by_slot: z
      .array(
        z.object({
          slot: z.number().int().describe('1 to 3'),
          sent: z.number().int().describe('Sequences whose message in this slot was sent'),
          replied: z
            .number()
            .int()
            .describe('Replies that followed this slot: the one the sending tool reported the reply after, else the last slot sent before the reply'),
          reply_rate: z.number().describe('replied / sent, 0 to 1'),
        }),
      )
      .describe(`Reply rates by the slot a reply followed, slot order; a slot is listed once at least ${MIN_SENT_FOR_RATE} of it were sent`),
  }),
  handler: async (input, ctx) => campaignStats(ctx, input.campaign_id),
});
