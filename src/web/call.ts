import type { Principal, Services } from '../context.js';
import { SCOPES } from '../context.js';
import type { WebUser } from '../auth/sessions.js';
import { findTool } from '../registry/catalog.js';
import { invokeTool, type Outcome } from '../registry/invoke.js';

/**
 * A signed-in person acts as themselves with every scope: they own the account and can
 * mint any key in settings. Pages still go through the registry, so the scope check,
 * the rate limit (per session), validation and errors are the API's own; pushing asks
 * for an explicit confirmation on the page, as minting a send key does.
 */
export function sessionPrincipal(user: WebUser): Principal {
  return { userId: user.userId, scopes: [...SCOPES], tokenId: `session:${user.sessionId}`, tokenKind: 'session', tokenName: 'web session' };
}

/** One tool call from a page, through the same invoke as REST and MCP. */
export async function callTool(services: Services, user: WebUser, name: string, args: Record<string, unknown>, idempotencyKey?: string): Promise<Outcome> {
  const tool = findTool(name);
  if (!tool) throw new Error(`no tool ${name}`);
  return invokeTool(tool, args, services, sessionPrincipal(user), { idempotencyKey });
}

/** The data of a successful call; a refusal is thrown for the page to show. */
export async function readTool<T>(services: Services, user: WebUser, name: string, args: Record<string, unknown>): Promise<T> {
  const outcome = await callTool(services, user, name, args);
  if (!outcome.envelope.ok) throw new PageRefusal(outcome);
  return outcome.envelope.data as T;
}

export class PageRefusal extends Error {
  constructor(readonly outcome: Outcome) {
    super(outcome.envelope.error?.message ?? 'refused');
  }
  get status(): number {
    return this.outcome.status;
  }
}
