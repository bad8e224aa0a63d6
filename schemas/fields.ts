import { z } from 'zod';

/** Shared input fields; every limit here is one of SPEC part 8. */
export const uuid = z.uuid({ error: 'must be a uuid' });
export const limit = z.number().int().min(1).max(200).optional().describe('Page size, 1 to 200 (default 50)');
export const cursor = z
  .string()
  .regex(/^[0-9a-z]{1,12}\.[A-Za-z0-9_-]{16}$/, 'a cursor is the next_cursor of an earlier page, as given')
  .max(32)
  .optional()
  .describe('Opaque cursor from next_cursor; omit for the first page');
export const dryRun = z.boolean().optional().describe('When true nothing is written, started or spent; only cost_preview is returned');
export const IDEMPOTENCY_RULE =
  'Retrying with the same key and arguments replays the first result; the same key with other arguments is invalid_request. ' +
  'A call still running with the key is tool_error (retry later); one that started over 60 s ago without finishing is taken over by the retry. ' +
  'Over HTTP the Idempotency-Key header is the same key: give one of the two, or both equal; two different keys are invalid_request.';
export const idempotencyKey = z.string().min(1).max(200).optional().describe(IDEMPOTENCY_RULE);
export const timestamp = z.string().describe('ISO 8601 UTC');

/**
 * An http(s) URL written the way RFC 3986 allows (ASCII, percent-encoded), which is what
 * `format: uri` in the published schema means; WHATWG parsing alone would also take
 * spaces, Unicode and leading blanks. Whether it is https and public is checked in core
 * against the instance's allowlist. Built from string checks, not a pipe: the JSON
 * Schema of a pipe's input side drops the format.
 */
const URL_TEXT = "^[Hh][Tt][Tt][Pp][Ss]?://(?:[A-Za-z0-9._~:/?#@!$&'()*+,;=\\[\\]-]|%[0-9A-Fa-f]{2})+$";
export const httpsUrl = (max: number) =>
  z
    .string()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .regex(new RegExp(URL_TEXT), 'must be an absolute https URL in ASCII (percent-encode spaces and other characters)')
    .refine((v) => URL.canParse(v), 'must be an absolute URL')
    .meta({
      format: 'uri',
      description:
        'An https page on a public host (not loopback, private or link-local, no user name); anything else is invalid_request. Plain http only for hosts the instance allowlists.',
    });

export const pageOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), next_cursor: z.string().nullable(), has_more: z.boolean() });

// The length cap applies to what is sent, the emptiness check to what is left after
// trimming; the pattern is how the published schema says "not only blanks".
const termList = z.array(z.string().max(200).regex(/\S/, 'must not be blank').trim().min(1)).max(100);

export const IcpSchema = z.strictObject({
  titles: termList.default([]).describe('Job titles that fit, e.g. "VP Engineering"'),
  seniority: termList.default([]).describe('Seniority levels that fit: c_level, vp, director, manager, senior, individual'),
  industries: termList.default([]),
  keywords: termList.default([]).describe('Topics that signal fit in a bio or talk'),
  exclusions: termList.default([]).describe('Terms that disqualify a speaker; drafts must not contain them'),
  competitors: termList.default([]).describe('Competitor company names: their people are disqualified and the names never appear in drafts'),
});
export type Icp = z.output<typeof IcpSchema>;
export const IcpPatch = z.strictObject({
  titles: termList.optional(),
  seniority: termList.optional(),
  industries: termList.optional(),
  keywords: termList.optional(),
  exclusions: termList.optional(),
  competitors: termList.optional(),
});

export const CostLine = z.object({
  stage: z.string().optional(),
  operation: z.string().optional(),
  count: z.number().int(),
  unit_credits: z.number().int(),
  credits: z.number().int(),
});
export const CostPreview = z.object({
  credits: z.number().int(),
  model_calls: z.number().int(),
  lines: z.array(CostLine),
  balance: z.number().int(),
  sufficient: z.boolean(),
  note: z.string().optional(),
  requalify_verdicts: z
    .number()
    .int()
    .optional()
    .describe('start_campaign_run with requalify: the verdicts of speakers not yet drafted that the run would re-examine'),
});
export type CostPreview = z.output<typeof CostPreview>;
