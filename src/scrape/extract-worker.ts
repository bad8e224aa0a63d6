import { parentPort } from 'node:worker_threads';
import { extractSpeakers } from './extract.js';
import type { Page } from './types.js';

/**
 * Runs extraction off the main thread: parsing a large page takes long enough to stall
 * every HTTP answer of the process. Follow-up fetches are asked of the parent, so the
 * guarded, paced fetcher stays the only way out.
 */
type FromParent = { type: 'extract'; job: number; page: Page } | { type: 'page'; id: number; page?: Page; error?: string };

const port = parentPort;
if (!port) throw new Error('extract-worker runs as a worker thread');

const pending = new Map<number, { resolve: (p: Page) => void; reject: (e: Error) => void }>();
let next = 0;

const fetchPage = (url: string): Promise<Page> =>
  new Promise((resolve, reject) => {
    const id = ++next;
    pending.set(id, { resolve, reject });
    port.postMessage({ type: 'fetch', id, url });
  });

port.on('message', (msg: FromParent) => {
  if (msg.type === 'page') {
    const p = pending.get(msg.id);
    pending.delete(msg.id);
    if (msg.page) p?.resolve(msg.page);
    else p?.reject(new Error(msg.error ?? 'fetch failed'));
    return;
  }
  extractSpeakers(msg.page, fetchPage).then(
    (outcome) => port.postMessage({ type: 'done', job: msg.job, outcome }),
    (err: unknown) => port.postMessage({ type: 'done', job: msg.job, error: err instanceof Error ? err.message : String(err) }),
  );
});
