import { z } from 'zod';
import { timestamp } from './fields.js';
import { MessageView } from './message.js';
import { IntentDossier } from './intent-dossier.js';
import { DncEntry } from './do-not-contact.js';

export const Verdict = z.enum(['qualified', 'unsure', 'disqualified']);
export const ReplyStatus = z.enum(['replied', 'booked', 'no_reply']);

export const SpeakerSummary = z.object({
  speaker_id: z.string(),
  campaign_id: z.string(),
  name: z.string(),
  title: z.string().nullable(),
  company: z.string().nullable(),
  linkedin_url: z.string().nullable(),
  prequalify_verdict: Verdict.nullable(),
  fit_score: z.number().int().nullable(),
  qualified: z.boolean().nullable(),
  stage: z.enum(['prequalify', 'enrich', 'qualify', 'research', 'draft', 'done']),
  selected: z.boolean(),
  reply_status: ReplyStatus.nullable(),
  created_at: timestamp,
});

const Signal = z.object({
  kind: z.string(),
  value: z.string(),
  source_text: z.string(),
  source_url: z.string().nullable(),
});

const quote = z.string().max(300);

/** Per field, the span of the conference page's own text the value was read from. */
export const Evidence = z
  .object({ name: quote, title: quote, company: quote, linkedin: quote, talk: quote, event: quote })
  .partial()
  .describe(
    'Per field (name, title, company, linkedin, talk, event), the text of the conference page it was read from, at most 300 characters; a field the page does not show as written has none. Check a fact against this, not against the parsed field.',
  );

export const SpeakerDossier = SpeakerSummary.extend({
  tagline: z.string().nullable(),
  bio: z.string().nullable(),
  talks: z.array(
    z.object({
      title: z.string(),
      abstract: z.string().optional(),
      kind: z
        .string()
        .optional()
        .describe('What the page calls the session when it is not one person’s talk: panel, workshop, tutorial, fireside chat, lightning talk'),
    }),
  ),
  links: z.array(z.string()),
  company_linkedin_url: z.string().nullable(),
  profile_url: z.string().nullable(),
  photo_url: z.string().nullable(),
  source_url: z.string(),
  evidence: Evidence,
  prequalify_reasons: z.array(z.string()),
  qualify_reasons: z.array(z.string()),
  enrichment: z
    .object({
      linkedin_url: z.string().nullable(),
      company_website: z.string().nullable(),
      company_domain: z.string().nullable(),
      role: z.string().nullable(),
      seniority: z.string(),
      sources: z.array(z.string()),
      enriched_at: timestamp,
    })
    .nullable(),
  research: z.object({ signals: z.array(Signal), researched_at: timestamp.nullable() }),
  model_error: z
    .object({ stage: z.enum(['prequalify', 'qualify', 'research', 'draft']).nullable(), message: z.string() })
    .nullable()
    .describe("Why a model vendor failed this speaker's step; the next start_campaign_run retries it from that stage"),
  messages: z.array(MessageView),
  also_in_campaigns: z
    .array(z.object({ campaign_id: z.string(), campaign_name: z.string(), speaker_id: z.string() }))
    .describe('The same person in your other campaigns'),
  do_not_contact: DncEntry.nullable().describe(
    'The do-not-contact entry that matches this person (runs skip them, pushes leave them out); null when none does',
  ),
  recent_contacts: z
    .array(
      z.object({
        campaign_id: z.string(),
        campaign_name: z.string(),
        speaker_id: z.string(),
        tool: z.string(),
        pushed_at: timestamp,
        within_window: z
          .boolean()
          .describe('Inside GREENROOM_RECONTACT_DAYS: a push of this campaign skips the person (contacted_recently) unless named in speaker_ids'),
      }),
    )
    .describe('Pushes of the same person (by LinkedIn profile) in your other campaigns, newest first'),
  accepted_at: timestamp.nullable().describe('When a sending tool reported the LinkedIn connection request accepted'),
  replied_at: timestamp.nullable().describe('When a sending tool last reported a reply'),
  sending_tool_events: z
    .array(
      z.object({
        type: z.enum(['accepted', 'sent', 'replied']),
        tool: z.string(),
        tool_event: z.string().describe("The tool's own event name"),
        occurred_at: timestamp,
        received_at: timestamp,
      }),
    )
    .describe('Accepts, messages sent and replies the sending tools reported for this speaker, newest first (at most 50)'),
  source: z.enum(['conference', 'intent']).describe('intent: an intent lead (speaker_id is its lead_id)'),
  intent: IntentDossier.nullable().describe("An intent lead's LinkedIn signals, newest first, and where the person is a speaker; null for speakers"),
});
