/**
 * Serves the class fixtures (test/fixtures/scrape/classes) on a loopback port and
 * reads one through the guarded fetch and the extractor dispatcher, the path a
 * campaign's conference URL takes.
 */
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createPoliteFetcher } from '../../src/scrape/polite-fetcher.js';
import { type ExtractOutcome, extractSpeakers } from '../../src/scrape/extract.js';
import { fixtureDir } from './fixture-fetch.js';

const classesDir = path.join(fixtureDir, 'classes');

/**
 * Serves the fixture and the pages in the folder of its name beside it ("speaker-pages.html"
 * and "speaker-pages/…"), the same site's other pages its links lead to; anything else is 404.
 */
export async function extractFixture(file: string): Promise<ExtractOutcome> {
  const folder = `${file.replace(/\.html$/, '')}/`;
  const server = http.createServer((req, res) => {
    const name = path.posix.normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).slice(1));
    const served = name === file || (name.startsWith(folder) && existsSync(path.join(classesDir, name)));
    if (!served) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(readFileSync(path.join(classesDir, name)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fetcher = createPoliteFetcher({ allowHosts: [host], publicUrl: 'http://127.0.0.1' }, { pacingMs: 0 });
  try {
    const page = await fetcher.fetchPage(`http://${host}/${encodeURIComponent(file)}`);
    return await extractSpeakers(page, fetcher.fetchPage);
  } finally {
    await fetcher.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** Serves one page written in the test on a loopback port and reads it the same way as a fixture. */
export async function extractHtml(html: string): Promise<ExtractOutcome> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fetcher = createPoliteFetcher({ allowHosts: [host], publicUrl: 'http://127.0.0.1' }, { pacingMs: 0 });
  try {
    const page = await fetcher.fetchPage(`http://${host}/speakers.html`);
    return await extractSpeakers(page, fetcher.fetchPage);
  } finally {
    await fetcher.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** name → [title, company, first talk], for compact expectations. */
export function fieldsByName(out: ExtractOutcome): Record<string, [string | null, string | null, string | null]> {
  return Object.fromEntries(out.speakers.map((s) => [s.name, [s.title, s.company, s.talks[0]?.title ?? null]]));
}
