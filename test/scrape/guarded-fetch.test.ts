import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedFetch, FetchFailedError, UnsafeUrlError, type GuardedFetch, type Resolver } from '../../src/scrape/guarded-fetch.js';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

interface Fixture {
  server: Server;
  port: number;
  base: string;
  requests: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }>;
}

async function startServer(handler: Handler): Promise<Fixture> {
  const fixture = { requests: [] } as unknown as Fixture;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      fixture.requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fixture.server = server;
  fixture.port = (server.address() as AddressInfo).port;
  fixture.base = `http://127.0.0.1:${fixture.port}`;
  return fixture;
}

async function stopServer(fixture: Fixture | undefined): Promise<void> {
  if (fixture === undefined) return;
  fixture.server.closeAllConnections();
  await new Promise<void>((resolve) => fixture.server.close(() => resolve()));
}

const BIG = 2 * 1024 * 1024;

/** The main fixture: one path per behaviour. */
const routes: Record<string, Handler> = {
  '/page': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/HTML; charset=UTF-8', 'x-extra': 'yes' });
    res.end('<h1>Speakers — Grüße 日本</h1>');
  },
  '/echo': (req, res, body) => {
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ method: req.method, body, type: req.headers['content-type'] ?? null }));
  },
  '/no-type': (_req, res) => res.end('plain'),
  '/redirect-to-page': (_req, res) => redirect(res, 302, '/page'),
  '/see-other': (_req, res) => redirect(res, 303, '/echo'),
  '/temporary': (_req, res) => redirect(res, 307, '/echo'),
  '/loop': (_req, res) => redirect(res, 302, '/loop'),
  '/to-http-public': (_req, res) => redirect(res, 302, 'http://conference.example.com/speakers'),
  '/to-metadata': (_req, res) => redirect(res, 301, 'https://169.254.169.254/latest/meta-data/'),
  '/slow-headers': () => {
    /* never answers */
  },
  '/slow-body': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.write('first part');
    /* the rest never comes */
  },
  '/big-chunked': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    const chunk = 'x'.repeat(64 * 1024);
    for (let sent = 0; sent < BIG; sent += chunk.length) res.write(chunk);
    res.end();
  },
  '/big-declared': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(BIG) });
    res.end('x'.repeat(BIG));
  },
};

function redirect(res: ServerResponse, status: number, location: string): void {
  res.writeHead(status, { location, 'content-type': 'text/plain' });
  res.end('moved');
}

let main: Fixture;
let other: Fixture;
let fetchPage: GuardedFetch;
const lookups: string[] = [];
/** Tests resolve every name to loopback; only the allowlist decides what may connect. */
const loopbackResolver: Resolver = async (hostname) => {
  lookups.push(hostname);
  return [{ address: '127.0.0.1', family: 4 }];
};

beforeAll(async () => {
  main = await startServer((req, res, body) => {
    const route = routes[new URL(req.url ?? '/', 'http://x').pathname];
    if (route) route(req, res, body);
    else res.writeHead(404).end();
  });
  other = await startServer((_req, res) => res.end('should never be reached'));
  routes['/to-other-port'] = (_req, res) => redirect(res, 302, `${other.base}/secret`);
  fetchPage = createGuardedFetch({ allowHosts: [`127.0.0.1:${main.port}`], lookup: loopbackResolver });
});

afterAll(async () => {
  await fetchPage?.close();
  await stopServer(main);
  await stopServer(other);
});

