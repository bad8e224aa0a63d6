import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../tools/index.js';
import { inputJsonSchema } from '../src/registry/json-schema.js';
import { makeWorld, type World } from './support/world.js';

/**
 * Bad input gets invalid_request, never a 500: every field of every operation is sent
 * a value of the wrong type, over HTTP and over MCP.
 */
const ID = '00000000-0000-4000-8000-000000000000';

type Prop = { type?: string | string[]; anyOf?: Prop[]; items?: Prop };

function typesOf(p: Prop): string[] {
  if (p.anyOf) return p.anyOf.flatMap(typesOf);
  if (Array.isArray(p.type)) return p.type;
  return p.type ? [p.type] : [];
}

/** A value whose JSON type the field does not accept. */
function wrongValue(p: Prop): unknown {
  const ok = typesOf(p);
  if (!ok.includes('object')) return { nested: true };
  if (!ok.includes('array')) return [1, 2];
  return 12345;
}

const cases = TOOLS.flatMap((tool) => {
  const props = (inputJsonSchema(tool).properties ?? {}) as Record<string, Prop>;
  return Object.entries(props).map(([field, prop]) => ({ tool, field, prop }));
});

describe('wrong-typed input', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld({ GREENROOM_RATE_READ: '100000', GREENROOM_RATE_WRITE: '100000', GREENROOM_RATE_SEND: '100000' });
  });
  afterAll(() => w.close());

  it.each(cases.map((c) => [`${c.tool.name}.${c.field}`, c] as const))('%s is invalid_request over HTTP and MCP', async (_label, { tool, field, prop }) => {
    const args: Record<string, unknown> = {};
    const params = [...tool.http.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
    for (const p of params) args[p] = ID;
    args[field] = wrongValue(prop);
    const viaMcp = await w.tool(tool.name, args);
    expect(viaMcp.error?.code, JSON.stringify(viaMcp.error)).toBe('invalid_request');
    if (params.includes(field)) return; // a path segment is always text over HTTP
    const path = tool.http.path.replace(/\{(\w+)\}/g, ID);
    const r =
      tool.http.method === 'GET'
        ? await w.get(path, { query: { [field]: typeof args[field] === 'object' ? JSON.stringify(args[field]) : String(args[field]) } })
        : await w.post(path, { [field]: args[field] });
    if (tool.http.method === 'POST') {
      expect(r.status, JSON.stringify(r.body.error)).toBe(400);
      expect(r.body.error?.code).toBe('invalid_request');
    } else {
      // A query value is text, so text filters may take it and simply find nothing.
      const text = typesOf(prop).includes('string');
      expect(text ? [200, 400, 404] : [400, 404], `${r.status} ${JSON.stringify(r.body.error)}`).toContain(r.status);
    }
  });
});

describe('an oversized body', () => {
  it('is refused with 413 invalid_request before it is read', async () => {
    const w = await makeWorld();
    try {
      const r = await w.post('/campaigns', undefined, { rawBody: JSON.stringify({ name: 'x', pitch: 'y'.repeat(2 * 1024 * 1024) }) });
      expect(r.status).toBe(413);
      expect(r.body.error?.code).toBe('invalid_request');
      expect((await w.tool('list_campaigns')).data.items).toEqual([]);
    } finally {
      await w.close();
    }
  });
});
