import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs } from '../support/clients.js';
import type { TestUser } from '../support/instance.js';
import { autoStartCampaign, othersRunCampaign, refusal, UNKNOWN, type Query, type SpeakerSummary as Summary } from '../support/drafts.js';
import { makePipelineWorld, type PipelineWorld } from '../support/pipeline.js';

const TOOL = 'search_speakers';

const refused = refusal(TOOL, 'read');

describe('search_speakers', () => {
  let w: PipelineWorld;
  let other: TestUser;
  let sessionizeId: string;
  let cardsId: string;
  let othersCampaign: string;
  let othersIds: Set<string>;
  let all: Summary[];

  /** The same search over HTTP (query string) and MCP (typed arguments); both must agree. */
  const search = async (args: Query = {}) => {
    const h = await w.get('/speakers', { query: args });
    expect(h.status).toBe(200);
    expect(h.body).toMatchObject({ ok: true, tool: TOOL, kind: 'read', error: null });
    expect(await w.tool(TOOL, args)).toEqual(h.body);
    return h.body.data as { items: Summary[]; next_cursor: string | null; has_more: boolean };
  };
  const ids = (items: Summary[]) => items.map((s) => s.speaker_id).sort();

  beforeAll(async () => {
    w = await makePipelineWorld();
    sessionizeId = await autoStartCampaign(w, 'Sessionize', w.urls.sessionize);
    cardsId = await autoStartCampaign(w, 'Cards', w.urls.cards);
    const others = await othersRunCampaign(w, w.urls.sessionize);
    ({ other, othersCampaign } = others);
    othersIds = new Set(others.othersSpeakers.map((s) => s.speaker_id));
    all = (await w.tool(TOOL, { limit: 200 })).data.items;
  });
  afterAll(() => w.close());

  it('returns every speaker of the user across campaigns, and none of another user', async () => {
    const page = await search({ limit: 200 });
    expect(page).toMatchObject({ has_more: false, next_cursor: null });
    expect(page.items).toHaveLength(32);
    expect(new Set(page.items.map((s) => s.campaign_id))).toEqual(new Set([sessionizeId, cardsId]));
    expect(othersIds.size).toBe(16);
    for (const s of page.items) expect(othersIds.has(s.speaker_id)).toBe(false);
    expect(page.items[0]).toEqual({
      speaker_id: expect.any(String),
      campaign_id: sessionizeId,
      name: 'Ada Abernathy',
      title: 'VP Engineering',
      company: 'Northwind Labs',
      linkedin_url: expect.stringContaining('linkedin.com/in/ada-abernathy'),
      prequalify_verdict: expect.any(String),
      fit_score: expect.any(Number),
      qualified: expect.any(Boolean),
      stage: 'done',
      selected: true,
      reply_status: null,
      created_at: expect.any(String),
    });
  });

  it('pages with limit 5 through all 32 speakers: exact has_more, short cursors, no duplicates, cursors valid on both transports', async () => {
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | undefined;
    let page = 0;
    do {
      const args = cursor ? { limit: 5, cursor } : { limit: 5 };
      // Alternate transports: a cursor from HTTP is honoured over MCP with the same key, and back.
      const r = page % 2 === 0 ? (await w.get('/speakers', { query: args })).body : await w.tool(TOOL, args);
      expect(r.ok).toBe(true);
      const data = r.data as { items: Summary[]; next_cursor: string | null; has_more: boolean };
      seen.push(...data.items.map((s) => s.speaker_id));
      sizes.push(data.items.length);
      expect(data.has_more).toBe(data.next_cursor !== null);
      if (data.next_cursor) expect(data.next_cursor.length).toBeLessThanOrEqual(32);
      cursor = data.next_cursor ?? undefined;
      page++;
    } while (cursor);
    expect(sizes).toEqual([5, 5, 5, 5, 5, 5, 2]);
    expect(new Set(seen).size).toBe(32);
    expect(seen).toEqual(all.map((s) => s.speaker_id));
  });

  it('ends without an empty trailing page when the matches fill the last page exactly', async () => {
    const first = await search({ campaign_id: sessionizeId, limit: 8 });
    expect(first.items).toHaveLength(8);
    expect(first.has_more).toBe(true);
    const second = await search({ campaign_id: sessionizeId, limit: 8, cursor: first.next_cursor as string });
    expect(second).toMatchObject({ has_more: false, next_cursor: null });
    expect(second.items).toHaveLength(8);
    expect(new Set([...ids(first.items), ...ids(second.items)]).size).toBe(16);
    expect(await search({ campaign_id: sessionizeId, limit: 16 })).toMatchObject({ has_more: false, next_cursor: null });
  });

  it('filters by campaign_id', async () => {
    for (const campaignId of [sessionizeId, cardsId]) {
      const page = await search({ campaign_id: campaignId, limit: 200 });
      expect(page.items).toHaveLength(16);
      expect(page.items.every((s) => s.campaign_id === campaignId)).toBe(true);
    }
  });

  it('matches name case-insensitively and partially', async () => {
    const ada = await search({ name: 'ADA', limit: 200 });
    expect(ada.items.map((s) => s.name)).toEqual(['Ada Abernathy']);
    for (const name of ['abernATHY', 'ar', 'Farah Abern', 'isol']) {
      const expected = all.filter((s) => s.name.toLowerCase().includes(name.toLowerCase()));
      expect(expected.length).toBeGreaterThan(0);
      expect(ids((await search({ name, limit: 200 })).items)).toEqual(ids(expected));
    }
    expect((await search({ name: 'Zelenko' })).items).toEqual([]);
  });

  it('matches company case-insensitively and partially', async () => {
    for (const company of ['NORTHWIND', 'labs', 'Kestrel Cl', 'data']) {
      const expected = all.filter((s) => (s.company ?? '').toLowerCase().includes(company.toLowerCase()));
      expect(expected.length).toBeGreaterThan(0);
      expect(ids((await search({ company, limit: 200 })).items)).toEqual(ids(expected));
    }
    expect((await search({ company: 'Initech' })).items).toEqual([]);
  });

  it('pages through a name or company match, and both at once, finding every match once', async () => {
    const cases: Array<{ name?: string; company?: string }> = [
      { company: 'labs' },
      { name: 'an' },
      { name: 'ann', company: 'data' },
      { company: 'LABS', name: 'a' },
    ];
    for (const filters of cases) {
      const expected = all.filter(
        (s) =>
          (!filters.name || s.name.toLowerCase().includes(filters.name.toLowerCase())) &&
          (!filters.company || (s.company ?? '').toLowerCase().includes(filters.company.toLowerCase())),
      );
      const seen: Summary[] = [];
      let cursor: string | undefined;
      do {
        const page = await search({ ...(filters as Record<string, string>), limit: 2, ...(cursor ? { cursor } : {}) });
        seen.push(...page.items);
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
      expect(ids(seen), JSON.stringify(filters)).toEqual(ids(expected));
    }
  });

  it('treats LIKE wildcards and punctuation in name and company as text, not as match-anything', async () => {
    for (const args of [{ name: '%' }, { name: '_' }, { company: '%' }, { name: '!!!' }]) {
      const r = await w.tool(TOOL, { ...args, limit: 200 });
      // Either refused as a filter with nothing to match, or an honest empty result: never everyone.
      if (r.ok) expect(r.data.items.length, JSON.stringify(args)).toBe(0);
      else expect(r).toEqual(refused('invalid_request'));
    }
  });

  it('filters by prequalify_verdict, and the three verdicts cover every speaker', async () => {
    let total = 0;
    for (const verdict of ['qualified', 'unsure', 'disqualified'] as const) {
      const page = await search({ prequalify_verdict: verdict, limit: 200 });
      expect(page.items.length).toBeGreaterThan(0);
      expect(page.items.every((s) => s.prequalify_verdict === verdict)).toBe(true);
      expect(ids(page.items)).toEqual(ids(all.filter((s) => s.prequalify_verdict === verdict)));
      total += page.items.length;
    }
    expect(total).toBe(32);
  });

  it('filters by reply_status', async () => {
    const [a, b, c] = all as [Summary, Summary, Summary];
    await w.tool('set_speaker_reply_status', { speaker_id: a.speaker_id, reply_status: 'replied' });
    await w.tool('set_speaker_reply_status', { speaker_id: b.speaker_id, reply_status: 'booked' });
    await w.tool('set_speaker_reply_status', { speaker_id: c.speaker_id, reply_status: 'booked' });
    expect(ids((await search({ reply_status: 'replied' })).items)).toEqual([a.speaker_id]);
    expect(ids((await search({ reply_status: 'booked' })).items)).toEqual(ids([b, c]));
    expect((await search({ reply_status: 'no_reply' })).items).toEqual([]);
    expect((await search({ reply_status: 'x'.repeat(40) })).items).toEqual([]);
    await w.tool('set_speaker_reply_status', { speaker_id: c.speaker_id, reply_status: null });
    expect(ids((await search({ reply_status: 'booked' })).items)).toEqual([b.speaker_id]);
  });

  it('filters by selected', async () => {
    const target = all[5] as Summary;
    expect((await search({ selected: false })).items).toEqual([]);
    await w.tool('set_speaker_selected', { speaker_id: target.speaker_id, selected: false });
    const excluded = await search({ selected: false });
    expect(excluded.items.map((s) => [s.speaker_id, s.selected])).toEqual([[target.speaker_id, false]]);
    const selected = await search({ selected: true, limit: 200 });
    expect(selected.items).toHaveLength(31);
    expect(selected.items.every((s) => s.selected)).toBe(true);
    await w.tool('set_speaker_selected', { speaker_id: target.speaker_id, selected: true });
    expect((await search({ selected: false })).items).toEqual([]);
  });

  it('combines filters with AND', async () => {
    const args = { campaign_id: cardsId, name: 'a', company: 'o', prequalify_verdict: 'qualified', selected: true, limit: 200 } as const;
    const expected = all.filter(
      (s) =>
        s.campaign_id === cardsId &&
        s.name.toLowerCase().includes('a') &&
        (s.company ?? '').toLowerCase().includes('o') &&
        s.prequalify_verdict === 'qualified' &&
        s.selected,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(ids((await search(args)).items)).toEqual(ids(expected));
  });

  describe('cursors', () => {
    let nameCursor: string;
    beforeAll(async () => {
      const first = await search({ name: 'a', limit: 2 });
      expect(first.has_more).toBe(true);
      nameCursor = first.next_cursor as string;
    });

    it('continues the same query, even with another page size', async () => {
      const next = await search({ name: 'a', limit: 3, cursor: nameCursor });
      expect(next.items).toHaveLength(3);
    });

    it('refuses a cursor used without its filters or with other filter values', async () => {
      for (const args of [{ cursor: nameCursor }, { name: 'b', cursor: nameCursor }, { name: 'a', selected: true, cursor: nameCursor }]) {
        const h = await w.get('/speakers', { query: args });
        expect(h.status).toBe(400);
        expect(h.body).toEqual(refused('invalid_request'));
        expect(h.body.error?.message).toMatch(/cursor/);
        expect(await w.tool(TOOL, args)).toEqual(refused('invalid_request'));
      }
    });

    it('refuses a cursor from another key, from another tool, or tampered with', async () => {
      const otherKey = await w.get('/speakers', { key: w.user.keys.read, query: { name: 'a', cursor: nameCursor } });
      expect(otherKey.status).toBe(400);
      expect(otherKey.body).toEqual(refused('invalid_request'));
      const theirs = await w.get('/speakers', { key: other.keys.read, query: { name: 'a', cursor: nameCursor } });
      expect(theirs.status).toBe(400);

      for (let i = 0; i < 3; i++) await w.tool('create_campaign', { name: `Filler ${i}` });
      const campaignsCursor = (await w.tool('list_campaigns', { limit: 1 })).data.next_cursor as string;
      expect(campaignsCursor).toEqual(expect.any(String));
      const fromList = await w.get('/speakers', { query: { cursor: campaignsCursor } });
      expect(fromList.status).toBe(400);
      expect(fromList.body).toEqual(refused('invalid_request'));

      const [pos, tag] = nameCursor.split('.') as [string, string];
      for (const cursor of [`${pos}0.${tag}`, `${pos}.${tag.slice(1)}x`, 'garbage', '.']) {
        expect(await w.tool(TOOL, { name: 'a', cursor })).toEqual(refused('invalid_request'));
      }
    });
  });

  describe('refusals', () => {
    it('answers 401 unauthenticated without a key or with a bad key', async () => {
      for (const key of [undefined, 'grn_not_a_real_key']) {
        const h = await w.get('/speakers', { key });
        expect(h.status).toBe(401);
        expect(h.body).toEqual(refused('unauthenticated'));
        expect(h.headers.get('www-authenticate')).toMatch(/^Bearer /);
      }
    });

    it('answers 403 forbidden_scope to a key without read, over HTTP and MCP', async () => {
      const h = await w.get('/speakers', { key: w.user.keys.write });
      expect(h.status).toBe(403);
      expect(h.body).toEqual(refused('forbidden_scope'));
      expect(await callAs(w.instance, w.user, 'write', TOOL, {})).toEqual(refused('forbidden_scope'));
    });

    it('answers 404 not_found for an unknown campaign_id and for another user’s campaign, over HTTP and MCP', async () => {
      for (const campaign_id of [UNKNOWN, othersCampaign]) {
        const h = await w.get('/speakers', { query: { campaign_id } });
        expect(h.status).toBe(404);
        expect(h.body).toEqual(refused('not_found'));
        expect(await w.tool(TOOL, { campaign_id })).toEqual(refused('not_found'));
      }
    });

    it.each([
      ['a malformed campaign_id', { campaign_id: 'not-a-uuid' }, { campaign_id: 'not-a-uuid' }, 'campaign_id'],
      ['an empty name', { name: '' }, { name: '' }, 'name'],
      ['a name of 201 characters', { name: 'n'.repeat(201) }, { name: 'n'.repeat(201) }, 'name'],
      ['a company of 201 characters', { company: 'c'.repeat(201) }, { company: 'c'.repeat(201) }, 'company'],
      ['a name that is not a string', { name: 'Ada' }, { name: 42 }, 'name'],
      ['an unknown prequalify_verdict', { prequalify_verdict: 'maybe' }, { prequalify_verdict: 'maybe' }, 'prequalify_verdict'],
      ['a reply_status of 41 characters', { reply_status: 'r'.repeat(41) }, { reply_status: 'r'.repeat(41) }, 'reply_status'],
      ['an empty reply_status', { reply_status: '' }, { reply_status: '' }, 'reply_status'],
      ['selected that is not a boolean', { selected: 'yes' }, { selected: 'true' }, 'selected'],
      ['limit 0', { limit: 0 }, { limit: 0 }, 'limit'],
      ['limit 201', { limit: 201 }, { limit: 201 }, 'limit'],
      ['a fractional limit', { limit: 2.5 }, { limit: 2.5 }, 'limit'],
      ['a limit that is not a number', { limit: 'ten' }, { limit: '5' }, 'limit'],
      ['a cursor of 33 characters', { cursor: 'x'.repeat(33) }, { cursor: 'x'.repeat(33) }, 'cursor'],
      ['an unknown field', { sort: 'name' }, { sort: 'name' }, 'sort'],
    ])('answers 400 invalid_request to %s, over HTTP and MCP', async (_label, query, args, word) => {
      if (!('name' in args && typeof args.name === 'number')) {
        const h = await w.get('/speakers', { query });
        expect(h.status).toBe(400);
        expect(h.body).toEqual(refused('invalid_request'));
        expect(h.body.error?.message).toContain(word);
      }
      const m = await w.tool(TOOL, args);
      expect(m).toEqual(refused('invalid_request'));
      expect(m.error?.message).toContain(word);
    });

    it('answers 400 invalid_request to a parameter given twice', async () => {
      const res = await fetch(`${w.base}/api/public/v1/speakers?limit=5&limit=6`, { headers: { authorization: `Bearer ${w.user.keys.all}` } });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(refused('invalid_request'));
    });
  });
});
