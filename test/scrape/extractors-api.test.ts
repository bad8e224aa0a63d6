import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractSpeakers } from '../../src/scrape/extract.js';
import { sessionizeApi, sessionizeApiUrls } from '../../src/scrape/extractors/sessionize-api.js';
import { pretalxApi, readPretalxSpeakers } from '../../src/scrape/extractors/pretalx-api.js';
import { parseJson } from '../../src/scrape/extractors/structured-util.js';
import { fixtureDir, pageFromFile, serveFiles } from './fixture-fetch.js';

const json = (file: string) => parseJson(readFileSync(path.join(fixtureDir, file), 'utf8'));

describe('sessionize-api', () => {
  it('reads the All view and joins talks through sessions[].speakers', async () => {
    const page = pageFromFile('https://sessionize.com/api/v2/abc123/view/All', 'sessionize/all.json');
    expect(sessionizeApi.detect(page)).toBeGreaterThanOrEqual(0.9);
    const out = await extractSpeakers(page, serveFiles({}).fetchPage);
    expect(out.extractor).toBe('sessionize-api');
    expect(out.speakers.map((s) => s.name)).toEqual(['Ilse Marwick', 'Tomasz Orlik', 'Nadia Quesnel']);
    const [ilse, tomasz, nadia] = out.speakers;
    expect(ilse).toMatchObject({
      title: 'Cloud Architect',
      company: 'Brightwater Logistics',
      linkedinUrl: 'https://www.linkedin.com/in/ilse-marwick-4b2a1',
      photoUrl: 'https://sessionize.com/image/aaaa-400o400o2-ilse.jpg',
    });
    expect(ilse.talks).toEqual([{ title: 'Serverless Queues Without Tears', abstract: 'How we moved batch jobs to queues.' }]);
    // A slogan tagline gives nothing; the custom questions supply role and company.
    expect(tomasz).toMatchObject({
      title: 'Principal Engineer',
      company: 'Orlik Platforms',
      tagline: 'Little Fluffy Clouds',
      linkedinUrl: null,
      companyLinkedinUrl: 'https://www.linkedin.com/company/orlik-platforms',
    });
    expect(tomasz.talks.map((t) => t.title)).toEqual(['Serverless Queues Without Tears', 'Bicep Patterns for Platform Teams']);
    expect(nadia).toMatchObject({ bio: null, tagline: null, talks: [], photoUrl: null });
  });

  it('reads the Speakers view with its session names', async () => {
    const page = pageFromFile('https://sessionize.com/api/v2/abc123/view/Speakers', 'sessionize/speakers.json');
    const out = await extractSpeakers(page, serveFiles({}).fetchPage);
    expect(out.extractor).toBe('sessionize-api');
    expect(out.speakers[0]).toMatchObject({
      name: 'Priya Venkataraman',
      title: 'Staff Engineer',
      company: 'Lanternfish',
      bio: 'Priya maintains a popular tracing library.',
      linkedinUrl: 'https://www.linkedin.com/in/priya-v',
      talks: [{ title: 'Tracing the Untraceable' }],
    });
    expect(out.speakers[1]).toMatchObject({
      title: 'Head of Data, Northwind, Stockholm Office',
      company: 'Lindqvist Analytics',
    });
  });

  it('follows another API view of the event to All', async () => {
    const urls = sessionizeApiUrls('abc123');
    expect(urls.all).toBe('https://sessionize.com/api/v2/abc123/view/All');
    expect([...urls]).toEqual([urls.all, urls.speakers]);
    const page = { url: 'https://sessionize.com/api/v2/abc123/view/GridSmart', status: 200, contentType: 'application/json', body: '[]' };
    const served = serveFiles({ [urls.all]: 'sessionize/all.json' });
    const out = await extractSpeakers(page, served.fetchPage);
    expect(out.speakers).toHaveLength(3);
    expect(out.followed).toEqual([urls.all]);
  });
});

describe('pretalx-api', () => {
  const api = 'https://pretalx.example/api/events/fictconf24/';
  const routes = {
    [`${api}speakers/?page=2`]: 'pretalx/speakers-page2.json',
    [`${api}submissions/`]: 'pretalx/submissions-page1.json',
    [`${api}submissions/?page=2`]: 'pretalx/submissions-page2.json',
  };

  it('follows pagination and joins talks from the submissions endpoint', async () => {
    const page = pageFromFile(`${api}speakers/`, 'pretalx/speakers-page1.json');
    expect(pretalxApi.detect(page)).toBeGreaterThanOrEqual(0.9);
    const served = serveFiles(routes);
    const out = await extractSpeakers(page, served.fetchPage);
    expect(out.extractor).toBe('pretalx-api');
    expect(out.followed).toEqual([`${api}speakers/?page=2`, `${api}submissions/`, `${api}submissions/?page=2`]);
    expect(out.speakers.map((s) => s.name)).toEqual(['Henrike Voss', 'Rafael Ortega Núñez', 'Ama Owusu']);
    const [henrike, rafael, ama] = out.speakers;
    expect(henrike.talks.map((t) => t.title)).toEqual(['Ahead-of-Time Compilation for Mortals']);
    expect(henrike.photoUrl).toBe('https://pretalx.example/media/avatars/hv.png');
    expect(henrike.profileUrl).toBe('https://pretalx.example/fictconf24/speaker/QW7XKA/');
    expect(rafael.talks.map((t) => t.title)).toEqual(['Ahead-of-Time Compilation for Mortals', 'Stiff Solvers, Soft Skills']);
    expect(rafael.bio).toBe('Works on numerical solvers.');
    // Withdrawn submissions are not talks.
    expect(ama.talks).toEqual([]);
  });

  it('stops paging at a loop and still returns what it read', async () => {
    const page = pageFromFile(`${api}speakers/`, 'pretalx/speakers-page1.json');
    const served = serveFiles({ [`${api}speakers/?page=2`]: 'pretalx/speakers-page1.json' });
    const out = await extractSpeakers(page, served.fetchPage);
    expect(out.speakers.map((s) => s.name)).toEqual(['Henrike Voss', 'Rafael Ortega Núñez']);
    expect(served.requested.filter((u) => u.includes('speakers'))).toHaveLength(1);
  });

  it('reads a submissions page with embedded speakers', async () => {
    const page = pageFromFile('https://pretalx.example/api/events/old/talks/', 'pretalx/talks-export.json');
    const out = await extractSpeakers(page, serveFiles({}).fetchPage);
    expect(out.extractor).toBe('pretalx-api');
    expect(out.speakers.map((s) => [s.name, s.talks.map((t) => t.title)])).toEqual([
      ['Sven Sørensen', ['Gradual Types in Anger']],
      ['Mo', ['Macros All the Way Down']],
      ['Greta Lind', ['Macros All the Way Down']],
    ]);
  });

  it('joins plain-array exports by code and keeps same-named accounts apart', () => {
    const speakers = readPretalxSpeakers(json('pretalx/speakers-export.json'), json('pretalx/talks-export.json'));
    expect(speakers.map((s) => [s.name, s.sourceId, s.talks?.map((t) => t.title)])).toEqual([
      ['Sven Sørensen', 'AAAAAA', ['Gradual Types in Anger']],
      ['Mo', 'BBBBBB', ['Macros All the Way Down']],
      ['Mo', 'CCCCCC', []],
      ['Greta Lind', 'DDDDDD', ['Macros All the Way Down']],
    ]);
  });
});
