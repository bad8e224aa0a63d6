import { describe, expect, it } from 'vitest';
import { extractSpeakers } from '../../src/scrape/extract.js';
import type { Extractor, FetchPage, Page } from '../../src/scrape/types.js';

const offline: FetchPage = async (url) => {
  throw new Error(`no fetch expected: ${url}`);
};
const html = (body: string, title = 'Speakers | DemoConf 2031'): Page => ({
  url: 'https://conf.example/speakers',
  status: 200,
  contentType: 'text/html',
  body: `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`,
});

const LONG_BIO =
  'Grace spent a decade building compilers for embedded devices and now leads the runtime group. ' +
  'She works as Principal Architect at Hopper Systems, where her team keeps a fleet of ten thousand boards patched. ' +
  'Before that she taught operating systems for six years and wrote two books on the subject, both still in print, and she mentors new maintainers every spring. ' +
  'Outside work she restores old calculators.';

const CARDS = html(`
  <h1>Speakers</h1>
  <div class="speakers">
    <div class="speaker"><h3>Dr. Ada Lovelace</h3><p class="role">CTO at Analytical Engines</p>
      <a href="https://www.linkedin.com/in/ada-lovelace/" class="in">LinkedIn</a><p class="talk">Notes on the &amp; Engine</p></div>
    <div class="speaker"><h3>GRACE HOPPER</h3><p class="role">Principal Architect, Hopper Systems</p><p>${LONG_BIO}</p></div>
    <div class="speaker"><h3>Alan Turing</h3><p class="role">Researcher at Bletchley</p></div>
  </div>
  <h2>Organizing team</h2>
  <div class="speakers">
    <div class="speaker"><h3>Edith Clarke</h3><p class="role">Chair</p></div>
  </div>`);

