import type { z } from 'zod';
import type { Principal, Services } from '../context.js';
import { SCOPES } from '../context.js';
import type { WebUser } from '../auth/sessions.js';
import type { AnyTool } from '../registry/define.js';
import { invokeTool } from '../registry/invoke.js';
import { INTERNAL_ERROR_STATUS, isErrorCode, ToolError, type ErrorCode } from '../errors.js';

/**
 * A signed-in person acts as themselves with every scope: they own the account and can
 * mint any key in settings. Pages still go through the registry, so the scope check,
 * the rate limit (per session), validation and errors are the API's own; pushing asks
 * for an explicit confirmation on the page, as minting a send key does.
 */
export function sessionPrincipal(user: WebUser): Principal {
  return { userId: user.userId, scopes: [...SCOPES], tokenId: `session:${user.sessionId}`, tokenKind: 'session', tokenName: 'web session' };
}

/** What a tool answers: its declared output, as its schema types it. */
export type OutputOf<T extends AnyTool> = z.output<T['output']>;
export type InputOf<T extends AnyTool> = z.input<T['input']>;

export type Attempt<T extends AnyTool> = { ok: true; data: OutputOf<T> } | { ok: false; status: number; code: ErrorCode; message: string };

/**
 * A tool call from a page, through the same invoke as REST and MCP, typed by the tool
 * itself: its input schema types the arguments and its output schema the answer. It may be
 * refused: the refusal is the page's to word.
 */
export async function attempt<T extends AnyTool>(services: Services, user: WebUser, tool: T, args: InputOf<T>, idempotencyKey?: string): Promise<Attempt<T>> {
  const outcome = await invokeTool(tool, args, services, sessionPrincipal(user), { idempotencyKey });
  const error = outcome.envelope.error;
  if (!outcome.envelope.ok)
    return { ok: false, status: outcome.status, code: error && isErrorCode(error.code) ? error.code : 'tool_error', message: error?.message ?? 'refused' };
  // The registry ran the tool's handler, whose result its output schema types.
  return { ok: true, data: outcome.envelope.data as OutputOf<T> };
}

/**
 * A call a page cannot do without: its refusal is rethrown as the ToolError it was, which
 * the one page error handler answers with the code's status; a fault in the tool (already
 * logged by the registry) is a fault of the page.
 */
export async function read<T extends AnyTool>(services: Services, user: WebUser, tool: T, args: InputOf<T>): Promise<OutputOf<T>> {
  const r = await attempt(services, user, tool, args);
  if (!r.ok) throw r.status === INTERNAL_ERROR_STATUS ? new Error(`${tool.name}: ${r.message}`) : new ToolError(r.code, r.message);
  return r.data;
}
