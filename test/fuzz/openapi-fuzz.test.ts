import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { request } from 'undici';
import { ERROR_STATUS, INTERNAL_ERROR_STATUS } from '../../src/errors.js';
import { loadDoc, makeValidator, operations, type DocOperation } from './doc.js';
import { requestArb, type FuzzRequest } from './requests.js';
import { startServe, type Served } from './server.js';

/**
 * Property-based fuzzing of every operation of the OpenAPI document against a real
 * `greenroom serve`: whatever the request, the answer is never a 5xx, always the
 * envelope, has a documented status and a body valid against that status's schema,
 * and the server refuses (400) exactly what the document's schemas refuse.
 * FUZZ_SEED and FUZZ_RUNS override the fixed seed and the runs per operation, FUZZ_OPS
 * (comma-separated operationIds) narrows the operations, FUZZ_STATS=1 prints outcomes.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);

const validator = makeValidator();
const codeOfStatus = new Map<number, string>([
  ...Object.entries(ERROR_STATUS).map(([code, status]) => [status, code] as [number, string]),
  [INTERNAL_ERROR_STATUS, 'tool_error'],
  // A body too large or not JSON is refused before it is read.
  [413, 'invalid_request'],
  [415, 'invalid_request'],
]);

interface Answer {
  status: number;
  type: string;
  text: string;
}

let served: Served;
let doc: Record<string, any>;
let ops: DocOperation[];
const knownIds: string[] = [];

beforeAll(async () => {
  [served, doc] = await Promise.all([startServe(), loadDoc()]);
  ops = operations(doc);
  const created = await fetch(`${served.base}/api/public/v1/campaigns`, {
    method: 'POST',
    headers: { authorization: `Bearer ${served.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Fuzz target' }),
  });
  knownIds.push(((await created.json()) as { data: { campaign_id: string } }).data.campaign_id);
}, 60_000);
afterAll(() => served?.stop());

/** Query texts as the document means them: numbers and booleans by the parameter's type. */
function typedQuery(o: DocOperation, name: string, text: string): unknown {
  const type = o.queryParams.find((p) => p.name === name)?.schema?.type;
  if ((type === 'integer' || type === 'number') && /^-?(0|[1-9]\d*)(\.\d+)?$/.test(text)) return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** Whether the document accepts the request; null where it says nothing (unknown query parameters). */
function documentAccepts(o: DocOperation, req: FuzzRequest): boolean | null {
  for (const p of o.pathParams) if (!validator(p.schema)(req.judged.path[p.name])) return false;
  for (const p of o.queryParams) if (p.required && req.judged.query[p.name] === undefined) return false;
  for (const [name, text] of Object.entries(req.judged.query)) {
    const p = o.queryParams.find((q) => q.name === name);
    if (p && !validator(p.schema)(typedQuery(o, name, text))) return false;
  }
  if (o.method === 'post') {
    if (!req.judged.bodyIsJson) return false;
    if (!req.judged.bodyGiven) return !o.op.requestBody?.required;
    if (o.body && !validator(o.body)(req.judged.body)) return false;
  }
  // A cursor is valid only as next_cursor of the same query; its schema cannot judge that.
  return req.judged.unknownQuery || req.judged.query.cursor !== undefined ? null : true;
}

// What the generator means by a valid URL; the server may refuse anything else for its address.
const PLAIN_PUBLIC_HTTPS = /^https:\/\/([a-z0-9-]+\.)+[a-z]{2,}(\/[^@]*)?$/i;

/**
 * The document says in prose, not in the schema, that URL fields must name a public https
 * host (which the server checks against its allowlist): a refusal naming such a field is
 * that rule, unless the value was a plain public https URL.
 */
function urlPolicy(o: DocOperation, req: FuzzRequest, message: unknown): boolean {
  const props = (o.body?.properties ?? {}) as Record<string, { format?: string }>;
  const field = Object.keys(props).find((k) => props[k]?.format === 'uri' && typeof message === 'string' && message.startsWith(`${k}: `));
  if (!field) return false;
  const value = (req.judged.body as Record<string, unknown> | undefined)?.[field];
  return !(typeof value === 'string' && PLAIN_PUBLIC_HTTPS.test(value));
}

/**
 * A fresh connection per request (reset): on a loaded machine a reused keep-alive socket
 * can be closed by the server's idle timeout just as a request goes out, which is the
 * client's race, not an answer of the server.
 */
async function send(req: FuzzRequest): Promise<Answer> {
  const url = new URL(`${served.base}/api/public/v1${req.path}`);
  for (const [k, v] of req.query) url.searchParams.append(k, v);
  const headers: Record<string, string> = { authorization: `Bearer ${served.key}`, ...req.headers };
  if (req.method === 'POST') headers['content-type'] = 'application/json';
  const res = await request(url, {
    method: req.method,
    headers,
    body: req.method === 'POST' ? req.body : undefined,
    reset: true,
    headersTimeout: 15_000,
    bodyTimeout: 15_000,
  });
  const type = String(res.headers['content-type'] ?? '');
  if (type.startsWith('text/event-stream')) {
    res.body.destroy();
    return { status: res.statusCode, type, text: '' };
  }
  return { status: res.statusCode, type, text: await res.body.text() };
}

/** Every way the answer disagrees with the document; empty when it agrees. */
function problems(o: DocOperation, req: FuzzRequest, res: Answer): string[] {
  const found: string[] = [];
  const documented = o.op.responses[String(res.status)];
  if (res.status >= 500) found.push(`answered ${res.status}`);
  if (!documented) found.push(`status ${res.status} is not documented`);
  const { type, text } = res;
  if (res.status === 200 && type.startsWith('text/event-stream')) {
    if (!documented?.content?.['text/event-stream']) found.push('an event stream where none is documented');
    return found;
  }
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    return [...found, `not JSON (${type}): ${text.slice(0, 200)}`];
  }
  const schema = documented?.content?.['application/json']?.schema;
  const check = schema ? validator(schema) : null;
  if (check && !check(body)) found.push(`body does not match the documented ${res.status} schema: ${JSON.stringify(check.errors?.slice(0, 3))}`);
  if (body?.ok !== (res.status === 200)) found.push(`ok=${body?.ok} with status ${res.status}`);
  if (!o.operationId.startsWith('stream_') && body?.tool !== o.operationId) found.push(`tool "${body?.tool}" is not ${o.operationId}`);
  if (body?.kind !== o.op['x-greenroom-kind']) found.push(`kind "${body?.kind}" is not ${o.op['x-greenroom-kind']}`);
  if (res.status !== 200 && body?.error?.code !== codeOfStatus.get(res.status)) found.push(`error code ${body?.error?.code} with status ${res.status}`);
  const accepts = documentAccepts(o, req);
  if (accepts === false && res.status !== 400 && res.status !== 413) found.push(`the document refuses this request but the server answered ${res.status}`);
  if (accepts === true && !req.keyed && res.status === 400 && !urlPolicy(o, req, body?.error?.message))
    found.push(`the document accepts this request but the server refused it: ${body?.error?.message}`);
  return found;
}

