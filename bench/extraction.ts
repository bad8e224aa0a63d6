/**
 * npm run bench:extraction [-- --detail] [-- page-substring]: extraction figures on
 * the hand-labelled real pages, dev and holdout side by side, per page and overall.
 * --detail prints, per page, the people missed or added and every field that
 * disagrees with its label.
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
  const filter = args.find((a) => !a.startsWith('--'));
  const scores = await evaluatePages(filter ? (f) => f.includes(filter) : undefined);
  const out: string[] = [table(scores)];
  if (detail) {
    for (const s of scores) {
      out.push('', `## ${s.file} (${s.split}, ${s.extractor})`);
      if (s.missed.length) out.push(`missed: ${s.missed.join('; ')}`);
      if (s.extra.length) out.push(`extra: ${s.extra.join('; ')}`);
      for (const d of s.disagreements) out.push(`  ${d}`);
    }
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

await main();
