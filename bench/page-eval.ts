/**
 * Scores extraction on the hand-labelled real conference pages of
 * ../shared/eval/pages. Each page is served from a loopback HTTP server and read
 * through the same path as a campaign's conference URL: the polite guarded
 * fetch, then the extractor dispatcher. The scorer never uses the extractor's
 * own parsing: names and fields are compared as Unicode text (NFKC, case-folded,
 * punctuation and spacing ignored), so Han, kana and Cyrillic names count.
 */
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPoliteFetcher } from '../src/scrape/polite-fetcher.js';
import { extractSpeakers } from '../src/scrape/extract.js';
import type { ScrapedSpeaker } from '../src/scrape/types.js';

export const FIELDS = ['title', 'company', 'linkedin', 'talk'] as const;
export type Field = (typeof FIELDS)[number];

export interface Label {
  name: string;
  title: string | null;
  company: string | null;
  linkedin: string | null;
  talk: string | null;
}

export interface FieldCount {
  /** Labelled (non-null) values on the page. */
  labelled: number;
  /** Labelled values the extraction gave exactly. */
  right: number;
  /** Values the extraction gave for a matched person that differ from the label (null label included). */
  wrong: number;
}

export interface PageScore {
  file: string;
  split: 'dev' | 'holdout';
  extractor: string;
  labelled: number;
  extracted: number;
  matched: number;
  fields: Record<Field, FieldCount>;
  /** Extracted names with no label, and labelled names not extracted. */
  extra: string[];
  missed: string[];
  /** Per matched person, the field values that disagree: `field: got ≠ want`. */
  disagreements: string[];
}

function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

/** The labelled pages: EVAL_PAGES_DIR, else ../shared/eval/pages beside the checkout. */
export const pagesDir = process.env.EVAL_PAGES_DIR ?? path.resolve(findRoot(), '../shared/eval/pages');

export function pagesPresent(): boolean {
  return existsSync(path.join(pagesDir, 'labels.json')) && existsSync(path.join(pagesDir, 'split.json'));
}

export function loadLabels(): { labels: Record<string, Label[]>; split: Record<string, 'dev' | 'holdout'> } {
  const labels = JSON.parse(readFileSync(path.join(pagesDir, 'labels.json'), 'utf8')) as Record<string, Label[]>;
  const raw = JSON.parse(readFileSync(path.join(pagesDir, 'split.json'), 'utf8')) as { dev: string[]; holdout: string[] };
  const split: Record<string, 'dev' | 'holdout'> = {};
  for (const file of raw.dev) split[file] = 'dev';
  for (const file of raw.holdout) split[file] = 'holdout';
  return { labels, split };
}

/** Unicode text key: NFKC, lower case, every run of non-letters and non-digits one space. */
export function fold(text: string | null | undefined): string {
  return (text ?? '')
    .normalize('NFKC')
    .toLocaleLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ')
    .trim();
}

