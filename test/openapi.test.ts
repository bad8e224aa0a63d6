import fs from 'node:fs';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { TOOLS } from '../tools/index.js';
import { openApiText, toolTable } from '../src/gen.js';
import { makeWorld } from './support/world.js';

const root = path.resolve(import.meta.dirname, '..');

describe('OpenAPI', () => {
  it('is a valid OpenAPI 3.1.0 document listing every operation with its scope', async () => {
    const doc = JSON.parse(openApiText());
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    await SwaggerParser.validate(structuredClone(doc));
    const ops = new Map<string, { security: Array<Record<string, string[]>> }>();
    for (const item of Object.values(doc.paths) as Array<Record<string, { operationId: string; security: Array<Record<string, string[]>> }>>) {
      for (const op of Object.values(item)) ops.set(op.operationId, op);
    }
    // Every tool, plus the live event stream, which has no MCP twin.
    expect([...ops.keys()].sort()).toEqual([...TOOLS.map((t) => t.name), 'stream_campaign_events'].sort());
    expect(ops.get('stream_campaign_events')?.security).toEqual([{ bearer: ['service:read'] }]);
    for (const t of TOOLS) expect(ops.get(t.name)?.security).toEqual([{ bearer: [`service:${t.kind}`] }]);
  });

  it('is committed as schemas/openapi.json and the README table is current (npm run gen)', () => {
    expect(fs.readFileSync(path.join(root, 'schemas/openapi.json'), 'utf8')).toBe(openApiText());
    expect(fs.readFileSync(path.join(root, 'README.md'), 'utf8')).toContain(toolTable());
  });

  it('is served at /api/public/v1/openapi.json without a key', async () => {
    const w = await makeWorld();
    try {
      const res = await fetch(`${w.base}/api/public/v1/openapi.json`);
      expect(res.status).toBe(200);
      const doc = await res.json();
      expect(doc.servers[0].url).toMatch(/\/api\/public\/v1$/);
      expect(Object.keys(doc.paths)).toEqual(Object.keys(JSON.parse(openApiText()).paths));
    } finally {
      await w.close();
    }
  });
});
