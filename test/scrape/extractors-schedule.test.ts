import { describe, expect, it } from 'vitest';
import { extractSpeakers } from '../../src/scrape/extract.js';
import { frabSchedule } from '../../src/scrape/extractors/frab-schedule.js';
import { pentabarfXml } from '../../src/scrape/extractors/pentabarf-xml.js';
import { pageFromFile, serveFiles } from './fixture-fetch.js';

const noFetch = serveFiles({}).fetchPage;

describe('frab-schedule', () => {
  it('reads a frab export, one record per person id with every event title', async () => {
    const page = pageFromFile('https://frab.example/en/fictcamp/public/schedule.json', 'frab/schedule-frab.json');
    expect(frabSchedule.detect(page)).toBeGreaterThanOrEqual(0.9);
    const out = await extractSpeakers(page, noFetch);
    expect(out.extractor).toBe('frab-schedule');
    // Two frab person ids share the name "Birte Hollander": frab says they are two people.
    // "kessel" is a handle and stays as written: capitalised it would read as a name.
    expect(out.speakers.map((s) => [s.name, s.talks.map((t) => t.title)])).toEqual([
      ['kessel', ['Opening', 'Closing']],
      ['Birte Hollander', ['Opening']],
      ['Birte Hollander', ['Soldering for Everyone']],
    ]);
    expect(out.speakers[0].talks[0]).toEqual({ title: 'Opening', abstract: 'Welcome to camp.' });
  });

  it('reads a pretalx export with name codes and biographies', async () => {
    const page = pageFromFile('https://pretalx.example/fictcon/schedule/export/schedule.json', 'frab/schedule-pretalx.json');
    const out = await extractSpeakers(page, noFetch);
    expect(out.speakers.map((s) => [s.name, s.bio, s.talks.length])).toEqual([
      ['Ines Carvalho', 'Radio amateur.', 2],
      ['Jules', null, 1],
      ['Jules', 'Another Jules.', 1],
    ]);
  });
});

describe('pentabarf-xml', () => {
  it('reads persons from schedule.xml and strips the escaped markup of abstracts', async () => {
    const page = pageFromFile('https://fictdem.example/2025/schedule/xml', 'pentabarf/schedule.xml', 'text/xml');
    expect(pentabarfXml.detect(page)).toBeGreaterThanOrEqual(0.9);
    const out = await extractSpeakers(page, noFetch);
    expect(out.extractor).toBe('pentabarf-xml');
    expect(out.speakers.map((s) => [s.name, s.talks.map((t) => t.title)])).toEqual([
      ['Marit Aasen', ['Kernel Scheduling, Explained', 'eBPF in Production']],
      ['Devraj Pillai', ['Kernel Scheduling, Explained']],
    ]);
    expect(out.speakers[0].talks[0].abstract).toBe('A tour of the scheduler.');
  });

  it('does not claim HTML or other XML', () => {
    const html = { url: 'https://x.example/', status: 200, contentType: 'text/html', body: '<html><body>schedule</body></html>' };
    const feed = { url: 'https://x.example/feed', status: 200, contentType: 'application/rss+xml', body: '<?xml version="1.0"?><rss><channel/></rss>' };
    expect(pentabarfXml.detect(html)).toBe(0);
    expect(pentabarfXml.detect(feed)).toBe(0);
    expect(frabSchedule.detect(html)).toBe(0);
  });
});
