import type { Context } from 'hono';
import type { Principal } from '../context.js';

/** Who made a request, as far as logging may say: ids only, never a credential. */
export interface Caller {
  /** The API key's id, or `oauth:<grant id>` for an OAuth access token. */
  key?: string;
  /** The signed-in person of a web session. */
  user?: string;
}

declare module 'hono' {
  interface ContextVariableMap {
    caller: Caller;
  }
}

/** Called where a request's credential was resolved, so its log line names who called. */
export function noteCaller(c: Context, who: Principal | { userId: string }): void {
  c.set('caller', 'tokenId' in who ? { key: who.tokenId, user: who.userId } : { user: who.userId });
}
