import type { Context } from 'hono';
import type { ErrorCode } from '../errors.js';
import type { Kind } from '../registry/define.js';

/** What an answer names in its envelope's tool and kind. */
export interface Operation {
  name: string;
  kind: Kind;
}

/** Named when no operation matches: the envelope's tool is a string and kind one of read/write/send. */
export const UNKNOWN_OPERATION: Operation = { name: 'unknown', kind: 'read' };

interface Route {
  method: string;
  pattern: RegExp;
  operation: Operation;
  /** HEAD is answered wherever GET is, except on tool routes: a HEAD would run the tool. */
  head: boolean;
}

/**
 * Every (method, path) the app answers. Hono only says "no handler"; this tells a
 * wrong method on a known path (405, with Allow) from an unknown path (404), and names
 * the operation a refusal or a fault belongs to.
 */
export class RouteTable {
  private readonly routes: Route[] = [];

  /** `path` in Hono's form, with `:name` for a segment. */
  add(method: string, path: string, operation: Operation = UNKNOWN_OPERATION, opts: { head?: boolean } = {}): this {
    const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+');
    this.routes.push({ method: method.toUpperCase(), pattern: new RegExp(`^${source}$`), operation, head: opts.head ?? true });
    return this;
  }

  /** The route's operation; for another method on a known path, that path's first; else unknown. */
  operation(method: string, path: string): Operation {
    const onPath = this.routes.filter((r) => r.pattern.test(path));
    const wanted = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
    return (onPath.find((r) => r.method === wanted) ?? onPath[0])?.operation ?? UNKNOWN_OPERATION;
  }

  /** The methods a path answers (HEAD beside GET, except on tool routes); empty for an unknown path. */
  allowed(path: string): string[] {
    const methods = this.routes.filter((r) => r.pattern.test(path)).flatMap((r) => (r.method === 'GET' && r.head ? ['GET', 'HEAD'] : [r.method]));
    return [...new Set(methods)];
  }
}

/** An error envelope for answers that come from the HTTP layer rather than a tool. */
export function refuse(c: Context, operation: Operation, status: number, code: ErrorCode, message: string, headers: Record<string, string> = {}): Response {
  return c.json({ ok: false, tool: operation.name, kind: operation.kind, data: null, error: { code, message } }, status as 400, headers);
}
