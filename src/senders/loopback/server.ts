import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Loopback stand-ins for sending tools, speaking each vendor's documented wire format,
 * for the tests and the push benchmark. Never used by the service itself.
 */
export interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  /** When it arrived (ms since the epoch), to measure the gaps a client leaves. */
  at: number;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * Served first in first out before normal handling: a canned answer (429, 5xx), or with
 * only delayMs the normal answer late (the tool did the work, the client gave up waiting).
 */
export interface Scripted extends Partial<Reply> {
  delayMs?: number;
}

export interface Loopback {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** host:port, for GREENROOM_ALLOW_HOSTS. */
  host: string;
  received: Received[];
  script: Scripted[];
  close(): Promise<void>;
}

export const json = (status: number, value: unknown, headers: Record<string, string> = {}): Reply => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(value),
});
export const text = (status: number, value: string): Reply => ({ status, headers: { 'content-type': 'text/plain' }, body: value });

export async function startLoopback(handle: (r: Received) => Reply | Promise<Reply>): Promise<Loopback> {
  const received: Received[] = [];
  const script: Scripted[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://loopback');
        const r: Received = {
          method: req.method ?? 'GET',
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
        };
        received.push(r);
        const canned = script.shift();
        if (canned?.delayMs) await new Promise((done) => setTimeout(done, canned.delayMs));
        const reply: Reply = canned?.status !== undefined ? (canned as Reply) : await handle(r);
        if (res.destroyed) return;
        res.writeHead(reply.status, reply.headers ?? {});
        res.end(reply.body ?? '');
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    received,
    script,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
