import fc from 'fast-check';
import type { DocOperation } from './doc.js';
import { hugeString, invalid, oddString, valid, wrongType } from './arbitraries.js';

type Json = Record<string, any>;

/** One HTTP request, and what the document says about it. */
export interface FuzzRequest {
  method: 'GET' | 'POST';
  path: string;
  query: Array<[string, string]>;
  headers: Record<string, string>;
  body?: string;
  /** What the document's schemas judge: path values, query texts, the body. */
  judged: { path: Record<string, unknown>; query: Record<string, string>; unknownQuery: boolean; body: unknown; bodyGiven: boolean; bodyIsJson: boolean };
  /** An idempotency key was sent: reuse across runs legitimately refuses valid requests. */
  keyed: boolean;
}

const encodable = (s: string): boolean => {
  try {
    encodeURIComponent(s);
    return true;
  } catch {
    return false;
  }
};

// Empty, "." and ".." segments change which route the URL names; huge ones are refused by
// Node's HTTP parser (431) before the application sees them. Neither is an operation's answer.
const segmentOk = (s: string) => s !== '' && s !== '.' && s !== '..' && encodable(s) && encodeURIComponent(s).length < 4000;

function pathValue(schema: Json, knownIds: string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: knownIds.length ? fc.oneof(fc.constantFrom(...knownIds), valid(schema)) : valid(schema) },
    { weight: 1, arbitrary: fc.oneof(invalid(schema), oddString()).filter((v) => segmentOk(String(v))) },
  );
}

/** Query values are text: a typed value is sent as its JSON text. */
function queryValue(schema: Json): fc.Arbitrary<string> {
  return fc
    .oneof({ weight: 6, arbitrary: valid(schema) }, { weight: 1, arbitrary: invalid(schema) })
    .map((v) => (typeof v === 'string' ? v : JSON.stringify(v)))
    .filter((t) => encodable(t) && encodeURIComponent(t).length < 4000);
}

/** The value in about one draw of `oneIn`, null otherwise. */
const sometimes = <T>(arb: fc.Arbitrary<T>, oneIn: number): fc.Arbitrary<T | null> =>
  fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: arb });

const IDEMPOTENCY_KEYS = ['fuzz-a', 'fuzz-b', 'k'.repeat(200)];

function bodyArb(schema: Json): fc.Arbitrary<{ text?: string; value: unknown; given: boolean; json: boolean }> {
  const props = Object.entries((schema.properties ?? {}) as Record<string, Json>);
  const asJson = (value: unknown) => ({ text: JSON.stringify(value), value, given: true, json: true });
  const base = valid(schema) as fc.Arbitrary<Record<string, unknown>>;
  const arbs: Array<fc.WeightedArbitrary<{ text?: string; value: unknown; given: boolean; json: boolean }>> = [
    { weight: 10, arbitrary: base.map(asJson) },
    { weight: 1, arbitrary: fc.tuple(base, fc.string({ minLength: 1, maxLength: 20 }), wrongType()).map(([b, k, v]) => asJson({ ...b, [k]: v })) },
    { weight: 1, arbitrary: fc.constant({ text: undefined, value: undefined, given: false, json: true }) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('[]', '"x"', 'null', '1', 'true', '{', '{"a":', '\u0000', '{"a":1}{"b":2}')
        .map((text) => ({ text, value: undefined, given: true, json: false })),
    },
    { weight: 1, arbitrary: hugeString().map((s) => asJson({ [props[0]?.[0] ?? 'x']: s })) },
  ];
  if (props.length) {
    const field = fc.constantFrom(...props);
    arbs.push({ weight: 3, arbitrary: fc.tuple(base, field).chain(([b, [k, s]]) => invalid(s).map((v) => asJson({ ...b, [k]: v }))) });
  }
  return fc.oneof(...arbs);
}

/** Requests for one operation: valid and invalid path parameters, query strings and bodies. */
export function requestArb(o: DocOperation, knownIds: string[]): fc.Arbitrary<FuzzRequest> {
  const pathArb = fc.record(Object.fromEntries(o.pathParams.map((p) => [p.name as string, pathValue(p.schema, knownIds)])));
  const queryArb = fc.record(Object.fromEntries(o.queryParams.map((p) => [p.name as string, queryValue(p.schema)])), { requiredKeys: [] });
  const unknownQuery = sometimes(fc.tuple(fc.constantFrom('zzz', 'limit[]', 'sort'), fc.string({ maxLength: 5 })), 6);
  const keyHeader = sometimes(
    fc.oneof(fc.constantFrom(...IDEMPOTENCY_KEYS), fc.constantFrom('', 'k'.repeat(201)), fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 30 })),
    4,
  );
  const body = o.method === 'post' && o.body ? bodyArb(o.body) : fc.constant(null);
  return fc.tuple(pathArb, queryArb, unknownQuery, keyHeader, body).map(([pathValues, partialQuery, extra, key, b]) => {
    const queryValues = Object.fromEntries(Object.entries(partialQuery).filter((e): e is [string, string] => e[1] !== undefined));
    let path = o.path;
    for (const [k, v] of Object.entries(pathValues)) path = path.replace(`{${k}}`, encodeURIComponent(String(v)));
    const query: Array<[string, string]> = Object.entries(queryValues);
    if (extra) query.push(extra);
    const headers: Record<string, string> = {};
    // Header values must be Latin-1 on the wire; fetch refuses anything else before sending.
    if (key !== null && o.method === 'post' && /^[\x20-\x7e]*$/.test(key)) headers['idempotency-key'] = key;
    const bodyKey = b && b.json && b.value && typeof b.value === 'object' && 'idempotency_key' in b.value;
    return {
      method: o.method === 'post' ? 'POST' : 'GET',
      path,
      query,
      headers,
      body: b?.text,
      judged: {
        path: pathValues,
        query: queryValues,
        unknownQuery: extra !== null,
        body: b?.value,
        bodyGiven: b?.given ?? false,
        bodyIsJson: b?.json ?? true,
      },
      keyed: 'idempotency-key' in headers || Boolean(bodyKey),
    };
  });
}