const stats = new Map<string, Map<string, number>>();
function tally(op: string, outcome: string): void {
  const m = stats.get(op) ?? new Map<string, number>();
  m.set(outcome, (m.get(outcome) ?? 0) + 1);
  stats.set(op, m);
}
afterAll(() => {
  for (const [op, m] of stats) process.stderr.write(`${op.padEnd(26)} ${[...m].map(([k, v]) => `${k}:${v}`).join('  ')}\n`);
});

const describeRequest = (req: FuzzRequest) =>
  `${req.method} ${req.path}${req.query.length ? '?' + new URLSearchParams(req.query).toString() : ''} headers=${JSON.stringify(req.headers)} body=${req.body === undefined ? '(none)' : req.body.slice(0, 300)}${(req.body?.length ?? 0) > 300 ? `… (${req.body?.length} chars)` : ''}`;

describe('fuzzing every operation of the OpenAPI document against greenroom serve', () => {
  it('covers every operation with a fixed seed', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    const only = process.env.FUZZ_OPS?.split(',');
    for (const o of ops.filter((x) => !only || only.includes(x.operationId))) {
      const result = await fc.check(
        fc.asyncProperty(requestArb(o, knownIds), async (req) => {
          if (process.env.FUZZ_TRACE) process.stderr.write(`TRACE ${Date.now() % 100000} ${describeRequest(req).slice(0, 300)}\n`);
          const res = await send(req).catch((e: Error) => {
            throw new Error(`no answer (${e.message}: ${String((e.cause as Error | undefined)?.message ?? '')})\n  request: ${describeRequest(req)}`);
          });
          const found = problems(o, req, res);
          if (process.env.FUZZ_STATS) tally(o.operationId, `${res.status}/${documentAccepts(o, req)}`);
          if (found.length) throw new Error(`${found.join('; ')}\n  request: ${describeRequest(req)}`);
        }),
        { seed: SEED, numRuns: RUNS },
      );
      if (result.failed)
        failures.push(
          `${o.operationId} (seed ${SEED}, path ${result.counterexamplePath}): ${String((result.errorInstance as Error | undefined)?.message ?? result.errorInstance)}`,
        );
    }
    if (failures.length) {
      process.stderr.write(`openapi fuzz failed with seed ${SEED}\n`);
      throw new Error(
        `${failures.length} operation(s) disagree with the document (seed ${SEED}):\n${failures.join('\n')}\n--- server log ---\n${served.log().slice(-4000)}`,
      );
    }
  });
});
