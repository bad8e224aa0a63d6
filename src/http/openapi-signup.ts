import { z } from 'zod';
import { SignupInput } from '../auth/agent-signup.js';
import { toJson } from '../registry/json-schema.js';

type Json = Record<string, unknown>;

/** What POST /agent-signup answers in data. */
export const SignupCreated = z.strictObject({
  request_id: z.string().describe('Name it in the poll URL'),
  poll_secret: z.string().describe('Send as Authorization: Bearer <poll_secret> when polling; shown once'),
  user_code: z.string().describe('Eight characters (ABCD-2345) the agent shows its person, who types them on the confirmation page; never in the mail'),
  expires_at: z.string().describe('ISO 8601 UTC; 24 hours after the request'),
  interval: z.number().int().describe('Seconds to wait between polls'),
  poll_url: z.string(),
});

/** What GET /agent-signup/{request_id} answers in data. */
export const SignupPoll = z.strictObject({
  request_id: z.string(),
  status: z.enum(['pending_confirmation', 'expired', 'denied', 'confirmed']),
  api_key: z.string().optional().describe('Once, on the first poll after confirmation: a key with read and write, never send'),
  scopes: z.array(z.enum(['read', 'write'])).optional(),
  expires_at: z.string(),
  interval: z.number().int(),
});

const envelope = (data: z.ZodType) =>
  z.object({
    ok: z.boolean(),
    tool: z.string(),
    kind: z.enum(['read', 'write', 'send']),
    data: data.nullable(),
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
  });

const errorRef = (description: string): Json => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } });

const DISABLED = errorRef('agent_signup_disabled: agent sign-up is switched off on this server (GREENROOM_AGENT_SIGNUP=off)');

/** The scheme the poll is authorized with; sign-up itself needs no credential. */
export const SIGNUP_POLL_SCHEME: Json = { type: 'http', scheme: 'bearer', description: 'The poll_secret answered by POST /agent-signup (grs_...)' };

/**
 * Agent sign-up (SPEC part 5 item 3): not tools (no MCP twin, no key), but part of the
 * HTTP contract. Their envelopes name the operations agent_signup and get_agent_signup.
 */
export function signupPaths(): Record<string, Json> {
  return {
    '/agent-signup': {
      post: {
        operationId: 'agent_signup',
        summary: 'Ask for a key for an agent',
        description:
          'Creates a pending request and mails the person a confirmation link; nothing else is created. The person opens the link, types the user_code the agent shows and confirms; then the account is created (or, for an existing address, attached after sign-in) and a key with read and write is minted. ' +
          'The answer is the same whether or not the address has an account. At most 3 requests per address and 10 per client address an hour (429 rate_limited). Idempotency-Key is not honoured: each request is its own.',
        tags: ['agent-signup'],
        security: [],
        'x-greenroom-kind': 'write',
        parameters: [],
        requestBody: { required: true, content: { 'application/json': { schema: toJson(SignupInput, 'input') } } },
        responses: {
          '200': { description: 'The pending request', content: { 'application/json': { schema: toJson(envelope(SignupCreated), 'output') } } },
          '400': errorRef('invalid_request: malformed body, or not an e-mail address and a printable agent name'),
          '429': errorRef('rate_limited: too many requests for this address or from this client; back off for Retry-After seconds'),
          '503': DISABLED,
        },
      },
    },
    '/agent-signup/{request_id}': {
      get: {
        operationId: 'get_agent_signup',
        summary: 'Poll an agent sign-up',
        description:
          'With Authorization: Bearer <poll_secret>: pending_confirmation, expired, denied or confirmed; the key is in the first answer after confirmation and never again. ' +
          'Polling faster than interval answers 429 with error.code rate_limited (the message begins "slow_down", as RFC 8628 names it) and Retry-After. An unknown request and a wrong secret both answer 401.',
        tags: ['agent-signup'],
        security: [{ signupPoll: [] }],
        'x-greenroom-kind': 'read',
        parameters: [{ name: 'request_id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        responses: {
          '200': { description: 'The request status', content: { 'application/json': { schema: toJson(envelope(SignupPoll), 'output') } } },
          '400': errorRef('invalid_request: request_id is not a request id'),
          '401': errorRef('unauthenticated: missing poll secret, wrong secret or unknown request'),
          '429': errorRef('rate_limited (slow_down): polled faster than interval; wait Retry-After seconds'),
          '503': DISABLED,
        },
      },
    },
  };
}
