import { describe, expect, it } from 'vitest';
import { extractSpeakers, rankExtractors } from '../../src/scrape/extract.js';
import type { Extractor, FetchPage, Page, RawSpeaker } from '../../src/scrape/types.js';

const page: Page = { url: 'https://conf.example/speakers', status: 200, contentType: 'text/html', body: '<html></html>' };

function fixed(name: string, score: number, speakers: RawSpeaker[] | Error, follow?: string): Extractor {
  return {
    name,
    detect: () => score,
    async extract(_page, fetchPage) {
      if (follow) await fetchPage(follow);
      if (speakers instanceof Error) throw speakers;
      return speakers;
    },
  };
}

const fetchPage: FetchPage = async (url) => ({ url, status: 200, contentType: 'application/json', body: '[]' });

describe('extractSpeakers', () => {
  it('runs the highest scorer and skips extractors that answer 0', () => {
    const ranked = rankExtractors(page, [fixed('low', 0.2, []), fixed('none', 0, []), fixed('high', 0.9, [])]);
    expect(ranked.map((e) => e.name)).toEqual(['high', 'low']);
  });

  it('falls back to the next extractor when the best one yields nothing or throws', async () => {
    const list = [
      fixed('empty', 0.9, [], 'https://conf.example/api/a'),
      fixed('broken', 0.8, new Error('shape changed')),
      fixed('generic', 0.1, [{ name: 'Ada Lovelace' }]),
    ];
    const out = await extractSpeakers(page, fetchPage, list);
    expect(out.extractor).toBe('generic');
    expect(out.speakers.map((s) => s.name)).toEqual(['Ada Lovelace']);
    expect(out.followed).toEqual(['https://conf.example/api/a']);
  });

  it('reports none when nobody reads the page', async () => {
    const out = await extractSpeakers(page, fetchPage, [fixed('x', 0, [{ name: 'A' }])]);
    expect(out).toEqual({ extractor: 'none', speakers: [], followed: [], leftOut: [], warning: null, eventName: null });
  });

  it('merges duplicates, keeping the richer record and the union of links and talks', async () => {
    const list = [
      fixed('cards', 0.5, [
        { name: 'ADA LOVELACE', links: ['https://twitter.com/ada'], talks: [{ title: 'Engines' }] },
        {
          name: 'Ada Lovelace',
          tagline: 'Principal Engineer at Analytical',
          bio: 'Long bio',
          links: ['https://uk.linkedin.com/in/ada/'],
          talks: [{ title: 'Notes' }],
        },
        { name: 'Ada Lovelace', links: ['https://www.linkedin.com/in/ada'], talks: [{ title: 'engines' }] },
        { name: 'Grace Hopper', links: ['https://www.linkedin.com/in/grace'] },
        { name: 'Grace Hopper', links: ['https://www.linkedin.com/in/grace-other'] },
        { name: 'Name Surname' },
        { name: '  ' },
      ]),
    ];
    const out = await extractSpeakers(page, fetchPage, list);
    expect(out.speakers).toHaveLength(3);
    const ada = out.speakers[0];
    expect(ada).toMatchObject({
      name: 'Ada Lovelace',
      title: 'Principal Engineer',
      company: 'Analytical',
      bio: 'Long bio',
      linkedinUrl: 'https://www.linkedin.com/in/ada',
    });
    expect(ada.talks.map((t) => t.title).sort()).toEqual(['Engines', 'Notes']);
    expect(ada.links).toContain('https://twitter.com/ada');
    expect(out.speakers.slice(1).map((s) => s.linkedinUrl)).toEqual(['https://www.linkedin.com/in/grace', 'https://www.linkedin.com/in/grace-other']);
  });
});
