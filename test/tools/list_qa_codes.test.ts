import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, mcpOverHttp } from '../support/clients.js';
import { refusal } from '../support/drafts.js';
import { makeWorld, type World } from '../support/world.js';

const TOOL = 'list_qa_codes';

const refused = refusal(TOOL, 'read');

const HARD_FAIL_CODES = [
  'unresolved_placeholder',
  'over_length',
  'empty_or_too_short',
  'wrong_recipient_name',
  'ungrounded_claim',
  'link_in_first_touch',
  'missing_cta',
  'spam_trigger_stack',
  'fake_reply_prefix',
  'forbidden_term',
];
const ACTIONS = ['none', 'rescore', 'human_review'];
const FIXES = ['none', 'rescore', 'rewrite', 'human_review'];

interface Code {
  code: string;
  action: string;
  fix: string;
  hint: string;
  description: string;
}
interface Vocabulary {
  hard_fail_codes: Code[];
  flags: Code[];
  actions: Array<{ action: string; meaning: string }>;
  fixes: Array<{ fix: string; meaning: string }>;
  error_codes: Array<{ code: string; http_status: number; meaning: string; fault_http_status?: number; note?: string }>;
}

describe('list_qa_codes', () => {
  let w: World;
  let vocabulary: Vocabulary;

  beforeAll(async () => {
    w = await makeWorld();
    vocabulary = (await w.tool(TOOL)).data;
  });
  afterAll(() => w.close());

  it('answers the same envelope over HTTP and MCP', async () => {
    const h = await w.get('/qa-codes');
    expect(h.status).toBe(200);
    expect(h.body).toMatchObject({ ok: true, tool: TOOL, kind: 'read', error: null });
    expect(await w.tool(TOOL, {})).toEqual(h.body);
  });

  it('lists every hard-fail code of the gate once', () => {
    const codes = vocabulary.hard_fail_codes.map((c) => c.code);
    expect(codes).toEqual(expect.arrayContaining(HARD_FAIL_CODES));
    expect(new Set(codes).size).toBe(codes.length);
  });

  it.each(HARD_FAIL_CODES)('gives %s a known remediation action, a non-empty hint and a description', (code) => {
    const entry = vocabulary.hard_fail_codes.find((c) => c.code === code);
    expect(entry).toBeDefined();
    expect(ACTIONS).toContain(entry?.action);
    expect(FIXES).toContain(entry?.fix);
    expect(entry?.hint.trim().length).toBeGreaterThan(0);
    expect(entry?.description.trim().length).toBeGreaterThan(0);
  });

  it('routes a wrong recipient name and a forbidden term to a person, and the mechanical faults to a rewrite and a rescore', () => {
    const entry = (code: string) => vocabulary.hard_fail_codes.find((c) => c.code === code);
    expect(entry('wrong_recipient_name')).toMatchObject({ action: 'human_review', fix: 'human_review' });
    expect(entry('forbidden_term')).toMatchObject({ action: 'human_review', fix: 'human_review' });
    for (const code of ['unresolved_placeholder', 'over_length', 'link_in_first_touch', 'missing_cta', 'spam_trigger_stack', 'fake_reply_prefix']) {
      expect(entry(code), code).toMatchObject({ action: 'rescore', fix: 'rewrite' });
    }
  });

  it('lists the routing flags that can ask for a person without a reason, each with an action and a hint', () => {
    const flags = vocabulary.flags.map((f) => f.code);
    expect(flags).toEqual(expect.arrayContaining(['m2_no_rotation', 'm3_no_rotation', 'founder_approved', 'founder_rejected']));
    for (const f of vocabulary.flags) {
      expect(ACTIONS).toContain(f.action);
      expect(f.hint.trim().length).toBeGreaterThan(0);
    }
  });

  it('explains every fix action', () => {
    expect(vocabulary.actions.map((a) => a.action).sort()).toEqual([...ACTIONS].sort());
    for (const a of vocabulary.actions) expect(a.meaning.trim().length).toBeGreaterThan(0);
    expect(vocabulary.fixes.map((f) => f.fix).sort()).toEqual([...FIXES].sort());
    for (const f of vocabulary.fixes) expect(f.meaning.trim().length).toBeGreaterThan(0);
  });

  it('maps each envelope error code to its HTTP status', () => {
    const pairs = vocabulary.error_codes.map((e) => [e.code, e.http_status]);
    expect(pairs).toEqual(
      expect.arrayContaining([
        ['invalid_request', 400],
        ['unauthenticated', 401],
        ['forbidden_scope', 403],
        ['not_found', 404],
        ['rate_limited', 429],
        ['tool_error', 422],
        ['agent_signup_disabled', 503],
      ]),
    );
    for (const e of vocabulary.error_codes) expect(e.meaning.trim().length, e.code).toBeGreaterThan(0);
  });

  it('lists each error code once: the 500 of an unexpected fault is a note on tool_error, not a second row', () => {
    const codes = vocabulary.error_codes.map((e) => e.code);
    expect(codes).toEqual([...new Set(codes)]);
    const toolError = vocabulary.error_codes.find((e) => e.code === 'tool_error');
    expect(toolError).toMatchObject({ http_status: 422, fault_http_status: 500, note: expect.stringContaining('500') });
    for (const e of vocabulary.error_codes.filter((x) => x.code !== 'tool_error')) {
      expect(e, e.code).not.toHaveProperty('fault_http_status');
      expect(e, e.code).not.toHaveProperty('note');
    }
  });

  it('is static: two calls return identical data on each transport', async () => {
    const [a, b] = [await w.get('/qa-codes'), await w.get('/qa-codes')];
    expect(b.body.data).toEqual(a.body.data);
    expect((await w.tool(TOOL)).data).toEqual((await w.tool(TOOL)).data);
    expect(a.body.data).toEqual(vocabulary);
  });

  it('is served to a read-only key', async () => {
    const h = await w.get('/qa-codes', { key: w.user.keys.read });
    expect(h.status).toBe(200);
    expect(h.body.data).toEqual(vocabulary);
    expect((await callAs(w.instance, w.user, 'read', TOOL)).data).toEqual(vocabulary);
  });

  describe('refusals', () => {
    it('answers 401 unauthenticated without a key or with a bad key, over HTTP and MCP', async () => {
      for (const key of [undefined, 'grn_not_a_real_key']) {
        const h = await w.get('/qa-codes', { key });
        expect(h.status).toBe(401);
        expect(h.body).toEqual(refused('unauthenticated'));
        expect(h.headers.get('www-authenticate')).toMatch(/^Bearer /);
        const m = await mcpOverHttp(w.base, TOOL, {}, key ? `Bearer ${key}` : undefined);
        expect(m.status).toBe(401);
        expect(m.headers.get('www-authenticate')).toMatch(/^Bearer /);
      }
    });

    it('answers 403 forbidden_scope to a key without read, over HTTP and MCP', async () => {
      const h = await w.get('/qa-codes', { key: w.user.keys.write });
      expect(h.status).toBe(403);
      expect(h.body).toEqual(refused('forbidden_scope'));
      expect(await callAs(w.instance, w.user, 'write', TOOL, {})).toEqual(refused('forbidden_scope'));
    });

    it('answers 400 invalid_request to an unknown field, over HTTP and MCP', async () => {
      const h = await w.get('/qa-codes', { query: { code: 'over_length' } });
      expect(h.status).toBe(400);
      expect(h.body).toEqual(refused('invalid_request'));
      expect(h.body.error?.message).toContain('code');
      const m = await w.tool(TOOL, { code: 'over_length' });
      expect(m).toEqual(refused('invalid_request'));
      expect(m.error?.message).toContain('code');
    });
  });
});
