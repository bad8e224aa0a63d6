import { z } from 'zod';
import { timestamp } from './fields.js';
import { ConferenceUrlView } from './campaign.js';

export const RunView = z.object({
  run_id: z.string(),
  campaign_id: z.string(),
  status: z
    .enum(['queued', 'running', 'paused', 'done', 'failed'])
    .describe('paused: credits ran out between two chunks; add credits and call start_campaign_run again to continue where it stopped (see pause)'),
  stage: z.enum(['scrape', 'prequalify', 'enrich', 'qualify', 'research', 'draft', 'done']),
  progress: z.object({ stage: z.string(), done: z.number().int(), total: z.number().int(), percent: z.number() }),
  error: z.string().nullable().describe('Why the run failed; null otherwise'),
  warnings: z
    .number()
    .int()
    .describe('Conference pages that failed while others were read (each reason is on its page in conference_urls), plus 1 when the run has a warning'),
  warning: z
    .string()
    .nullable()
    .describe('What a finished run wants you to know, e.g. that nobody qualified and why (the ICP, what the page said); null otherwise'),
  pause: z
    .object({
      reason: z.enum(['insufficient_credits']),
      drafted: z.number().int().describe('Speakers of the campaign with drafted sequences'),
      waiting: z.number().int().describe('Speakers past prequalify waiting for a chunk, best fit first; those the recontact window holds are in held instead'),
      held: z
        .number()
        .int()
        .describe(
          'Speakers waiting for a chunk whom another of your campaigns pushed within GREENROOM_RECONTACT_DAYS: no run takes them until the window has passed',
        ),
      balance: z.number().int().describe('Credit balance now'),
      message: z.string(),
    })
    .nullable()
    .describe('Why and where a paused run stopped; null unless status is paused'),
  max_speakers: z.number().int().nullable().describe('The run takes at most this many speakers, the best by prequalify fit; null for all'),
  retried_pages: z
    .array(z.object({ url: z.string(), error: z.string().describe('Why the page had failed') }))
    .nullable()
    .describe(
      'Conference pages that had failed for a reason worth retrying (a timeout, a network error, HTTP 408, 425, 429 or 5xx) and that resuming this run scraped again; null when resuming retried none',
    ),
  lease_wait: z
    .object({
      leases: z.array(
        z.object({
          work: z.string().describe('the run, or shard N of its speakers'),
          lapses_at: timestamp,
          seconds_left: z.number().int(),
          renewed_seconds_ago: z.number().int(),
        }),
      ),
      seconds_left: z.number().int().describe('Longest wait before every stalled part is taken over'),
      message: z.string(),
    })
    .nullable()
    .describe(
      "An active run part of which waits for a worker's lease that is no longer renewed (that worker stopped, as after a crash): what, and for how long; null otherwise",
    ),
  failures: z
    .array(
      z.object({
        stage: z.string(),
        calls: z.number().int().describe('Model calls made at this stage, each attempt counted'),
        failed_calls: z.number().int(),
        speakers_failed: z.number().int().describe('Speakers whose step failed after every attempt (model_error in their dossier); the next run retries them'),
        retried: z.number().int().describe('Failed attempts that were tried again'),
        rate_limited: z.number().int().describe('HTTP 429 answers from the provider, waited out or not'),
        rate_limit_wait_ms: z.number().int().describe("Time spent waiting out the provider's rate limits (429, Retry-After) at this stage"),
        last_error: z.string().nullable().describe("The provider's last error at this stage"),
      }),
    )
    .nullable()
    .describe(
      'What went wrong in the model calls, per stage with a failure; null when every call answered. A stage whose every call failed ends the run failed',
    ),
  created_at: timestamp,
  started_at: timestamp.nullable(),
  finished_at: timestamp.nullable(),
});

export const RunStatus = z.object({
  run: RunView.nullable().describe('The latest run, or null when the campaign never ran'),
  counts: z.object({
    speakers: z.number().int(),
    intent_leads: z.number().int(),
    drafts: z.number().int(),
    signals: z.number().int().describe('Research signals found'),
    held: z
      .number()
      .int()
      .describe(
        'Speakers not drafted whom another of your campaigns pushed within GREENROOM_RECONTACT_DAYS: held back, never enriched, drafted or charged until the window has passed',
      ),
  }),
  conference_urls: z.array(ConferenceUrlView),
  poll_after_seconds: z.number().int().nullable().describe('While a run is active, poll again after this many seconds (15 to 30); null when idle'),
});
