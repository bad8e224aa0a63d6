import type { Context, Hono } from 'hono';
import type { Services } from '../context.js';
import { ERROR_STATUS, SIGNUP_DISABLED, ToolError } from '../errors.js';
import { formatIssues } from '../registry/invoke.js';
import type { Mailer } from '../auth/mail.js';
import { createSignup, pollSignup, POLL_INTERVAL_S, SignupInput, SlowDown } from '../auth/agent-signup.js';
import { ClientAbortError, readBodyText } from './body.js';
import { clientIp } from './client-ip.js';

export const SIGNUP_BASE = '/api/public/v1/agent-signup';
const BASE = SIGNUP_BASE;
export const CREATE = { tool: 'agent_signup', kind: 'write' } as const;
export const POLL = { tool: 'get_agent_signup', kind: 'read' } as const;
/**
 * A poll faster than the interval: the SPEC's rate_limited with Retry-After; the message
 * starts with "slow_down", the name RFC 8628 gives it.
 */
export const SLOW_DOWN = { code: 'rate_limited', status: 429 } as const;

type Op = typeof CREATE | typeof POLL;

function reply(c: Context, op: Op, status: number, data: unknown, error: { code: string; message: string } | null): Response {
  // The poll secret and the key travel in these bodies: never cached.
  c.header('Cache-Control', 'no-store');
  return c.json({ ok: error === null, tool: op.tool, kind: op.kind, data: error ? null : data, error }, status as 200);
}

function fail(c: Context, op: Op, services: Services, err: unknown): Response {
  if (err instanceof SlowDown) {
    c.header('Retry-After', String(POLL_INTERVAL_S));
    return reply(c, op, SLOW_DOWN.status, null, { code: SLOW_DOWN.code, message: err.message });
  }
  if (err instanceof ClientAbortError) {
    // The client went away mid-upload: nothing to answer and nothing wrong here.
    services.logger.debug({ tool: op.tool }, 'client aborted its request');
    return reply(c, op, 400, null, { code: 'invalid_request', message: err.message });
  }
  if (err instanceof ToolError) {
    if (err.retryAfter !== undefined) c.header('Retry-After', String(err.retryAfter));
    return reply(c, op, ERROR_STATUS[err.code], null, { code: err.code, message: err.message });
  }
  services.logger.error({ err, tool: op.tool }, 'unexpected fault in agent sign-up');
  return reply(c, op, 500, null, { code: 'tool_error', message: 'Internal error; the fault was logged' });
}

/** Agent sign-up (SPEC part 5 item 3): no bearer key; the envelope like every endpoint. */
export function mountSignupApi(app: Hono, services: Services, mailer: Mailer): void {
  const disabled = (c: Context, op: Op) =>
    services.config.auth.agentSignup ? null : reply(c, op, SIGNUP_DISABLED.status, null, { code: SIGNUP_DISABLED.code, message: 'Agent sign-up is switched off on this server' });

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
      mailer.kick();
      return reply(c, CREATE, 200, data, null);
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
      return reply(c, POLL, 200, { request_id: id, ...(await pollSignup(services, id, match[1])), interval: POLL_INTERVAL_S }, null);
    } catch (err) {
      return fail(c, POLL, services, err);
    }
  });
}
