import type pg from 'pg';
import { pgModule } from './pg-module.js';

export type NotifyHandler = (payload: string) => void;

/**
 * One PostgreSQL connection per process that LISTENs on the given channels and hands each
 * notification to its handler. NOTIFY is sent inside the writing transaction, so it
 * arrives after the commit. A lost connection is reopened after a pause; whatever was
 * notified meanwhile is found by the readers' slow fallback poll.
 */
export class Listener {
  #client: pg.Client | null = null;
  #stopped = false;
  #retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    private readonly handlers: Readonly<Record<string, NotifyHandler>>,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  async start(): Promise<void> {
    const client = new (pgModule().Client)({ connectionString: this.url });
    client.on('notification', (n) => this.handlers[n.channel]?.(n.payload ?? ''));
    client.on('error', (err) => this.#lost(client, err));
    client.on('end', () => this.#lost(client, null));
    await client.connect();
    for (const channel of Object.keys(this.handlers)) await client.query(`listen "${channel}"`);
    if (this.#stopped) return void (await client.end());
    this.#client = client;
  }

  #lost(client: pg.Client, err: unknown): void {
    if (this.#client !== client || this.#stopped) return;
    this.#client = null;
    if (err) this.onError(err);
    this.#reopenLater();
  }

  #reopenLater(): void {
    this.#retry = setTimeout(() => {
      this.#retry = null;
      if (this.#stopped) return;
      this.start().catch((err) => {
        this.onError(err);
        this.#reopenLater();
      });
    }, 1_000);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#retry) clearTimeout(this.#retry);
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => undefined);
  }
}
