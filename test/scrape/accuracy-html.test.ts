/**
 * Accuracy of the generic card extractor on real conference pages labelled by
 * hand. The pages live outside the project (../shared/eval/real) and are read in
 * place; without them the suite reports that it skipped.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractSpeakers } from '../../src/scrape/extract.js';
import { htmlGeneric } from '../../src/scrape/extractors/html-generic.js';
import { collapseSpace, normalizeLinkedIn } from '../../src/scrape/normalize.js';
import { normalizeSpeaker } from '../../src/scrape/speaker-record.js';
import type { Page, RawSpeaker } from '../../src/scrape/types.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// A worktree sits one level deeper than a checkout; EVAL_DIR points it at the shared folder.
const evalDir = process.env.EVAL_DIR ?? path.resolve(repoRoot, '../shared/eval/real');
const present = existsSync(evalDir);
const BASE = 'https://conference.example/speakers/';

interface Expected {
  name: string;
  title?: string | null;
  company?: string | null;
  tagline?: string | null;
  linkedin?: string | null;
  profile_url?: string;
}

const fold = (text: string | null | undefined): string => collapseSpace(text ?? '').toLocaleLowerCase();

async function run(file: string): Promise<{ expected: Expected[]; got: RawSpeaker[] }> {
  const body = readFileSync(path.join(evalDir, `${file}.html`), 'utf8');
  const expected = JSON.parse(readFileSync(path.join(evalDir, `${file}.expected.json`), 'utf8')) as Expected[];
  const page: Page = { url: BASE, status: 200, contentType: 'text/html', body };
  expect(htmlGeneric.detect(page)).toBeGreaterThan(0);
  const got = await htmlGeneric.extract(page, async () => {
    throw new Error('the generic extractor does not fetch');
  });
  return { expected, got };
}

function precisionRecall(expected: Expected[], got: RawSpeaker[]): { precision: number; recall: number } {
  const want = new Set(expected.map((e) => fold(e.name)));
  const have = new Set(got.map((g) => fold(g.name)));
  const hits = [...have].filter((n) => want.has(n)).length;
  return { precision: have.size ? hits / have.size : 0, recall: want.size ? hits / want.size : 0 };
}

/** Share of expected speakers (found by name) for which `same` holds. */
function fieldAccuracy(expected: Expected[], got: RawSpeaker[], same: (e: Expected, g: RawSpeaker) => boolean): number {
  const byName = new Map(got.map((g) => [fold(g.name), g]));
  const scored = expected.filter((e) => byName.has(fold(e.name)));
  const right = scored.filter((e) => same(e, byName.get(fold(e.name)) as RawSpeaker)).length;
  return scored.length ? right / scored.length : 0;
}

function report(file: string, figures: Record<string, number>): void {
  const text = Object.entries(figures)
    .map(([k, v]) => `${k}=${v.toFixed(3)}`)
    .join(' ');
  console.log(`[accuracy-html] ${file}: ${text}`);
}

function linkedinOf(links: string[] | undefined): string | null {
  for (const link of links ?? []) {
    const ref = normalizeLinkedIn(link);
    if (ref?.kind === 'person') return ref.url;
  }
  return null;
}

