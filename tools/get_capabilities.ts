import { z } from 'zod';
import { defineTool, type AnyTool } from '../src/registry/define.js';

const Scope = z.enum(['read', 'write', 'send']);

/**
 * The one tool that lists tools: tools/index.ts builds it with the registry's list, so
 * this file imports nothing from the registry that imports it.
 */
export function capabilitiesTool(registry: () => readonly AnyTool[]) {
  return defineTool({
    name: 'get_capabilities',
    title: 'Capabilities of this key',
    description: 'Lists the operations this credential may call (name, kind, scope, HTTP method and path), its scopes and its rate limits per kind.',
    kind: 'read',
    http: { method: 'GET', path: '/capabilities' },
    input: z.strictObject({}),
    output: z.object({
      scopes: z.array(Scope),
      tools: z.array(z.object({ name: z.string(), title: z.string(), kind: Scope, scope: z.string(), method: z.enum(['GET', 'POST']), path: z.string() })),
      rate_limits: z.object({ window_seconds: z.number().int(), read: z.number().int(), write: z.number().int(), send: z.number().int() }),
    }),
    handler: async (_input, ctx) => ({
      scopes: [...ctx.principal.scopes],
      tools: registry()
        .filter((t) => ctx.principal.scopes.includes(t.kind))
        .map((t) => ({ name: t.name, title: t.title, kind: t.kind, scope: `service:${t.kind}`, method: t.http.method, path: `/api/public/v1${t.http.path}` })),
      rate_limits: { window_seconds: 60, ...ctx.limiter.limits() },
    }),
  });
}
