/**
 * npm run bench:extraction [-- --detail] [-- page-substring]: extraction figures on
 * the hand-labelled real pages, the dev pages one by one, then the outside set
 * (bench/extraction-outside/labels.json, its tune half page by page), and a summary of
 * the four columns (dev, outside tune, outside held, holdout). --detail prints, per dev
 * page and per outside page of the tune half, the people missed or added and every
 * field that disagrees with its label. Holdout pages and the outside held half are for
 * measuring only: their rows and detail are printed only with --holdout-detail (to
 * check a figure, never to tune on it).
 */
import { evaluateOutside, outsidePresent, outsideTable } from './extraction-outside.js';
import { FIELDS, evaluatePages, pagesDir, pagesPresent, table, totals, type PageScore } from './page-eval.js';

function detailOf(s: PageScore, heading: string): string[] {
  const out = ['', `## ${s.file} (${heading}, ${s.extractor})`];
  if (s.missed.length) out.push(`missed: ${s.missed.join('; ')}`);
  if (s.extra.length) out.push(`extra: ${s.extra.join('; ')}`);
  for (const d of s.disagreements) out.push(`  ${d}`);
  return out;
}

function summaryRow(name: string, rows: PageScore[]): string {
  if (!rows.length) return `| ${name} | 0 | 0 | – | – | – | – | – | – |`;
  const t = totals(rows);
  return `| ${name} | ${rows.length} | ${t.labelled} | ${t.precision.toFixed(2)} | ${t.recall.toFixed(2)} | ${FIELDS.map((f) => t.field[f].toFixed(2)).join(' | ')} |`;
}

async function main(): Promise<void> {
  if (!pagesPresent()) {
    process.stderr.write(`no labelled pages at ${pagesDir}\n`);
    process.exitCode = 1;
    return;
  }
  const args = process.argv.slice(2);
  const detail = args.includes('--detail');
  const holdoutDetail = args.includes('--holdout-detail');
  const filter = args.find((a) => !a.startsWith('--'));
  const only = filter ? (f: string): boolean => f.includes(filter) : undefined;
  const scores = await evaluatePages(only);
  const outside = outsidePresent() ? await evaluateOutside(only) : { scores: [], missing: [] };
  const out: string[] = [table(scores, holdoutDetail ? ['dev', 'holdout'] : ['dev']), '', outsideTable(outside.scores)];
  if (outside.missing.length) out.push('', `outside pages not read (no mirror of their repository): ${outside.missing.join('; ')}`);
  out.push(
    '',
    '| set | pages | speakers | precision | recall | title | company | linkedin | talk |',
    '|---|---|---|---|---|---|---|---|---|',
    summaryRow(
      'dev',
      scores.filter((s) => s.split === 'dev'),
    ),
    summaryRow(
      'outside tune',
      outside.scores.filter((s) => s.half === 'tune'),
    ),
    summaryRow(
      'outside held',
      outside.scores.filter((s) => s.half === 'held'),
    ),
    summaryRow(
      'holdout',
      scores.filter((s) => s.split === 'holdout'),
    ),
  );
  if (detail || holdoutDetail) {
    for (const s of scores.filter((p) => p.split === 'dev' || holdoutDetail)) out.push(...detailOf(s, s.split));
    for (const s of outside.scores.filter((p) => p.half === 'tune' || holdoutDetail)) out.push(...detailOf(s, `outside ${s.half}`));
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

await main();
