import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The raw body, exactly as it arrived (signatures are over these bytes). */
  body: string;
  at: number;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/** A loopback webhook receiver speaking plain HTTP; `reply` decides each answer. */
export interface Receiver {
  host: string;
  url(path?: string): string;
  received: Received[];
  reply: (r: Received) => Reply | Promise<Reply>;
  /** Resolves once `n` requests have arrived (or rejects after ms). */
  waitFor(n: number, ms?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(reply: Receiver['reply'] = () => ({ status: 200 })): Promise<Receiver> {
  const received: Received[] = [];
  const r = { reply } as Receiver;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry: Received = { path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      received.push(entry);
      Promise.resolve(r.reply(entry)).then(
        (answer) => {
          res.writeHead(answer.status, answer.headers ?? {});
          res.end(answer.body ?? '');
        },
        () => res.destroy(),
      );
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(r, {
    host: `127.0.0.1:${port}`,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    waitFor: (n: number, ms = 20_000) =>
      new Promise<void>((resolve, reject) => {
        const started = Date.now();
        const check = () => {
          if (received.length >= n) return resolve();
          if (Date.now() - started > ms) return reject(new Error(`receiver saw ${received.length} of ${n} requests`));
          setTimeout(check, 20);
        };
        check();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