describe('evidence', () => {
  it('quotes the page text each field was read from, never our rebuilt value', async () => {
    const out = await extractSpeakers(CARDS, offline);
    expect(out.extractor).toBe('html-generic');
    const ada = out.speakers.find((s) => s.name === 'Ada Lovelace');
    expect(ada?.evidence).toEqual({
      // The honorific the cleaned name dropped is still in the quote: it is the page's own text.
      name: 'Dr. Ada Lovelace',
      title: 'CTO at Analytical Engines',
      company: 'CTO at Analytical Engines',
      linkedin: '<a href="https://www.linkedin.com/in/ada-lovelace/" class="in">',
      talk: 'Notes on the & Engine',
      event: 'Speakers | DemoConf 2031',
    });
    // Written in capitals on the page, title-cased by us: the quote keeps the capitals.
    const grace = out.speakers.find((s) => s.name === 'Grace Hopper');
    expect(grace?.evidence.name).toBe('GRACE HOPPER');
  });

  it('keeps every quote to 300 characters, cutting a long paragraph to the sentence', async () => {
    const page = html(`<div class="speakers">
      <div class="speaker"><h3>Grace Hopper</h3><p>${LONG_BIO}</p></div>
      <div class="speaker"><h3>Alan Turing</h3><p>Alan is a researcher.</p></div></div>`);
    const list: Extractor[] = [
      {
        name: 'fixed',
        detect: () => 1,
        extract: async () => [{ name: 'Grace Hopper', title: 'Principal Architect', company: 'Hopper Systems', talks: [{ title: 'Chief Everything Talk' }] }],
      },
    ];
    const out = await extractSpeakers(page, offline, list);
    const [grace] = out.speakers;
    expect(grace?.evidence.title).toBe('She works as Principal Architect at Hopper Systems, where her team keeps a fleet of ten thousand boards patched.');
    expect(grace?.evidence.company).toBe(grace?.evidence.title);
    // A value the page does not contain has no evidence.
    expect(grace?.evidence.talk).toBeUndefined();
    for (const s of (await extractSpeakers(CARDS, offline)).speakers)
      for (const text of Object.values(s.evidence)) expect(text.length).toBeLessThanOrEqual(300);
  });

  it('quotes the source line of a JSON list, escapes and all, and a name written in two fields', async () => {
    const body = JSON.stringify(
      {
        speakers: [
          { firstName: 'Zo\u00eb', lastName: 'Quinn', name: 'Zo\u00eb Quinn', company: 'Depression Quest', jobTitle: 'Designer' },
          { name: 'Mo Ng', company: 'Acme' },
        ],
      },
      null,
      2,
    ).replace('Zoë Quinn', 'Zo\\u00eb Quinn');
    const page: Page = { url: 'https://conf.example/speakers.json', status: 200, contentType: 'application/json', body };
    const out = await extractSpeakers(page, offline);
    const zoe = out.speakers.find((s) => s.name === 'Zoë Quinn');
    expect(zoe?.evidence.name).toBe('"name": "Zo\\u00eb Quinn",');
    expect(zoe?.evidence.company).toBe('"company": "Depression Quest",');

    const split: Extractor[] = [{ name: 'fixed', detect: () => 1, extract: async () => [{ name: 'Ana Pérez' }] }];
    const yaml: Page = { url: 'https://conf.example/s.yml', status: 200, contentType: 'application/yaml', body: '- first: Ana\n  last: Pérez\n  role: CTO\n' };
    expect((await extractSpeakers(yaml, offline, split)).speakers[0]?.evidence.name).toBe('- first: Ana\n  last: Pérez'.replace(/\s+/g, ' '));
  });

  it("quotes a talk where its title stands whole, not inside another speaker's longer title", async () => {
    // Another talk that opens on the same words, nearer the name, is not where this title was read.
    const page = html(`
      <div class="speaker"><h3>Ada Lovelace</h3><p class="role">CTO at Analytical Engines</p>
        <p class="talk">Scaling Postgres: Lessons from Production</p></div>
      <div class="speaker"><h3>Grace Hopper</h3><p class="role">Architect at Hopper Systems</p>
        <p class="talk">Scaling Postgres</p></div>`);
    const fixed: Extractor[] = [{ name: 'fixed', detect: () => 1, extract: async () => [{ name: 'Ada Lovelace', talks: [{ title: 'Scaling Postgres' }] }] }];
    const ada = (await extractSpeakers(page, offline, fixed)).speakers[0];
    expect(ada?.evidence.talk).toBe('Scaling Postgres');
  });

  it('says who was left out near the speakers and why', async () => {
    const out = await extractSpeakers(CARDS, offline);
    expect(out.speakers.map((s) => s.name)).not.toContain('Edith Clarke');
    expect(out.leftOut).toContainEqual({ text: 'Edith Clarke', reason: expect.stringMatching(/^organizer section/) });
    const list: Extractor[] = [
      {
        name: 'fixed',
        detect: () => 1,
        extract: async () => [{ name: 'Ada Lovelace', company: 'AE' }, { name: 'TBA' }, { name: 'ada lovelace', company: 'AE' }],
      },
    ];
    const again = await extractSpeakers(CARDS, offline, list);
    expect(again.speakers).toHaveLength(1);
    // In page order; "TBA" is not on the page, so it comes last.
    expect(again.leftOut).toEqual([
      { text: 'ada lovelace', reason: 'duplicate, merged into "Ada Lovelace"' },
      { text: 'TBA', reason: 'placeholder, not a name' },
    ]);
  });
});

describe('pages that are not speaker pages', () => {
  it('takes nobody from a shop page and says why', async () => {
    const shop = html(
      `<div class="products">${['Comfort Line|$50', 'Sport Line|$70', 'Classic Walker|€40'].map((p) => `<div class="product"><h3>${p.split('|')[0]}</h3><p class="price">${p.split('|')[1]}</p></div>`).join('')}</div>`,
      'Comfy Shoes – Shop',
    );
    const out = await extractSpeakers(shop, offline);
    expect(out).toMatchObject({ extractor: 'none', speakers: [] });
    expect(out.warning).toMatch(/^not a speakers page: none of its 3 entries reads as a person .*"Comfort Line" at "\$50"/);
    expect(out.leftOut).toContainEqual({ text: 'Comfort Line', reason: 'not a person: "$50" is a price' });
  });

  it('says a PDF or an image is not an HTML page, whatever type the server claims', async () => {
    const pdf: Page = { url: 'https://conf.example/program.pdf', status: 200, contentType: 'application/pdf', body: '%PDF-1.7\n...' };
    expect(await extractSpeakers(pdf, offline)).toMatchObject({
      extractor: 'none',
      speakers: [],
      warning: expect.stringMatching(/^not an HTML page: .* is a PDF document/),
    });
    const png: Page = { url: 'https://conf.example/lineup', status: 200, contentType: 'text/html', body: '\uFFFDPNG\r\n\u001a\n....' };
    expect((await extractSpeakers(png, offline)).warning).toMatch(/^not an HTML page: .* is an image/);
  });
});