describe.skipIf(!present)('generic HTML extraction on hand-labelled pages', () => {
  it('reads the GDG Ukraine 2014 speaker page (names, "Title, Company" lines, LinkedIn links)', async () => {
    const file = 'html-speakers-gdg-ukraine-2014';
    const { expected, got } = await run(file);
    const pr = precisionRecall(expected, got);
    const tagline = fieldAccuracy(expected, got, (e, g) => fold(g.tagline) === fold(`${e.title ?? ''}, ${e.company}`));
    const normalised = got.map((g) => normalizeSpeaker(g, BASE));
    const byName = new Map(normalised.map((s) => [fold(s.name), s]));
    const company = fieldAccuracy(expected, got, (e) => fold(byName.get(fold(e.name))?.company) === fold(e.company));
    const title = fieldAccuracy(expected, got, (e) => fold(byName.get(fold(e.name))?.title) === fold(e.title));
    const linkedin = fieldAccuracy(expected, got, (e, g) => {
      const want = e.linkedin ? (normalizeLinkedIn(e.linkedin)?.url ?? null) : null;
      return linkedinOf(g.links) === want;
    });
    report(file, { ...pr, tagline, title, company, linkedin });
    expect(pr.precision).toBeGreaterThanOrEqual(0.95);
    expect(pr.recall).toBeGreaterThanOrEqual(0.95);
    expect(tagline).toBeGreaterThanOrEqual(0.95);
    expect(linkedin).toBeGreaterThanOrEqual(0.95);
    const murat = got.find((g) => g.name === 'Murat Yener');
    expect(murat?.links).toContain('www.linkedin.com/in/muratyener');
  });

  it('reads the Stir Trek speaker cards (heading link names, mixed taglines, profile pages)', async () => {
    const file = 'html-speakers-stirtrek';
    const { expected, got } = await run(file);
    const pr = precisionRecall(expected, got);
    const tagline = fieldAccuracy(expected, got, (e, g) => fold(g.tagline) === fold(e.tagline));
    const profile = fieldAccuracy(expected, got, (e, g) => g.profileUrl === new URL(e.profile_url ?? '', BASE).href);
    report(file, { ...pr, tagline, profile });
    expect(pr.precision).toBeGreaterThanOrEqual(0.95);
    expect(pr.recall).toBeGreaterThanOrEqual(0.95);
    expect(tagline).toBeGreaterThanOrEqual(0.95);
    expect(profile).toBeGreaterThanOrEqual(0.95);
  });

  it('reads the DrupalCamp 2017 people view (username links, real name and company in paragraphs)', async () => {
    const file = 'html-speakers-drupalcamp-2017';
    const { expected, got } = await run(file);
    const pr = precisionRecall(expected, got);
    const company = fieldAccuracy(expected, got, (e, g) => fold(g.tagline ?? null) === fold(e.company));
    report(file, { ...pr, company });
    expect(pr.precision).toBeGreaterThanOrEqual(0.95);
    expect(pr.recall).toBeGreaterThanOrEqual(0.95);
    expect(company).toBeGreaterThanOrEqual(0.95);
  });
});

describe.skipIf(!present)('the dispatcher on the same pages', () => {
  const pages = ['html-speakers-gdg-ukraine-2014', 'html-speakers-stirtrek', 'html-speakers-drupalcamp-2017'];

  it.each(pages)('keeps precision and recall on %s whichever extractor it picks', async (file) => {
    const body = readFileSync(path.join(evalDir, `${file}.html`), 'utf8');
    const expected = JSON.parse(readFileSync(path.join(evalDir, `${file}.expected.json`), 'utf8')) as Expected[];
    const page: Page = { url: BASE, status: 200, contentType: 'text/html', body };
    const out = await extractSpeakers(page, async (url) => ({ url, status: 404, contentType: 'text/html', body: '' }));
    const got: RawSpeaker[] = out.speakers.map((s) => ({
      name: s.name,
      title: s.title ?? undefined,
      company: s.company ?? undefined,
      links: s.linkedinUrl ? [s.linkedinUrl] : [],
    }));
    const pr = precisionRecall(expected, got);
    const figures: Record<string, number> = { ...pr };
    if (expected.some((e) => 'linkedin' in e)) {
      figures.linkedin = fieldAccuracy(expected, got, (e, g) => linkedinOf(g.links) === (e.linkedin ? (normalizeLinkedIn(e.linkedin)?.url ?? null) : null));
    }
    if (expected.some((e) => 'company' in e)) {
      figures.company = fieldAccuracy(expected, got, (e, g) => fold(g.company) === fold(e.company));
    }
    if (expected.some((e) => 'title' in e)) {
      figures.title = fieldAccuracy(expected, got, (e, g) => fold(g.title) === fold(e.title));
    }
    report(`${file} via ${out.extractor}`, figures);
    expect(pr.precision).toBeGreaterThanOrEqual(0.95);
    expect(pr.recall).toBeGreaterThanOrEqual(0.95);
    if (figures.linkedin !== undefined) expect(figures.linkedin).toBeGreaterThanOrEqual(0.95);
    if (figures.company !== undefined) expect(figures.company).toBeGreaterThanOrEqual(0.9);
  });
});

describe.skipIf(present)('generic HTML extraction on hand-labelled pages', () => {
  it('is skipped: the evaluation pages are not next to this checkout', () => {
    console.log(`[accuracy-html] skipped: ${evalDir} not found`);
  });
});
