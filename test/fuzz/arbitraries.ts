import fc from 'fast-check';

type Json = Record<string, any>;

/** Strings that have broken parsers, databases and terminals before. */
const ODD_STRINGS = [
  '',
  ' ',
  '\t\n',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF\uD800',
  '\u202Eevil',
  '\uFEFF',
  'e\u0301\u0301\u0301',
  '𝕏🏳️‍🌈👩‍👩‍👧',
  'ﷺ',
  "' OR 1=1 --",
  '"; DROP TABLE campaigns; --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00%2F',
  '${jndi:ldap://x}',
  'null',
  'true',
  '-1',
  '1e309',
  '__proto__',
  'constructor',
  '00000000-0000-0000-0000-000000000000',
  '------------------------------------',
  'ABCDEFAB-ABCD-4BCD-8BCD-ABCDEFABCDEF',
  'https://',
  'https://127.0.0.1/',
  'javascript:alert(1)',
];

export const oddString = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...ODD_STRINGS) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: hugeString() },
  );

/**
 * Well past every documented limit, and once just past the 1 MiB body cap. Not much
 * further: a client still writing megabytes after the server answered and closed gets
 * EPIPE instead of the answer (curl reads the 400 fine), which would say nothing about the server.
 */
export const hugeString = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.tuple(fc.constantFrom('x', 'é', '😀', '\u0000'), fc.constantFrom(201, 501, 2001, 4001, 70_000)).map(([c, n]) => c.repeat(n)),
    fc.constant('x'.repeat(1_050_000)),
  );

const BOUNDARY_NUMBERS = [0, -0, -1, 1, 1.5, 0.1, 199, 200, 201, 2 ** 31, -(2 ** 31), 2 ** 53, -(2 ** 53), 2 ** 53 + 2, 1e21, 1e308, -1e308, Number.MIN_VALUE];

export const wrongType = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom<unknown>(null, true, false, [], {}, [null], { a: 1 }, '', 0),
    fc.constantFrom(...BOUNDARY_NUMBERS),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    oddString(),
    fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 3 }),
  );

/** A value the schema accepts (formats included), drawn near its limits as often as inside them. */
export function valid(schema: Json): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]));
  if (schema.type === 'object') return validObject(schema);
  if (schema.anyOf || schema.oneOf) return fc.oneof(...((schema.anyOf ?? schema.oneOf) as Json[]).map(valid));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return validString(schema);
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? -1000;
      const max = schema.maximum ?? 1000;
      return type === 'integer' ? fc.oneof(fc.constantFrom(min, max), fc.integer({ min, max })) : fc.double({ min, max, noNaN: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valid(schema.items ?? {}), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 4, 4) });
    case 'object':
      return validObject(schema);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

function validString(schema: Json): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid({ version: [4, 7] });
  if (schema.format === 'uri') return fc.webUrl({ validSchemes: ['https'] }).filter((u) => u.length <= (schema.maxLength ?? 500));
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? 60;
  const edges = fc.constantFrom('a'.repeat(Math.max(minLength, 1)), 'é'.repeat(maxLength), 'x'.repeat(maxLength));
  const text = fc.string({ unit: 'grapheme-ascii', minLength, maxLength: Math.min(maxLength, 60) });
  return fc.oneof(edges, text);
}

/** An object with its required fields and, where the schema is an anyOf of `required` lists, one of those too. */
function validObject(schema: Json): fc.Arbitrary<Record<string, unknown>> {
  const props = (schema.properties ?? {}) as Record<string, Json>;
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, v] of Object.entries(props)) model[k] = valid(v);
  const required = (schema.required ?? []) as string[];
  const alternatives = ((schema.anyOf ?? []) as Json[]).map((a) => (a.required ?? []) as string[]);
  const extra = alternatives.length ? fc.constantFrom(...alternatives) : fc.constant<string[]>([]);
  return extra.chain((more) => fc.record(model, { requiredKeys: [...required, ...more] })) as fc.Arbitrary<Record<string, unknown>>;
}

/** A value the schema should refuse, or an odd one whatever the schema says. */
export function invalid(schema: Json): fc.Arbitrary<unknown> {
  const near: unknown[] = [];
  if (schema.type === 'string') {
    if ((schema.minLength ?? 0) > 0) near.push('');
    if (schema.maxLength !== undefined) near.push('x'.repeat(schema.maxLength + 1), '😀'.repeat(schema.maxLength + 1));
    if (schema.format) near.push('not a ' + schema.format, 'ftp://x', '12345678-1234-1234-1234-123456789012');
  }
  if (schema.type === 'integer' || schema.type === 'number') {
    if (schema.minimum !== undefined) near.push(schema.minimum - 1);
    if (schema.maximum !== undefined) near.push(schema.maximum + 1);
    if (schema.type === 'integer') near.push(1.5, 2 ** 53 + 2);
  }
  if (schema.type === 'array' && schema.maxItems !== undefined) near.push(Array.from({ length: schema.maxItems + 1 }, () => 'x'));
  if (schema.type === 'array') near.push([], [1], [''], ['a', 'a']);
  if (schema.enum) near.push('zzz', String(schema.enum[0]).toUpperCase());
  const arbs: Array<fc.Arbitrary<unknown>> = [wrongType()];
  if (near.length) arbs.push(fc.constantFrom(...near));
  return fc.oneof(...arbs);
}
