import type { Context, Hono } from 'hono';
import type { Services } from '../context.js';
import { SIGNUP_DISABLED, ToolError, type EnvelopeCode } from '../errors.js';
import { failure, formatIssues, type Outcome } from '../registry/invoke.js';
import { createSignup, pollSignup, POLL_INTERVAL_S, SignupInput } from '../auth/agent-signup.js';
import { ClientAbortError, readBodyText } from './body.js';
import type { Operation } from './routes.js';
import { clientIp } from './client-ip.js';

export const SIGNUP_BASE = '/api/public/v1/agent-signup';
const BASE = SIGNUP_BASE;
export const CREATE: Operation = { name: 'agent_signup', kind: 'write' };
export const POLL: Operation = { name: 'get_agent_signup', kind: 'read' };

const answer = (op: Operation, status: number, data: unknown, error: { code: EnvelopeCode; message: string } | null): Outcome => ({
  status,
  envelope: { ok: error === null, tool: op.name, kind: op.kind, data, error },
});

/** The envelope of every endpoint; the poll secret and the key travel in these bodies, so never cached. */
function reply(c: Context, outcome: Outcome): Response {
  c.header('Cache-Control', 'no-store');
  if (outcome.retryAfter !== undefined) c.header('Retry-After', String(outcome.retryAfter));
  return c.json(outcome.envelope, outcome.status as 200);
}

/**
 * A refusal as the REST adapter answers one (a poll faster than the interval is
 * rate_limited with Retry-After, its message starting with RFC 8628's "slow_down"); a
 * client gone mid-upload goes to the app's error handler, as on every route.
 */
function fail(c: Context, op: Operation, services: Services, err: unknown): Response {
  if (err instanceof ClientAbortError) throw err;
  return reply(c, failure(op, err, services));
}

/** Agent sign-up (SPEC part 5 item 3): no bearer key; the envelope like every endpoint. */
export function mountSignupApi(app: Hono, services: Services): void {
  const disabled = (c: Context, op: Operation) =>
    services.config.auth.agentSignup
      ? null
      : reply(c, answer(op, SIGNUP_DISABLED.status, null, { code: SIGNUP_DISABLED.code, message: 'Agent sign-up is switched off on this server' }));

  app.post(BASE, async (c) => {
    const off = disabled(c, CREATE);
    if (off) return off;
    try {
      const text = await readBodyText(c, 16 * 1024);
      if (text === null) throw new ToolError('invalid_request', 'body is too large');
      let body: unknown;
      try {
        body = JSON.parse(text || '{}');
      } catch {
        throw new ToolError('invalid_request', 'body is not valid JSON');
      }
      const parsed = SignupInput.safeParse(body);
      if (!parsed.success) throw new ToolError('invalid_request', formatIssues(parsed.error));
      const data = await createSignup(services, parsed.data, clientIp(c, services.config));
      services.mailer.kick();
      return reply(c, answer(CREATE, 200, data, null));
    } catch (err) {
      return fail(c, CREATE, services, err);
    }
  });

  app.get(`${BASE}/:request_id`, async (c) => {
    // A HEAD would spend the poll interval: answered 405 (Allow: GET) by the app's route table.
    if (c.req.method === 'HEAD') return c.notFound();
    const off = disabled(c, POLL);
    if (off) return off;
    try {
      const id = c.req.param('request_id');
      if (!/^[0-9a-f-]{36}$/.test(id)) throw new ToolError('invalid_request', 'request_id must be the id the sign-up answered');
      const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
      if (!match) {
        c.header('WWW-Authenticate', 'Bearer realm="greenroom-agent-signup"');
        throw new ToolError('unauthenticated', 'Send Authorization: Bearer <poll_secret>');
      }
      return reply(c, answer(POLL, 200, { request_id: id, ...(await pollSignup(services, id, match[1])), interval: POLL_INTERVAL_S }, null));
    } catch (err) {
      return fail(c, POLL, services, err);
    }
  });
}
