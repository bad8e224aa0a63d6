import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld, type World } from '../support/world.js';

// search_speakers over more speakers than the first walk in seq order reads on PostgreSQL
// (2,000), so that each way to a page is taken: the walk, a longer walk, the trigram
// index after the walk, and paging from one to the other; on SQLite the FTS5 table asked
// for key trigrams. Speakers go straight into the table: the search is under test.

const TOTAL = 4_000;
const SYL = ['ka', 've', 'ro', 'ti', 'mu', 'sa', 'lo', 'pe', 'di', 'nu'];
/** A middle name per row, made of common syllables, as the benchmark's are. */
const coined = (i: number) => [0, 1, 2, 3].map((d) => SYL[Math.floor(i / 10 ** d) % 10]).join('');

/** What each row is called: planted texts at chosen rows, the rest filler of common trigrams. */
function speaker(i: number): { name: string; company: string } {
  // A mid-word text with accents, only past the first walk, in three rows.
  if (i === 2_500 || i === 3_100 || i === 3_990) return { name: `Zoë Quxandrél ${coined(i)}`, company: 'Acme' };
  // The one Renée at Soylent; every other Soylent row is a Søren, whose "ren" and
  // Soylent's "yle" the key trigrams share.
  if (i === 3_333) return { name: `Renée ${coined(i)}`, company: 'Soylent' };
  // One row in a hundred: a page of 50 needs a longer walk.
  if (i % 100 === 7) return { name: `Ingrid ${coined(i)} Hollowell`, company: 'Globex' };
  return { name: `${i % 2 ? 'Søren' : 'José'} ${coined(i)}`, company: i % 2 ? 'Soylent' : 'Initech' };
}

const fold = (t: string) =>
  t
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

describe('search_speakers over many speakers', () => {
  let w: World;
  let campaignId: string;
  const idOf = (i: number) => `20000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
  const rowsWhere = (test: (s: { name: string; company: string }) => boolean) =>
    Array.from({ length: TOTAL }, (_, i) => i)
      .filter((i) => test(speaker(i)))
      .map(idOf);

  /** Every page of a search, with the page size and has_more of each. */
  const pages = async (args: Record<string, unknown>) => {
    const seen: Array<{ ids: string[]; has_more: boolean }> = [];
    let cursor: string | undefined;
    do {
      const r = await w.tool('search_speakers', { ...args, ...(cursor ? { cursor } : {}) });
      expect(r.ok, JSON.stringify(r.error)).toBe(true);
      seen.push({ ids: r.data.items.map((s: { speaker_id: string }) => s.speaker_id), has_more: r.data.has_more });
      cursor = r.data.next_cursor ?? undefined;
      expect(r.data.has_more).toBe(cursor !== undefined);
    } while (cursor);
    return seen;
  };
  const all = async (args: Record<string, unknown>) => (await pages(args)).flatMap((p) => p.ids);

  beforeAll(async () => {
    w = await makeWorld();
    campaignId = (await w.tool('create_campaign', { name: 'Many' })).data.campaign_id;
    const now = new Date().toISOString();
    const db = w.instance.db;
    for (let start = 0; start < TOTAL; start += 500) {
      const rows = Array.from({ length: 500 }, (_, k) => {
        const i = start + k;
        const { name, company } = speaker(i);
        return {
          id: idOf(i),
          campaign_id: campaignId,
          user_id: w.user.userId,
          conference_url_id: null,
          dedupe_key: `n:${i}`,
          name,
          name_fold: fold(name),
          company,
          company_fold: fold(company),
          title: 'CTO',
          tagline: null,
          bio: null,
          talks: '[]',
          linkedin_url: null,
          company_linkedin_url: null,
          links: '[]',
          photo_url: null,
          profile_url: null,
          source_url: 'https://conf.example.com/speakers',
          stage: 'done' as const,
          prequalify_verdict: 'qualified' as const,
          fit_score: 80,
          qualified: 1,
          researched_at: now,
          drafted_at: null,
          created_at: now,
          updated_at: now,
        };
      });
      await db.insertInto('speakers').values(rows).execute();
    }
  }, 120_000);
  afterAll(() => w.close());

  it('finds a text in the middle of a word, typed with other accents and case, only past the first rows', async () => {
    const expected = [2_500, 3_100, 3_990].map(idOf);
    expect(await all({ name: 'XANDREL' })).toEqual(expected);
    expect(await all({ name: 'quxändrel', limit: 1 })).toEqual(expected);
    expect(await all({ name: 'xandre', company: 'acme', limit: 2 })).toEqual(expected);
  });

  it('tests each candidate in full: a name sharing key trigrams with the search is not a match', async () => {
    expect(await all({ name: 'Renée', company: 'ylent' })).toEqual([idOf(3_333)]);
    expect(await all({ name: 'renee', company: 'initech' })).toEqual([]);
  });

  it('matches exactly what contains the text, where the key trigrams asked of the index also match other rows', async () => {
    // "rokakave" holds rok and ave, the key trigrams of "rokave", but not "rokave".
    for (const args of [
      { name: 'rokave' },
      { name: 'Kamuka' },
      { name: 'N TIVERO' },
      { name: 'rokave', company: 'SOY' },
      { name: 'Søren sa', company: 'lent' },
    ]) {
      const expected = rowsWhere((s) => fold(s.name).includes(fold(args.name)) && (!args.company || fold(s.company).includes(fold(args.company))));
      expect(expected.length, JSON.stringify(args)).toBeGreaterThan(0);
      expect(await all({ ...args, limit: 100 }), JSON.stringify(args)).toEqual(expected);
    }
  });

  it('gives has_more exactly: a last page that is full ends the paging', async () => {
    const p = await pages({ name: 'xandrel', limit: 3 });
    expect(p).toEqual([{ ids: [2_500, 3_100, 3_990].map(idOf), has_more: false }]);
    const two = await pages({ name: 'xandrel', limit: 2 });
    expect(two.map((x) => [x.ids.length, x.has_more])).toEqual([
      [2, true],
      [1, false],
    ]);
  });

  it('pages in seq order through a text in one row of a hundred, and through a common one across the first walk', async () => {
    const hollowell = rowsWhere((s) => s.name.includes('Hollowell'));
    expect(hollowell).toHaveLength(40);
    expect(await all({ name: 'OLLOWEL', limit: 7 })).toEqual(hollowell);
    expect(await all({ name: 'hollowell', company: 'globex', limit: 50 })).toEqual(hollowell);
    const soren = rowsWhere((s) => s.name.startsWith('Søren'));
    const seen = await all({ name: 'søren', limit: 100 });
    expect(seen).toEqual(soren);
  });

  it('finds nothing, at once, for a name and a company that are each common but never meet', async () => {
    expect(await pages({ name: 'jose', company: 'soylent' })).toEqual([{ ids: [], has_more: false }]);
    expect(await pages({ name: 'søren', company: 'initech', limit: 5 })).toEqual([{ ids: [], has_more: false }]);
  });
});
