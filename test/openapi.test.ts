import fs from 'node:fs';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { TOOLS } from '../tools/index.js';
import { openApiText, TABLE_PAGE, toolTable } from '../src/gen.js';
import { makeWorld } from './support/world.js';
import { loadDoc, makeValidator, operations } from './fuzz/doc.js';

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
    // Every tool, plus the live event stream and the agent sign-up, which have no MCP twin.
    expect([...ops.keys()].sort()).toEqual([...TOOLS.map((t) => t.name), 'stream_campaign_events', 'agent_signup', 'get_agent_signup'].sort());
    expect(ops.get('stream_campaign_events')?.security).toEqual([{ bearer: ['service:read'] }]);
    expect(ops.get('agent_signup')?.security).toEqual([]);
    expect(ops.get('get_agent_signup')?.security).toEqual([{ signupPoll: [] }]);
    for (const t of TOOLS) expect(ops.get(t.name)?.security).toEqual([{ bearer: [`service:${t.kind}`] }]);
  });

  it('is committed as schemas/openapi.json and the operations table of docs/api.md is current (npm run gen)', () => {
    expect(fs.readFileSync(path.join(root, 'schemas/openapi.json'), 'utf8')).toBe(openApiText());
    expect(fs.readFileSync(path.join(root, TABLE_PAGE), 'utf8')).toContain(toolTable());
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

  it('keeps format uri and a minimum length on URL fields', async () => {
    const doc = await loadDoc();
    const bodyOf = (id: string) => operations(doc).find((o) => o.operationId === id)?.body?.properties;
    for (const field of [bodyOf('create_campaign')?.conference_url, bodyOf('add_conference_url')?.url]) {
      expect(field).toMatchObject({ type: 'string', format: 'uri', minLength: 1, maxLength: 500 });
    }
  });

  it('documents idempotency_key on every write body and the rule that header and body key must agree', async () => {
    const doc = await loadDoc();
    // The tools' POSTs; agent sign-up says in its description that each request is its own.
    for (const o of operations(doc).filter((x) => x.method === 'post' && x.operationId !== 'agent_signup')) {
      expect(o.body?.properties?.idempotency_key, o.operationId).toMatchObject({ type: 'string', minLength: 1, maxLength: 200 });
      const header = o.op.parameters.find((p: { name: string }) => p.name === 'Idempotency-Key');
      for (const text of [header.description, o.body?.properties?.idempotency_key.description]) {
        expect(text, o.operationId).toMatch(/different keys are invalid_request/);
        expect(text, o.operationId).toMatch(/over 60 s ago/);
      }
    }
  });

  it('refuses exactly the request bodies the server refuses', async () => {
    const doc = await loadDoc();
    const validate = makeValidator();
    const w = await makeWorld();
    try {
      const id = (await w.tool('create_campaign', { name: 'Doc check' })).data.campaign_id as string;
      const cases: Array<[string, string, Record<string, unknown>]> = [
        ['create_campaign', '/campaigns', { conference_url: '' }],
        ['create_campaign', '/campaigns', { name: 'ok', idempotency_key: 'doc-1' }],
        ['add_conference_url', `/campaigns/${id}/conference-urls`, { url: '' }],
        ['update_campaign', `/campaigns/${id}`, {}],
        ['update_campaign', `/campaigns/${id}`, { idempotency_key: 'doc-2' }],
        ['update_campaign', `/campaigns/${id}`, { tone: 'warm' }],
        ['update_campaign', `/campaigns/${id}`, { icp: { titles: [' '] } }],
        ['update_campaign', `/campaigns/${id}`, { icp: { titles: [` CTO${' '.repeat(200)}`] } }],
        ['add_conference_url', `/campaigns/${id}/conference-urls`, { url: 'ftp://events.example.com/' }],
        ['add_conference_url', `/campaigns/${id}/conference-urls`, { url: 'https://events.example.com/a b' }],
        ['add_conference_url', `/campaigns/${id}/conference-urls`, { url: ' https://events.example.com/' }],
        ['add_conference_url', `/campaigns/${id}/conference-urls`, { url: 'https://events.example.com/speakers' }],
      ];
      for (const [op, path, body] of cases) {
        const schema = operations(doc).find((o) => o.operationId === op)?.body as Record<string, unknown>;
        const reply = await w.post(path, body);
        expect(reply.status === 400, `${op} ${JSON.stringify(body)}: server said ${reply.status}`).toBe(!validate(schema)(body));
      }
    } finally {
      await w.close();
    }
  });
});
