/**
 * npm run bench:extraction [-- --detail] [-- page-substring]: extraction figures on
 * the hand-labelled real pages, dev and holdout side by side, per page and overall.
 * --detail prints, per dev page, the people missed or added and every field that
 * disagrees with its label. Holdout pages are for measuring only, so their detail
 * is printed only with --holdout-detail (to check a figure, never to tune on it).
 */
import { evaluatePages, pagesDir, pagesPresent, table } from './page-eval.js';

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
  const scores = await evaluatePages(filter ? (f) => f.includes(filter) : undefined);
  const out: string[] = [table(scores)];
  if (detail || holdoutDetail) {
    for (const s of scores.filter((p) => p.split === 'dev' || holdoutDetail)) {
      out.push('', `## ${s.file} (${s.split}, ${s.extractor})`);
      if (s.missed.length) out.push(`missed: ${s.missed.join('; ')}`);
      if (s.extra.length) out.push(`extra: ${s.extra.join('; ')}`);
      for (const d of s.disagreements) out.push(`  ${d}`);
    }
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

await main();
