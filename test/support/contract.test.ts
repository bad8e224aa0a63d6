import { describe, expect, it } from 'vitest';
import { allTools } from '../../src/registry/catalog.js';
import { envelopeJsonSchema } from '../../src/registry/json-schema.js';
import { assertContract, deepStrict } from './contract.js';

// The check every tool test runs on every answer (test/support/clients.ts) must be able to fail.
describe('the contract check of the test clients', () => {
  const whoami = {
    ok: true,
    tool: 'whoami',
    kind: 'read',
    error: null,
    data: { user_id: 'u', email: 'e@example.com', name: 'n', scopes: ['read'], credential: { id: 'k', kind: 'api_key', name: 'all' } },
  };

  it('accepts an answer that matches the declared output', () => {
    expect(() => assertContract(whoami, 'test')).not.toThrow();
  });

  it('refuses an unknown key at any depth, a missing field and a wrong type', () => {
    const { credential } = whoami.data;
    expect(() => assertContract({ ...whoami, data: { ...whoami.data, credential: { ...credential, secret: 'x' } } }, 'test')).toThrow(/contract/);
    expect(() => assertContract({ ...whoami, data: { ...whoami.data, extra: 1 } }, 'test')).toThrow(/contract/);
    expect(() => assertContract({ ...whoami, extra: 1 }, 'test')).toThrow(/contract/);
    const { email: _gone, ...missing } = whoami.data;
    expect(() => assertContract({ ...whoami, data: missing }, 'test')).toThrow(/contract/);
    expect(() => assertContract({ ...whoami, data: { ...whoami.data, scopes: ['admin'] } }, 'test')).toThrow(/contract/);
  });

  it('refuses a refusal that is not the error envelope', () => {
    const refusal = { ok: false, tool: 'whoami', kind: 'read', data: null, error: { code: 'not_found', message: 'm' } };
    expect(() => assertContract(refusal, 'test')).not.toThrow();
    expect(() => assertContract({ ...refusal, error: { ...refusal.error, stack: 'x' } }, 'test')).toThrow(/contract/);
    expect(() => assertContract({ ...refusal, data: {} }, 'test')).toThrow(/contract/);
  });

  it('closes objects the schema left open', () => {
    const open = { type: 'object', properties: { a: { type: 'object', properties: { b: { type: 'string' } } } } };
    expect(deepStrict(open)).toEqual({
      type: 'object',
      properties: { a: { type: 'object', properties: { b: { type: 'string' } }, additionalProperties: false } },
      additionalProperties: false,
    });
  });

  // Why the published schemas serve as the strict contract unchanged: zod's output mode
  // closes every z.object, so the SDK client's own validation is already strict.
  it.each(allTools().map((t) => [t.name, t] as const))('%s publishes an envelope schema that is closed at every depth', (_name, tool) => {
    const published = envelopeJsonSchema(tool);
    expect(deepStrict(published)).toEqual(published);
  });
});
