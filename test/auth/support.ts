import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { makeInstance, type TestEnv } from '../support/instance.js';
import { startServer, type Running } from '../../src/cli/serve.js';

/** A free loopback port, so the public URL in links and metadata names the real port. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface Doors extends TestEnv {
  base: string;
  running: Running;
  stop(): Promise<void>;
}

/** A migrated instance served over real HTTP, its public URL set to where it listens. */
export async function startDoors(env: Record<string, string> = {}): Promise<Doors> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t = await makeInstance({ GREENROOM_PORT: String(port), GREENROOM_PUBLIC_URL: base, ...env });
  const running = await startServer(t.instance.config, t.instance);
  return {
    ...t,
    base,
    running,
    stop: async () => {
      await running.stop();
      await t.close();
    },
  };
}

/** A browser-like client over fetch: keeps cookies, does not follow redirects. */
export class WebClient {
  readonly cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  async get(path: string): Promise<Response> {
    return this.keep(await fetch(new URL(path, this.base), { redirect: 'manual', headers: this.headers() }));
  }

  /** A form post as a browser sends it from one of the site's own pages: with the site's Origin. */
  async post(
    path: string,
    form: Record<string, string | string[]>,
    headers: Record<string, string> = { origin: new URL(this.base).origin },
  ): Promise<Response> {
    const body = new URLSearchParams();
    for (const [k, v] of Object.entries(form)) for (const one of Array.isArray(v) ? v : [v]) body.append(k, one);
    return this.keep(
      await fetch(new URL(path, this.base), {
        method: 'POST',
        redirect: 'manual',
        headers: { ...this.headers(), ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        body,
      }),
    );
  }

  /** The CSRF token of the first form on a page. */
  async csrf(path?: string): Promise<string> {
    let res = await this.get(path ?? '/signin');
    // Signed in, the sign-in page redirects; the settings page has forms too.
    if (!path && res.status === 303) res = await this.get('/settings');
    const html = await res.text();
    const m = /name="csrf" value="([^"]+)"/.exec(html);
    if (!m) throw new Error(`no csrf field on ${path ?? '/signin'}`);
    return m[1];
  }

  private headers(): Record<string, string> {
    return this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {};
  }

  private keep(res: Response): Response {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
}

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The text body, quoted-printable decoded. */
  text: string;
}

/** A real SMTP server on loopback (no TLS, no auth) that keeps what it receives. */
export async function startSmtp(): Promise<{ url: string; mails: ReceivedMail[]; next(timeoutMs?: number): Promise<ReceivedMail>; close(): Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const waiters: Array<(m: ReceivedMail) => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (d: Buffer) => chunks.push(d));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw, text: decodeBody(raw) };
        mails.push(mail);
        waiters.shift()?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  let taken = 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    next: (timeoutMs = 15_000) =>
      new Promise((resolve, reject) => {
        if (mails.length > taken) return resolve(mails[taken++]);
        const timer = setTimeout(() => reject(new Error('no mail arrived')), timeoutMs);
        waiters.push((m) => {
          clearTimeout(timer);
          taken++;
          resolve(m);
        });
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decodeBody(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  let body = raw.slice(split + 4);
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    body = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  } else if (/content-transfer-encoding:\s*base64/i.test(headers)) {
    body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return body.replace(/\r\n/g, '\n');
}

export const linkIn = (text: string): string => {
  const m = /(https?:\/\/\S+)/.exec(text);
  if (!m) throw new Error(`no link in mail:\n${text}`);
  return m[1];
};

export const codeIn = (text: string): string => {
  const m = /code[^:\n]*:\s*([A-Z0-9]{4}-[A-Z0-9]{4})\b/.exec(text);
  if (!m) throw new Error(`no code in mail:\n${text}`);
  return m[1];
};
