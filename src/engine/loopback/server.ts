import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { askOf, rulesAnswer, type ModelAsk } from './answer.js';
import { answer, failure, modelOf, stringsIn, wireOf, type Wire } from './wire.js';

/** One scripted misbehaviour, used up by the next request that matches. */
export type Fault = { kind: 'status'; status: number; retryAfter?: string; message?: string } | { kind: 'hang' } | { kind: 'malformed' };

export interface ModelRequest {
  vendor: string;
  wire: Wire;
  path: string;
  model: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  ask: ModelAsk | null;
  /** ms since the server started. */
  at: number;
  status: number;
}

export interface LoopbackModelServer {
  url: string;
  /** Epoch ms the server started; requests' `at` counts from here. */
  startedAt: number;
  /** Base URL of one vendor's API on this server (e.g. base('openai') → http://127.0.0.1:PORT/openai/v1). */
  base(vendor: string): string;
  requests: ModelRequest[];
  /** Queues faults; each is used by one later request (of that stage, that vendor, or that `when` accepts). */
  fail(fault: Fault, opts?: { times?: number; stage?: string; vendor?: string; when?: (ask: ModelAsk) => boolean }): void;
  /** Replaces the answer for a stage (the rules answer otherwise); `vendor` is the path's first segment. */
  answerWith(fn: ((ask: ModelAsk, vendor: string) => unknown) | null): void;
  close(): Promise<void>;
}

const API_ROOT: Record<string, string> = { google: 'v1beta' };

/**
 * A model vendor on loopback speaking OpenAI (Responses and Chat Completions), xAI,
 * Anthropic Messages, Google generateContent and Mistral chat, each under
 * /<vendor>/<version>. It answers after `latencyMs`, from the rules engine unless told
 * otherwise, and can be scripted to answer 429 with Retry-After, 500, hang or send
 * output that is not JSON.
 */
export async function startModelServer(opts: { latencyMs?: number } = {}): Promise<LoopbackModelServer> {
  const started = Date.now();
  const requests: ModelRequest[] = [];
  const faults: Array<{ fault: Fault; stage?: string; vendor?: string; when?: (ask: ModelAsk) => boolean }> = [];
  let custom: ((ask: ModelAsk, vendor: string) => unknown) | null = null;
  let n = 0;
  const hanging = new Set<http.ServerResponse>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] as string;
      const wire = wireOf(path);
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(payload));
      };
      if (path === '/_stats' && req.method === 'GET') return send(200, { requests: requests.length, first_at: requests[0] ? started + requests[0].at : null });
      if (!wire || req.method !== 'POST') return send(404, { error: { message: `no route ${req.method} ${path}` } });
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      const ask = askOf(stringsIn(body));
      const entry: ModelRequest = {
        vendor: path.split('/')[1] ?? '',
        wire,
        path,
        model: modelOf(wire, path, body),
        headers: req.headers,
        body,
        ask,
        at: Date.now() - started,
        status: 200,
      };
      requests.push(entry);
      const i = faults.findIndex(
        (f) => (!f.stage || f.stage === ask?.stage) && (!f.vendor || f.vendor === entry.vendor) && (!f.when || (ask !== null && f.when(ask))),
      );
      const fault = i >= 0 ? faults.splice(i, 1)[0]?.fault : undefined;
      const reply = () => {
        if (fault?.kind === 'hang') return void hanging.add(res);
        if (fault?.kind === 'status') {
          entry.status = fault.status;
          return send(
            fault.status,
            failure(wire, fault.status, fault.message ?? `scripted ${fault.status}`),
            fault.retryAfter ? { 'retry-after': fault.retryAfter } : {},
          );
        }
        const text =
          fault?.kind === 'malformed'
            ? 'Sure! Here is the JSON you asked for: {"messages": ['
            : JSON.stringify(ask ? (custom ? custom(ask, entry.vendor) : rulesAnswer(ask)) : {});
        const usage = { input: Math.ceil(stringsIn(body).join('').length / 4), output: Math.ceil(text.length / 4) };
        send(200, answer(wire, entry.model, text, usage, body, ++n));
      };
      if (opts.latencyMs) setTimeout(reply, opts.latencyMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    startedAt: started,
    base: (vendor) => `${url}/${vendor}/${API_ROOT[vendor] ?? 'v1'}`,
    requests,
    fail: (fault, o = {}) => {
      for (let k = 0; k < (o.times ?? 1); k++) faults.push({ fault, stage: o.stage, vendor: o.vendor, when: o.when });
    },
    answerWith: (fn) => void (custom = fn),
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Settings that point every vendor at this server, with test keys. */
export function loopbackModelEnv(s: LoopbackModelServer, model = 'loopback-model'): Record<string, string> {
  return {
    GREENROOM_OPENAI_API_KEY: 'sk-loopback-openai',
    GREENROOM_OPENAI_BASE_URL: s.base('openai'),
    GREENROOM_XAI_API_KEY: 'xai-loopback',
    GREENROOM_XAI_BASE_URL: s.base('xai'),
    GREENROOM_ANTHROPIC_API_KEY: 'sk-ant-loopback',
    GREENROOM_ANTHROPIC_BASE_URL: s.base('anthropic'),
    GREENROOM_GOOGLE_API_KEY: 'google-loopback',
    GREENROOM_GOOGLE_BASE_URL: s.base('google'),
    GREENROOM_MISTRAL_API_KEY: 'mistral-loopback',
    GREENROOM_MISTRAL_BASE_URL: s.base('mistral'),
    GREENROOM_OPENAI_COMPATIBLE_URL: s.base('compat'),
    GREENROOM_OPENAI_COMPATIBLE_API_KEY: 'compat-loopback',
    GREENROOM_OPENAI_COMPATIBLE_MODEL: model,
  };
}
