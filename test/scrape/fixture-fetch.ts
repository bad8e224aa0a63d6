/**
 * Serves fixture files by URL, standing in for the guarded fetch (which has its
 * own tests) so extractors can follow API links offline.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FetchPage, Page } from '../../src/scrape/types.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const fixtureDir = path.join(repoRoot, 'test/fixtures/scrape');

function contentTypeOf(file: string): string {
  if (file.endsWith('.json')) return 'application/json';
  if (file.endsWith('.yml') || file.endsWith('.yaml')) return 'application/yaml';
  if (file.endsWith('.xml')) return 'application/xml';
  return 'text/html';
}

/** A page whose body is the file at `file` (absolute, or relative to the fixture folder). */
export function pageFromFile(url: string, file: string, contentType = contentTypeOf(file)): Page {
  const body = readFileSync(path.isAbsolute(file) ? file : path.join(fixtureDir, file), 'utf8');
  return { url, status: 200, contentType, body };
}

export interface ServedFetch {
  fetchPage: FetchPage;
  /** Every URL asked for, served or not. */
  requested: string[];
}

/** A FetchPage over a map of URL → file; unknown URLs answer 404. */
export function serveFiles(routes: Record<string, string>): ServedFetch {
  const requested: string[] = [];
  const fetchPage: FetchPage = async (url) => {
    requested.push(url);
    const file = routes[url];
    if (!file) return { url, status: 404, contentType: 'text/html', body: 'not found' };
    return pageFromFile(url, file);
  };
  return { fetchPage, requested };
}
