import { describe, expect, it } from 'vitest';
import { extractSpeakers } from '../../src/scrape/extract.js';
import { jsonSpeakers } from '../../src/scrape/extractors/json-speakers.js';
import { yamlSpeakers } from '../../src/scrape/extractors/yaml-speakers.js';
import { pageFromFile, serveFiles } from './fixture-fetch.js';

describe('json-speakers', () => {
  it('reads a Hoverboard object keyed by id and joins the sibling sessions.json', async () => {
    const page = pageFromFile('https://devfest.example/data/speakers.json', 'json/hoverboard-speakers.json');
    expect(jsonSpeakers.detect(page)).toBeGreaterThan(0);
    const served = serveFiles({ 'https://devfest.example/data/sessions.json': 'json/hoverboard-sessions.json' });
    const out = await extractSpeakers(page, served.fetchPage);
    expect(out.extractor).toBe('json-speakers');
    expect(out.followed).toEqual(['https://devfest.example/data/sessions.json']);
    const [anna, bohdan] = out.speakers;
    expect(anna).toMatchObject({
      name: 'Anna Kowalczyk',
      title: 'Android Developer',
      company: 'Pixelforge',
      photoUrl: 'https://devfest.example/images/people/anna.jpg',
      linkedinUrl: 'https://www.linkedin.com/in/annakowalczyk',
    });
    expect(anna.talks.map((t) => t.title)).toEqual(['Compose at Scale', 'Mobile Teams That Ship']);
    // An explicit title is kept whole: without an explicit company, commas are not split.
    expect(bohdan).toMatchObject({
      title: 'Head of Mobile, Lviv, Northgate',
      company: null,
      bio: null,
      linkedinUrl: null,
      companyLinkedinUrl: 'https://www.linkedin.com/company/northgate-mobile',
    });
  });

  it('reads site-specific keys (role, links{}, talk{}) and skips hidden entries', async () => {
    const page = pageFromFile('https://jsconf.example/content/speakers.json', 'json/custom-speakers.json');
    const out = await extractSpeakers(page, serveFiles({}).fetchPage);
    expect(out.speakers.map((s) => s.name)).toEqual(['Declan Moriarty', 'Zoe Brennan']);
    expect(out.speakers[0]).toMatchObject({
      title: 'Principal Software Engineer',
      company: 'Quayside Labs',
      linkedinUrl: 'https://www.linkedin.com/in/declan-moriarty-77b1',
      talks: [{ title: 'Runtime Wars', abstract: 'Node, Deno and friends.' }],
      photoUrl: 'https://jsconf.example/media/speakers/declan.jpeg',
    });
    expect(out.speakers[0].links).toContain('https://twitter.com/declanm');
    expect(out.speakers[1].talks).toEqual([{ title: 'Static Analysis Gems' }]);
  });

  it('does not claim JSON that is not a speaker list', () => {
    const page = { url: 'https://x.example/a.json', status: 200, contentType: 'application/json', body: '[{"id":1,"price":3}]' };
    expect(jsonSpeakers.detect(page)).toBe(0);
  });
});

describe('yaml-speakers', () => {
  const routes = { 'https://gdg.example/_data/sessions.yml': 'yaml/sessions.yml' };

  it('reads Zeppelin speakers.yml with name + surname and joins sessions.yml by id', async () => {
    const page = pageFromFile('https://gdg.example/_data/speakers.yml', 'yaml/speakers.yml', 'text/plain');
    expect(yamlSpeakers.detect(page)).toBeGreaterThan(0);
    const out = await extractSpeakers(page, serveFiles(routes).fetchPage);
    expect(out.extractor).toBe('yaml-speakers');
    // Commented entries, the "Name Surname" template and the organisers' entry are not speakers.
    expect(out.speakers.map((s) => s.name)).toEqual(['Lúcia Fonseca', 'Tiago Mendes Rocha']);
    const [lucia, tiago] = out.speakers;
    expect(lucia).toMatchObject({
      title: 'Lead Flutter Developer',
      company: 'Marés Digital',
      linkedinUrl: 'https://www.linkedin.com/in/luciafonseca',
    });
    expect(lucia.talks.map((t) => t.title)).toEqual(['Animações em Flutter', 'Serverless sem dores']);
    expect(tiago).toMatchObject({ title: 'Cloud Engineer', company: 'Azulejo Cloud' });
    expect(tiago.talks.map((t) => t.title)).toEqual(['Serverless sem dores']);
  });

  it('still reads speakers when sessions.yml is missing', async () => {
    const page = pageFromFile('https://gdg.example/_data/speakers.yml', 'yaml/speakers.yml');
    const out = await extractSpeakers(page, serveFiles({}).fetchPage);
    expect(out.speakers).toHaveLength(2);
    expect(out.speakers.every((s) => s.talks.length === 0)).toBe(true);
  });
});