/** A LinkedIn URL as a comparable key: host, scheme, locale suffix and trailing slash ignored. */
export function linkedinKey(url: string | null | undefined): string {
  if (!url) return '';
  const m = /linkedin\.com(\/[^?#\s]*)/i.exec(url);
  if (!m) return url.toLowerCase();
  const parts = decodeURIComponent(m[1] as string)
    .toLowerCase()
    .split('/')
    .filter(Boolean);
  if (parts[0] === 'in') return `in/${parts[1] ?? ''}`;
  if (parts[0] === 'pub' && parts.length > 2 && /^[a-z]{2}$/.test(parts[parts.length - 1] as string)) parts.pop();
  // LinkedIn redirects /pub/name/a/b/c to /in/name-cba, the two lower groups padded to three digits.
  if (parts[0] === 'pub' && parts.length === 5) {
    const [, name, a, b, c] = parts as [string, string, string, string, string];
    return `in/${name}-${c.padStart(3, '0')}${b.padStart(3, '0')}${a}`;
  }
  return parts.join('/');
}

function valueOf(s: ScrapedSpeaker, field: Field): string | null {
  if (field === 'title') return s.title;
  if (field === 'company') return s.company;
  if (field === 'linkedin') return s.linkedinUrl;
  return s.talks[0]?.title ?? null;
}

function same(field: Field, got: string | null, want: string | null): boolean {
  if (field === 'linkedin') return linkedinKey(got) === linkedinKey(want);
  return fold(got) === fold(want);
}

export function scorePage(file: string, split: 'dev' | 'holdout', extractor: string, labels: Label[], got: ScrapedSpeaker[]): PageScore {
  const byName = new Map<string, ScrapedSpeaker>();
  for (const s of got) if (!byName.has(fold(s.name))) byName.set(fold(s.name), s);
  const wanted = new Set(labels.map((l) => fold(l.name)));
  const fields = Object.fromEntries(FIELDS.map((f) => [f, { labelled: 0, right: 0, wrong: 0 }])) as Record<Field, FieldCount>;
  const disagreements: string[] = [];
  let matched = 0;
  for (const label of labels) {
    const s = byName.get(fold(label.name));
    if (s) matched += 1;
    for (const field of FIELDS) {
      const want = label[field];
      const have = s ? valueOf(s, field) : null;
      if (want) fields[field].labelled += 1;
      if (want && s && same(field, have, want)) fields[field].right += 1;
      else if (s && have && !same(field, have, want)) fields[field].wrong += 1;
      if (s && (want || have) && !same(field, have, want)) disagreements.push(`${label.name} ${field}: ${JSON.stringify(have)} ≠ ${JSON.stringify(want)}`);
    }
  }
  return {
    file,
    split,
    extractor,
    labelled: labels.length,
    extracted: byName.size,
    matched,
    fields,
    extra: [...byName.keys()].filter((n) => !wanted.has(n)),
    missed: labels.filter((l) => !byName.has(fold(l.name))).map((l) => l.name),
    disagreements,
  };
}

export interface Totals {
  precision: number;
  recall: number;
  field: Record<Field, number>;
  labelled: number;
}

export function totals(scores: PageScore[]): Totals {
  const sum = (f: (s: PageScore) => number): number => scores.reduce((a, s) => a + f(s), 0);
  const extracted = sum((s) => s.extracted);
  const field = Object.fromEntries(
    FIELDS.map((f) => {
      const labelled = sum((s) => s.fields[f].labelled);
      return [f, labelled ? sum((s) => s.fields[f].right) / labelled : 1];
    }),
  ) as Record<Field, number>;
  return {
    precision: extracted ? sum((s) => s.matched) / extracted : 0,
    recall:
      sum((s) => s.matched) /
      Math.max(
        1,
        sum((s) => s.labelled),
      ),
    field,
    labelled: sum((s) => s.labelled),
  };
}

/** Serves every labelled page on loopback and reads each through the guarded fetch and the dispatcher. */
export async function evaluatePages(only?: (file: string) => boolean): Promise<PageScore[]> {
  const { labels, split } = loadLabels();
  const files = Object.keys(labels).filter((f) => split[f] && (!only || only(f)));
  const server = http.createServer((req, res) => {
    const file = decodeURIComponent((req.url ?? '/').slice(1));
    if (!files.includes(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(readFileSync(path.join(pagesDir, file)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fetcher = createPoliteFetcher({ allowHosts: [host], publicUrl: 'http://127.0.0.1' }, { pacingMs: 0 });
  try {
    const scores: PageScore[] = [];
    for (const file of files) {
      const page = await fetcher.fetchPage(`http://${host}/${encodeURIComponent(file)}`);
      const out = await extractSpeakers(page, fetcher.fetchPage);
      scores.push(scorePage(file, split[file] as 'dev' | 'holdout', out.extractor, labels[file] as Label[], out.speakers));
    }
    return scores;
  } finally {
    await fetcher.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

const pct = (n: number): string => n.toFixed(2);

function fieldCell(c: FieldCount): string {
  return c.labelled ? `${c.right}/${c.labelled}${c.wrong ? ` (${c.wrong}✗)` : ''}` : c.wrong ? `– (${c.wrong}✗)` : '–';
}

/**
 * A Markdown table per split, one row a page, then the split's totals. Holdout pages are
 * shown page by page only when asked (to check a figure, never to tune on it); their
 * summary row is printed beside the others either way.
 */
export function table(scores: PageScore[], parts: ReadonlyArray<'dev' | 'holdout'> = ['dev']): string {
  const lines: string[] = [];
  for (const part of parts) {
    const rows = scores.filter((s) => s.split === part);
    if (!rows.length) continue;
    lines.push(`| ${part} page | extractor | speakers | precision | recall | title | company | linkedin | talk |`, '|---|---|---|---|---|---|---|---|---|');
    for (const s of rows) {
      const p = s.extracted ? s.matched / s.extracted : 0;
      lines.push(
        `| ${s.file} | ${s.extractor} | ${s.labelled} | ${pct(p)} | ${pct(s.matched / s.labelled)} | ${FIELDS.map((f) => fieldCell(s.fields[f])).join(' | ')} |`,
      );
    }
    const t = totals(rows);
    lines.push(
      `| **${part}, ${rows.length} pages** | | ${t.labelled} | **${pct(t.precision)}** | **${pct(t.recall)}** | ${FIELDS.map((f) => `**${pct(t.field[f])}**`).join(' | ')} |`,
      '',
    );
  }
  lines.push(
    'Fields: right/labelled of the people whose page shows the field; (n✗) counts values given for a matched person that differ from the label, a label of null included.',
  );
  return lines.join('\n');
}
