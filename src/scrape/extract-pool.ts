import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ExtractOutcome } from './extract.js';
import type { FetchPage, Page } from './types.js';

type FromWorker = { type: 'fetch'; id: number; url: string } | { type: 'done'; job: number; outcome?: ExtractOutcome; error?: string };
type Jobs = Map<number, { resolve: (o: ExtractOutcome) => void; reject: (e: Error) => void }>;

const BUILT_WORKER = new URL('./extract-worker.js', import.meta.url);
const WORKER_IDLE_MS = 2_000;
// Pages are at most a few MiB and parsed one at a time; a small heap keeps the second
// isolate from doubling the process's memory.
const WORKER_LIMITS = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 8 };

/**
 * Extraction on a worker thread, so parsing a large page does not stall the process's
 * HTTP answers. When the compiled worker is not there (code run from its TypeScript
 * sources, as in the unit tests) it extracts on the calling thread, with the same result.
 */
/** On the calling thread: the parser (cheerio, parse5) is loaded only when a page is read here. */
async function extractHere(page: Page, fetchPage: FetchPage): Promise<ExtractOutcome> {
  return (await import('./extract.js')).extractSpeakers(page, fetchPage);
}

export class ExtractionWorker {
  private current: { worker: Worker; jobs: Jobs } | null = null;
  private next = 0;
  private idle: NodeJS.Timeout | null = null;
  private readonly workerUrl: URL | null;

  constructor(
    private readonly fetchPage: FetchPage,
    opts: { workerUrl?: URL } = {},
  ) {
    const url = opts.workerUrl ?? BUILT_WORKER;
    this.workerUrl = fs.existsSync(fileURLToPath(url)) ? url : null;
  }

  get threaded(): boolean {
    return this.workerUrl !== null;
  }

  async extract(page: Page): Promise<ExtractOutcome> {
    if (!this.workerUrl) return extractHere(page, this.fetchPage);
    try {
      return await this.onWorker(this.workerUrl, page);
    } catch (err) {
      // A page too big for the worker's small heap is read here instead: slower for the
      // rest of the process, but the page is not lost.
      if ((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') return extractHere(page, this.fetchPage);
      throw err;
    }
  }

  async close(): Promise<void> {
    if (this.idle) clearTimeout(this.idle);
    const c = this.current;
    this.current = null;
    await c?.worker.terminate();
  }

  private onWorker(url: URL, page: Page): Promise<ExtractOutcome> {
    const { worker, jobs } = this.start(url);
    if (this.idle) clearTimeout(this.idle);
    const job = ++this.next;
    // Held while a job runs, so a process with nothing else to do still waits for it.
    worker.ref();
    return new Promise<ExtractOutcome>((resolve, reject) => {
      jobs.set(job, { resolve, reject });
      worker.postMessage({ type: 'extract', job, page });
    }).finally(() => {
      if (jobs.size > 0 || this.current?.worker !== worker) return;
      worker.unref();
      // A worker thread is a second heap; once pages stop coming, it is let go.
      this.idle = setTimeout(() => void this.close(), WORKER_IDLE_MS);
      this.idle.unref();
    });
  }

  private start(url: URL): { worker: Worker; jobs: Jobs } {
    if (this.current) return this.current;
    const worker = new Worker(url, { resourceLimits: WORKER_LIMITS });
    const jobs: Jobs = new Map();
    worker.unref();
    worker.on('message', (msg: FromWorker) => void this.onMessage(worker, jobs, msg));
    const fail = (err: Error) => {
      // A dead worker fails its own jobs; the next extraction starts a fresh one.
      if (this.current?.worker === worker) this.current = null;
      for (const j of jobs.values()) j.reject(err);
      jobs.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`extraction worker stopped (exit ${code})`)));
    this.current = { worker, jobs };
    return this.current;
  }

  private async onMessage(worker: Worker, jobs: Jobs, msg: FromWorker): Promise<void> {
    if (msg.type === 'fetch') {
      try {
        worker.postMessage({ type: 'page', id: msg.id, page: await this.fetchPage(msg.url) });
      } catch (err) {
        worker.postMessage({ type: 'page', id: msg.id, error: err instanceof Error ? err.message : String(err) });
      }
      return;
    }
    const job = jobs.get(msg.job);
    jobs.delete(msg.job);
    if (msg.outcome) job?.resolve(msg.outcome);
    else job?.reject(new Error(msg.error ?? 'extraction failed'));
  }
}
