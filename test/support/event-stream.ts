import { EventSource } from 'eventsource';
import type { PipelineWorld } from './pipeline.js';

export interface Seen {
  type: string;
  id: string;
  data: any;
}

/**
 * A campaign's live event stream over real HTTP with the read key, collecting the named
 * event types; `until` waits (at most `ms`) for what has been seen to satisfy a check.
 */
export function openStream(w: PipelineWorld, campaignId: string, types: readonly string[], lastEventId?: string) {
  const seen: Seen[] = [];
  const es = new EventSource(`${w.base}/api/public/v1/campaigns/${campaignId}/events`, {
    fetch: (input, init) =>
      fetch(input, {
        ...init,
        headers: {
          ...(init?.headers as Record<string, string>),
          Authorization: `Bearer ${w.user.keys.read}`,
          ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}),
        },
      }),
  });
  for (const type of types) es.addEventListener(type, (e) => seen.push({ type, id: e.lastEventId, data: JSON.parse(e.data) }));
  const until = (pred: (s: Seen[]) => boolean, ms = 10_000) =>
    new Promise<void>((resolve, reject) => {
      const started = Date.now();
      const check = () =>
        pred(seen) ? resolve() : Date.now() - started > ms ? reject(new Error(`timed out; saw ${seen.map((s) => s.type).join(',')}`)) : setTimeout(check, 20);
      check();
    });
  return { es, seen, until };
}
