/**
 * Accuracy on speaker pages in the shapes conference sites commonly use, each in
 * its platform's own markup and each with the traps that page kind carries:
 * organisers, hosts and sponsors beside speakers, role badges next to names,
 * LinkedIn icon links reading "in", shared sessions, tagline variants, empty
 * cells. The people are fictional; `<shape>.expected.json` lists who speaks and,
 * only where the page shows them, their title, company and talks.
 *
 * Every page is served on a loopback port and read through the guarded fetch and
 * the dispatcher, the same path a live conference URL takes.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractSpeakers } from '../../src/scrape/extract.js';
import { createGuardedFetch, type GuardedFetch } from '../../src/scrape/guarded-fetch.js';
import { collapseSpace } from '../../src/scrape/normalize.js';
import type { FetchPage, ScrapedSpeaker } from '../../src/scrape/types.js';
import { fixtureDir } from './fixture-fetch.js';

interface Expected {
  name: string;
  title?: string;
  company?: string;
  talks?: string[];
}

/** Shape → the path the page is served at (platform pages sit where the platform puts them). */
const SHAPES: Record<string, string> = {
  'table-program': '/harbourline-2025/programme/',
  'table-td-header': '/agenda/',
  'pretalx-speakers': '/moorfield-2025/speaker/',
  'pretalx-legacy': '/host2019/speaker/',
  'pretalx-2021': '/brigcon2021/speaker/',
  'sessionize-embed': '/speakers',
  'sched-speakers': '/speakers',
  'wordcamp-speakers': '/2025/speakers/',
  'card-grid-mixed': '/people/',
  'schema-org': '/2025/speakers/',
  'webflow-grid': '/speakers',
  'elementor-grid': '/speakers/',
  'agenda-sessions': '/e/remotefirst-live-2025/agenda',
  'headings-prose': '/speakers/',
};

const MIN = { precision: 0.98, recall: 0.98, title: 0.9, company: 0.9, talk: 0.9 };

interface Figures {
  precision: number;
  recall: number;
  /** Share right among the expected people whose page shows the field; NaN when none does. */
  title: number;
  company: number;
  talk: number;
  extractor: string;
}

const dir = path.join(fixtureDir, 'shapes');
const fold = (text: string | null | undefined): string => collapseSpace(text ?? '').toLocaleLowerCase();
const sameSet = (a: string[], b: string[]): boolean => {
  const [x, y] = [new Set(a.map(fold)), new Set(b.map(fold))];
  return x.size === y.size && [...x].every((t) => y.has(t));
};

function share(expected: Expected[], byName: Map<string, ScrapedSpeaker>, right: (e: Expected, s: ScrapedSpeaker) => boolean): number {
  if (expected.length === 0) return Number.NaN;
  const hits = expected.filter((e) => {
    const got = byName.get(fold(e.name));
    return got !== undefined && right(e, got);
  }).length;
  return hits / expected.length;
}

function score(expected: Expected[], speakers: ScrapedSpeaker[], extractor: string): Figures {
  const want = new Set(expected.map((e) => fold(e.name)));
  const byName = new Map(speakers.map((s) => [fold(s.name), s]));
  const hits = [...byName.keys()].filter((n) => want.has(n)).length;
  return {
    precision: byName.size ? hits / byName.size : 0,
    recall: want.size ? hits / want.size : 0,
    title: share(
      expected.filter((e) => e.title !== undefined),
      byName,
      (e, s) => fold(s.title) === fold(e.title),
    ),
    company: share(
      expected.filter((e) => e.company !== undefined),
      byName,
      (e, s) => fold(s.company) === fold(e.company),
    ),
    talk: share(
      expected.filter((e) => e.talks !== undefined),
      byName,
      (e, s) =>
        sameSet(
          s.talks.map((t) => t.title),
          e.talks ?? [],
        ),
    ),
    extractor,
  };
}

function table(results: Map<string, Figures>): string {
  const cell = (v: number): string => (Number.isNaN(v) ? '  –  ' : v.toFixed(3));
  const rows = [...results].map(
    ([shape, f]) =>
      `| ${shape.padEnd(18)} | ${f.extractor.padEnd(21)} | ${cell(f.precision)} | ${cell(f.recall)} | ${cell(f.title)} | ${cell(f.company)} | ${cell(f.talk)} |`,
  );
  const head = `| ${'shape'.padEnd(18)} | ${'extractor'.padEnd(21)} | prec. | recall| title | comp. | talk  |`;
  return [head, `|${'-'.repeat(20)}|${'-'.repeat(23)}|-------|-------|-------|-------|-------|`, ...rows].join('\n');
}

describe('extraction accuracy on common page shapes, served on loopback', () => {
  let server: Server;
  let guarded: GuardedFetch;
  let origin = '';
  const results = new Map<string, Figures>();
  const outside: string[] = [];

  beforeAll(async () => {
    const routes = new Map(Object.entries(SHAPES).map(([shape, at]) => [`/${shape}${at}`, shape]));
    server = createServer((req, res) => {
      const shape = routes.get(req.url ?? '');
      if (!shape) {
        res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(readFileSync(path.join(dir, `${shape}.html`)));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    origin = `http://127.0.0.1:${port}`;
    guarded = createGuardedFetch({ allowHosts: [`127.0.0.1:${port}`], timeoutMs: 10_000 });
    // Pages may point at their platform's API on another host; the test stays offline.
    const fetchPage: FetchPage = async (url) => {
      if (!url.startsWith(origin)) {
        outside.push(url);
        throw new Error(`not served here: ${url}`);
      }
      const res = await guarded(url);
      if (res.status >= 400) throw new Error(`HTTP ${res.status}`);
      return { url: res.url, status: res.status, contentType: res.contentType, body: res.body };
    };
    for (const [shape, at] of Object.entries(SHAPES)) {
      const expected = JSON.parse(readFileSync(path.join(dir, `${shape}.expected.json`), 'utf8')) as Expected[];
      const page = await fetchPage(`${origin}/${shape}${at}`);
      const out = await extractSpeakers(page, fetchPage);
      results.set(shape, score(expected, out.speakers, out.extractor));
    }
    console.log(`[accuracy-shapes]\n${table(results)}`);
  }, 60_000);

  afterAll(async () => {
    await guarded?.close();
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  it.each(Object.keys(SHAPES))('reads %s at the thresholds', (shape) => {
    const f = results.get(shape) as Figures;
    expect(f.precision, 'name precision').toBeGreaterThanOrEqual(MIN.precision);
    expect(f.recall, 'name recall').toBeGreaterThanOrEqual(MIN.recall);
    for (const field of ['title', 'company', 'talk'] as const) {
      if (!Number.isNaN(f[field])) expect(f[field], field).toBeGreaterThanOrEqual(MIN[field]);
    }
  });

  it('covers at least eight shapes and never leaves the loopback server', () => {
    expect(results.size).toBeGreaterThanOrEqual(8);
    expect(outside).toEqual([]);
  });
});
