import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { QA_CODES, QA_FLAGS } from '../src/qa/codes.js';
import { Fix, FixAction } from '../schemas/message.js';
import { ERROR_STATUS, INTERNAL_ERROR_STATUS, SIGNUP_DISABLED } from '../src/errors.js';

const Code = z.object({ code: z.string(), action: FixAction, fix: Fix, hint: z.string(), description: z.string() });

const ACTIONS = [
  {
    action: 'none' as const,
    meaning: 'Nothing to fix: QA-cleared and ready for a person (code ready), approved by a person (approved), or locked because it was sent (sent).',
  },
  {
    action: 'rescore' as const,
    meaning:
      'The text must change and be scored again: a hand edit awaits rescore_drafts, and a finding a rewrite fixes (fix rewrite) clears once request_rewrite or an edit and rescore_drafts give a clean score.',
  },
  { action: 'human_review' as const, meaning: 'A person must decide; clear it with approve_message afterwards.' },
];

/** The fix field: the fine-grained suggestion beside the SPEC's action. */
const FIXES = [
  { fix: 'none' as const, meaning: 'Nothing to do (action none).' },
  { fix: 'rescore' as const, meaning: 'Run rescore_drafts on the text as it stands (action rescore).' },
  { fix: 'rewrite' as const, meaning: 'Call request_rewrite with the hint as its instruction, or edit the text and run rescore_drafts (action rescore).' },
  { fix: 'human_review' as const, meaning: 'A person reads it and decides: approve_message, an edit, or leaving the speaker out (action human_review).' },
];

const ERROR_MEANINGS: Record<string, string> = {
  invalid_request: 'Malformed or invalid input; the message names the field.',
  unauthenticated: 'Missing or invalid credential.',
  forbidden_scope: 'The credential lacks the scope the operation needs.',
  not_found: 'The addressed resource does not exist (or is not yours).',
  rate_limited: 'Over the rate limit: back off for Retry-After seconds.',
  tool_error: 'A valid request the service refused (already sent, insufficient credits, sending tool refused).',
};

/** One code, one row: the 500 of an unexpected fault is a note on tool_error, not a second tool_error row. */
const FAULT_NOTE = {
  fault_http_status: INTERNAL_ERROR_STATUS,
  note: `An unexpected fault also answers tool_error, with HTTP ${INTERNAL_ERROR_STATUS}; the detail is in the server log and a retry may succeed.`,
};

export default defineTool({
  name: 'list_qa_codes',
  title: 'QA code vocabulary',
  description:
    'Static reference, safe to cache: every hard-fail code of the QA gate with its remediation action (none, rescore, human_review), its fix (rewrite: request_rewrite with the hint as instruction) and hint, the routing flags that can set needs_human without a reason, the fix actions and fixes, and the envelope error codes with their HTTP statuses.',
  kind: 'read',
  http: { method: 'GET', path: '/qa-codes' },
  input: z.strictObject({}),
  output: z.object({
    hard_fail_codes: z.array(Code),
    flags: z.array(Code),
    actions: z.array(z.object({ action: FixAction, meaning: z.string() })),
    fixes: z.array(z.object({ fix: Fix, meaning: z.string() })),
    error_codes: z.array(
      z.object({
        code: z.string(),
        http_status: z.number().int(),
        meaning: z.string(),
        fault_http_status: z.number().int().optional().describe('tool_error only: the status of an unexpected fault, as opposed to a refusal'),
        note: z.string().optional(),
      }),
    ),
  }),
  handler: async () => ({
    hard_fail_codes: QA_CODES.map((c) => ({ ...c })),
    flags: QA_FLAGS.map((c) => ({ ...c })),
    actions: ACTIONS,
    fixes: FIXES,
    error_codes: [
      ...Object.entries(ERROR_STATUS).map(([code, http_status]) => ({
        code,
        http_status,
        meaning: ERROR_MEANINGS[code] ?? '',
        ...(code === 'tool_error' ? FAULT_NOTE : {}),
      })),
      { code: SIGNUP_DISABLED.code, http_status: SIGNUP_DISABLED.status, meaning: 'Agent sign-up is switched off (sign-up endpoints only).' },
    ],
  }),
});
