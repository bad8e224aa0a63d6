/**
 * Extraction on the hand-labelled real pages of ../shared/eval/pages, each served
 * on loopback and read through the guarded fetch and the dispatcher
 * (bench/page-eval.ts). Without the pages the suite says it skipped.
 *
 * The floors are what the extractors reach today, so a change that loses ground
 * fails. The dev goals (0.98 and 0.9) are met; on holdout, name recall,
 * company and talk are still under theirs (names 0.97, company and
 * talk 0.85). docs/extraction.md has the per-page table.
 */
import { describe, expect, it } from 'vitest';
import { evaluatePages, pagesDir, pagesPresent, table, totals, type PageScore } from '../../bench/page-eval.js';

const FLOOR = {
  dev: { precision: 0.99, recall: 0.99, title: 0.93, company: 0.96, linkedin: 0.96, talk: 0.98 },
  holdout: { precision: 0.99, recall: 0.92, title: 0.91, company: 0.55, linkedin: 0.96, talk: 0.5 },
};

describe.skipIf(!pagesPresent())('extraction on real labelled pages (dev and holdout)', () => {
  let scores: PageScore[] = [];

  it('reads every page through the guarded fetch and the dispatcher', async () => {
    scores = await evaluatePages();
    console.log(`[accuracy-pages]\n${table(scores)}`);
    expect(scores.length).toBeGreaterThanOrEqual(32);
    expect(scores.filter((s) => s.extractor === 'none').map((s) => s.file)).toEqual([]);
    // Thirty-two whole pages parsed on a shared machine: the default 30 s is too tight beside other test files.
  }, 120_000);

  it.each(['dev', 'holdout'] as const)('keeps the %s figures at or above their floors', (split) => {
    const t = totals(scores.filter((s) => s.split === split));
    const floor = FLOOR[split];
    expect(t.precision, 'name precision').toBeGreaterThanOrEqual(floor.precision);
    expect(t.recall, 'name recall').toBeGreaterThanOrEqual(floor.recall);
    for (const field of ['title', 'company', 'linkedin', 'talk'] as const) expect(t.field[field], field).toBeGreaterThanOrEqual(floor[field]);
  });
});

describe.skipIf(pagesPresent())('extraction on real labelled pages (dev and holdout)', () => {
  it('is skipped: the labelled pages are not next to this checkout', () => {
    console.log(`[accuracy-pages] skipped: ${pagesDir} not found`);
  });
});
