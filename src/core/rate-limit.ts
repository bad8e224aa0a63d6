import type { Scope } from '../context.js';

export type RateDecision = { ok: true } | { ok: false; retryAfter: number };

/**
 * Fixed one-minute windows per token and per capability kind. Kept in memory: each
 * process enforces its own share, which is the honest limit for one machine.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly perMinute: Readonly<Record<Scope, number>>) {}

  take(tokenId: string, kind: Scope, nowMs: number): RateDecision {
    const key = `${tokenId}\u0000${kind}`;
    const windowStart = nowMs - (nowMs % 60_000);
    let w = this.windows.get(key);
    if (!w || w.start !== windowStart) {
      w = { start: windowStart, count: 0 };
      this.windows.set(key, w);
      if (this.windows.size > 50_000) this.sweep(windowStart);
    }
    if (w.count >= this.perMinute[kind]) {
      return { ok: false, retryAfter: Math.max(1, Math.ceil((windowStart + 60_000 - nowMs) / 1000)) };
    }
    w.count += 1;
    return { ok: true };
  }

  limits(): Readonly<Record<Scope, number>> {
    return this.perMinute;
  }

  private sweep(current: number): void {
    for (const [k, w] of this.windows) if (w.start !== current) this.windows.delete(k);
  }
}