describe('connect-time address check', () => {
  const cases: Array<[string, Array<{ address: string; family: number }>]> = [
    ['loopback', [{ address: '127.0.0.1', family: 4 }]],
    ['private', [{ address: '10.0.0.1', family: 4 }]],
    ['metadata', [{ address: '169.254.169.254', family: 4 }]],
    ['IPv4-mapped loopback', [{ address: '::ffff:127.0.0.1', family: 6 }]],
    [
      'public mixed with private',
      [
        { address: '8.8.8.8', family: 4 },
        { address: '10.0.0.1', family: 4 },
      ],
    ],
  ];

  it.each(cases)('refuses a public-looking name that resolves to %s', async (_label, addresses) => {
    const seen: string[] = [];
    const fetcher = createGuardedFetch({
      timeoutMs: 5_000,
      lookup: async (hostname) => {
        seen.push(hostname);
        return addresses;
      },
    });
    try {
      const attempt = fetcher(`https://conference.example.com:${main.port}/page`);
      await expect(attempt).rejects.toBeInstanceOf(UnsafeUrlError);
      await expect(attempt).rejects.toThrow(`could not resolve conference.example.com to a public address`);
      // The refusal came from the socket's lookup, after the URL check had passed.
      expect(seen).toEqual(['conference.example.com']);
    } finally {
      await fetcher.close();
    }
    expect(main.requests.some((r) => r.headers.host?.startsWith('conference.example.com'))).toBe(false);
  });

  it('refuses an unsafe URL before any lookup or connection', async () => {
    const before = lookups.length;
    await expect(fetchPage(`http://127.0.0.1:${other.port}/`)).rejects.toBeInstanceOf(UnsafeUrlError);
    await expect(fetchPage('https://localhost/')).rejects.toThrow(/private or internal/);
    expect(lookups.length).toBe(before);
    expect(other.requests).toHaveLength(0);
  });

  it('refuses a name that does not resolve in the same words as one that resolves to a private address', async () => {
    // Telling the two apart would map the network behind the server for whoever supplies URLs.
    const refusal = async (lookup: Resolver) => {
      const fetcher = createGuardedFetch({ timeoutMs: 5_000, lookup });
      try {
        return await fetcher(`https://conference.example.com:${main.port}/page`).then(
          () => null,
          (err: Error) => ({ name: err.name, message: err.message }),
        );
      } finally {
        await fetcher.close();
      }
    };
    const missing = await refusal(async () => {
      throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    });
    const internal = await refusal(async () => [{ address: '10.1.2.3', family: 4 }]);
    const wrongFamily = await refusal(async () => []);
    expect(missing).toEqual({ name: 'UnsafeUrlError', message: 'could not resolve conference.example.com to a public address' });
    expect(internal).toEqual(missing);
    expect(wrongFamily).toEqual(missing);
  });
});

describe('allowlisted fetch', () => {
  it('returns status, headers, content type and UTF-8 body, and sends the User-Agent', async () => {
    const res = await fetchPage(`${main.base}/page#section`);
    expect(res).toMatchObject({ url: `${main.base}/page`, status: 200, contentType: 'text/html' });
    expect(res.body).toBe('<h1>Speakers — Grüße 日本</h1>');
    expect(res.headers['x-extra']).toBe('yes');
    const seen = main.requests.at(-1);
    expect(seen?.headers['user-agent']).toMatch(/^Greenroom\/\d+\.\d+\.\d+$/);
    expect(seen?.headers.accept).toContain('text/html');
  });

  it('sends a POST body with caller headers and a custom User-Agent', async () => {
    const fetcher = createGuardedFetch({ allowHosts: [`127.0.0.1:${main.port}`], userAgent: 'TestAgent/1' });
    try {
      const res = await fetcher(`${main.base}/echo`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Signature': 'abc' },
        body: '{"a":1}',
      });
      expect(res.status).toBe(201);
      expect(JSON.parse(res.body)).toEqual({ method: 'POST', body: '{"a":1}', type: 'application/json' });
      expect(main.requests.at(-1)?.headers).toMatchObject({ 'user-agent': 'TestAgent/1', 'x-signature': 'abc' });
    } finally {
      await fetcher.close();
    }
  });

  it('reports an empty content type when the server sends none', async () => {
    const res = await fetchPage(`${main.base}/no-type`);
    expect(res.contentType).toBe('');
    expect(res.body).toBe('plain');
  });

  it('reaches an allowlisted hostname through the injected lookup', async () => {
    const fetcher = createGuardedFetch({ allowHosts: [`localhost:${main.port}`], lookup: loopbackResolver });
    try {
      const res = await fetcher(`http://localhost:${main.port}/page`);
      expect(res.status).toBe(200);
    } finally {
      await fetcher.close();
    }
  });

  it('asks a GET again once when the server drops the connection before answering, and never a POST', async () => {
    // A server that closes a kept-alive socket just as a request goes out: the same page asked
    // once more on a fresh connection answers; a POST is not repeated (it may have been taken).
    let dropped = 0;
    const flaky = await startServer((req, res) => {
      if (dropped < 1 || req.method === 'POST') {
        dropped += 1;
        req.socket.destroy();
        return;
      }
      res.end('<h1>Speakers</h1>');
    });
    const fetcher = createGuardedFetch({ allowHosts: [`127.0.0.1:${flaky.port}`] });
    try {
      const got = await fetcher(`${flaky.base}/speakers`);
      expect(got.body).toBe('<h1>Speakers</h1>');
      expect(flaky.requests.filter((r) => r.method === 'GET')).toHaveLength(2);
      await expect(fetcher(`${flaky.base}/hook`, { method: 'POST', body: '{}' })).rejects.toThrow(/network error/);
      expect(flaky.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    } finally {
      await fetcher.close();
      await stopServer(flaky);
    }
  });

  it('reports a refused connection as FetchFailedError', async () => {
    const closed = await startServer(() => undefined);
    const port = closed.port;
    await stopServer(closed);
    const fetcher = createGuardedFetch({ allowHosts: [`127.0.0.1:${port}`] });
    try {
      await expect(fetcher(`http://127.0.0.1:${port}/`)).rejects.toThrow(/network error/);
    } finally {
      await fetcher.close();
    }
  });
});

