import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Config } from '../config.js';
import { createPoliteFetcher } from '../scrape/polite-fetcher.js';
import { extractSpeakers, rankExtractors } from '../scrape/extract.js';
import { explainExtraction } from '../scrape/explain.js';
import type { Page } from '../scrape/types.js';
import { checkPublicUrl } from '../scrape/url-safety.js';
import { CommandFailed, out, UsageError } from './output.js';
import type { ParsedArgs } from './args.js';

const TYPES: Record<string, string> = {
  '.json': 'application/json',
  '.yml': 'application/yaml',
  '.yaml': 'application/yaml',
  '.xml': 'application/xml',
  '.html': 'text/html',
  '.htm': 'text/html',
};

/**
 * Prints what the extractors read from a page or a saved file: which extractors
 * recognise it, the one that matched, and the speakers, as JSON. With --explain, the
 * same in words with, per person, the page text each field came from, then who was
 * left out and why; --explain --json gives that account as JSON.
 */
export async function scrapeCommand(config: Config, { positionals, values }: ParsedArgs): Promise<void> {
  const target = positionals[0] as string;
  const fetcher = createPoliteFetcher(config, { pacingMs: config.scrapePacingMs, timeoutMs: config.fetchTimeoutMs });
  try {
    const page = await load(target, fetcher.fetchPage, config);
    const candidates = rankExtractors(page).map((e) => e.name);
    const result = await extractSpeakers(page, fetcher.fetchPage);
    const summary = {
      url: page.url,
      content_type: page.contentType,
      candidates,
      extractor: result.extractor,
      followed: result.followed,
      count: result.speakers.length,
      speakers: result.speakers,
    };
    if (!values.explain) out(JSON.stringify(summary, null, 2));
    else if (values.json) out(JSON.stringify({ ...summary, event: result.eventName, left_out: result.leftOut, warning: result.warning }, null, 2));
    else out(explainExtraction({ url: page.url, contentType: page.contentType, candidates, outcome: result }));
  } finally {
    await fetcher.close();
  }
}

async function load(target: string, fetchPage: (url: string) => Promise<Page>, config: Config): Promise<Page> {
  if (/^https?:\/\//i.test(target)) {
    const check = checkPublicUrl(target, { allowHosts: config.allowHosts });
    if (!check.ok) throw new UsageError(`${target}: ${check.reason}`);
    try {
      return await fetchPage(check.url.toString());
    } catch (e) {
      // A page that cannot be fetched is the page's problem, not the program's: one line, no stack.
      throw new CommandFailed(`${target}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  if (!fs.existsSync(target)) throw new UsageError(`no such file: ${target}`);
  const file = path.resolve(target);
  return {
    url: pathToFileURL(file).toString(),
    status: 200,
    contentType: TYPES[path.extname(file).toLowerCase()] ?? 'text/html',
    body: fs.readFileSync(file, 'utf8'),
  };
}
