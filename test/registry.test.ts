import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOOLS } from '../tools/index.js';
import { inputJsonSchema, envelopeJsonSchema } from '../src/registry/json-schema.js';
import { makeWorld } from './support/world.js';

const root = path.resolve(import.meta.dirname, '..');

describe('the tool registry', () => {
  it('has unique names that equal their file names, and every tool file is registered', () => {
    const names = TOOLS.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    const files = fs
      .readdirSync(path.join(root, 'tools'))
      .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
      .map((f) => f.replace(/\.ts$/, ''));
    expect([...names].sort()).toEqual(files.sort());
    for (const t of TOOLS) expect(t.name).toMatch(/^[a-z][a-z0-9_]*$/);
  });

  it('gives every tool all four annotations, a flat object input, an output schema and a short description', () => {
    for (const t of TOOLS) {
      for (const k of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) {
        expect(typeof t.annotations[k], `${t.name}.${k}`).toBe('boolean');
      }
      expect(t.annotations.readOnlyHint).toBe(t.kind === 'read');
      const input = inputJsonSchema(t);
      expect(input.type, t.name).toBe('object');
      expect(input.anyOf ?? input.oneOf ?? input.allOf, `${t.name} input must not be a union`).toBeUndefined();
      expect(envelopeJsonSchema(t).type).toBe('object');
      expect(t.description.length, t.name).toBeLessThan(1024);
      expect(t.title.length).toBeGreaterThan(0);
    }
  });

  it('routes every tool to a unique method and path whose parameters are input fields', () => {
    const routes = TOOLS.map((t) => `${t.http.method} ${t.http.path}`);
    expect(new Set(routes).size).toBe(routes.length);
    for (const t of TOOLS) {
      const props = Object.keys((inputJsonSchema(t).properties ?? {}) as object);
      for (const [, param] of t.http.path.matchAll(/\{(\w+)\}/g)) expect(props, `${t.name} path {${param}}`).toContain(param);
      if (t.kind === 'read') expect(t.http.method, t.name).toBe('GET');
    }
  });

  it('names only input fields in requireAny, and none a caller must always send', () => {
    for (const t of TOOLS.filter((x) => x.requireAny)) {
      const schema = inputJsonSchema(t);
      const props = Object.keys((schema.properties ?? {}) as object);
      for (const k of t.requireAny ?? []) {
        expect(props, `${t.name}.requireAny ${k}`).toContain(k);
        expect((schema.required ?? []) as string[], `${t.name}.requireAny ${k}`).not.toContain(k);
      }
    }
  });

  it('has a test file for every tool', () => {
    for (const t of TOOLS) expect(fs.existsSync(path.join(root, 'test/tools', `${t.name}.test.ts`)), t.name).toBe(true);
  });

  it('lists tools over MCP in registry order, filtered by scope, with the annotations', async () => {
    const w = await makeWorld();
    try {
      const listed = await w.mcp.listTools();
      expect(listed.tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
      for (const t of listed.tools) {
        expect(t.annotations).toMatchObject({
          readOnlyHint: expect.any(Boolean),
          destructiveHint: expect.any(Boolean),
          idempotentHint: expect.any(Boolean),
          openWorldHint: expect.any(Boolean),
        });
        expect(t.outputSchema?.type).toBe('object');
      }
      const { mcpClient } = await import('./support/clients.js');
      const readOnly = await mcpClient(w.instance, w.user, 'read');
      const readNames = (await readOnly.listTools()).tools.map((t) => t.name);
      expect(readNames).toEqual(TOOLS.filter((t) => t.kind === 'read').map((t) => t.name));
      const refused = await readOnly.callTool({ name: 'create_campaign', arguments: { name: 'x' } });
      expect(refused.isError).toBe(true);
      expect(refused.structuredContent).toMatchObject({ ok: false, error: { code: 'forbidden_scope' } });
      await readOnly.close();
    } finally {
      await w.close();
    }
  });
});