describe('redirects', () => {
  it('follows a redirect within the allowlisted server and reports the final URL', async () => {
    const res = await fetchPage(`${main.base}/redirect-to-page`);
    expect(res.status).toBe(200);
    expect(res.url).toBe(`${main.base}/page`);
  });

  it('turns a POST into a GET on 303 and keeps it on 307', async () => {
    const seeOther = await fetchPage(`${main.base}/see-other`, { method: 'POST', body: 'x=1' });
    expect(JSON.parse(seeOther.body)).toMatchObject({ method: 'GET', body: '' });
    const temporary = await fetchPage(`${main.base}/temporary`, { method: 'POST', body: 'x=1' });
    expect(JSON.parse(temporary.body)).toMatchObject({ method: 'POST', body: 'x=1' });
  });

  it('refuses a redirect to a loopback port that is not allowlisted', async () => {
    const attempt = fetchPage(`${main.base}/to-other-port`);
    await expect(attempt).rejects.toBeInstanceOf(UnsafeUrlError);
    await expect(attempt).rejects.toThrow(/redirect refused/);
    expect(other.requests).toHaveLength(0);
  });

  it('refuses a redirect to http:// on a public name', async () => {
    await expect(fetchPage(`${main.base}/to-http-public`)).rejects.toThrow(/redirect refused: the URL must use https/);
  });

  it('refuses a redirect to an IP literal', async () => {
    await expect(fetchPage(`${main.base}/to-metadata`)).rejects.toBeInstanceOf(UnsafeUrlError);
  });

  it('fails after too many redirects', async () => {
    const fetcher = createGuardedFetch({ allowHosts: [`127.0.0.1:${main.port}`], maxRedirects: 3 });
    try {
      const before = main.requests.length;
      const attempt = fetcher(`${main.base}/loop`);
      await expect(attempt).rejects.toBeInstanceOf(FetchFailedError);
      await expect(attempt).rejects.toThrow(/too many redirects/);
      expect(main.requests.length - before).toBe(4); // the first request and three hops
    } finally {
      await fetcher.close();
    }
  });

  it('returns the 3xx as is when followRedirects is false', async () => {
    const res = await fetchPage(`${main.base}/to-other-port`, { followRedirects: false });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`${other.base}/secret`);
    expect(res.body).toBe('moved');
    expect(other.requests).toHaveLength(0);
  });
});

describe('caps', () => {
  const capped = (extra: { timeoutMs?: number; maxBytes?: number }): GuardedFetch => createGuardedFetch({ allowHosts: [`127.0.0.1:${main.port}`], ...extra });

  it('times out when the server never answers', async () => {
    const fetcher = capped({ timeoutMs: 200 });
    try {
      const attempt = fetcher(`${main.base}/slow-headers`);
      await expect(attempt).rejects.toBeInstanceOf(FetchFailedError);
      await expect(attempt).rejects.toThrow(/timed out after 200 ms/);
    } finally {
      await fetcher.close();
    }
  });

  it('times out when the body stalls after the headers', async () => {
    const fetcher = capped({ timeoutMs: 200 });
    try {
      await expect(fetcher(`${main.base}/slow-body`)).rejects.toThrow(/timed out after 200 ms/);
    } finally {
      await fetcher.close();
    }
  });

  it.each(['/big-chunked', '/big-declared'])('stops reading %s past maxBytes', async (path) => {
    const fetcher = capped({ maxBytes: 1024 * 1024 });
    try {
      const attempt = fetcher(`${main.base}${path}`);
      await expect(attempt).rejects.toBeInstanceOf(FetchFailedError);
      await expect(attempt).rejects.toThrow(/larger than 1048576 bytes/);
    } finally {
      await fetcher.close();
    }
  });

  it('accepts a body under maxBytes', async () => {
    const fetcher = capped({ maxBytes: 4 * 1024 * 1024 });
    try {
      const res = await fetcher(`${main.base}/big-chunked`);
      expect(res.body.length).toBe(BIG);
    } finally {
      await fetcher.close();
    }
  });
});
