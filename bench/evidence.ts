/**
 * npm run bench:evidence [-- --detail]: how many extracted field values on the
 * hand-labelled real pages of ../shared/eval/pages find their evidence in the page,
 * and what finding it costs per page. --detail lists the values left without evidence.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { extractSpeakers } from '../src/scrape/extract.js';
import { PageText, attachEvidence, type EvidenceField } from '../src/scrape/evidence.js';
import type { Page, ScrapedSpeaker } from '../src/scrape/types.js';
import { loadLabels, pagesDir, pagesPresent } from './page-eval.js';

const FIELDS: EvidenceField[] = ['name', 'title', 'company', 'linkedin', 'talk', 'event'];

function valueOf(s: ScrapedSpeaker, field: EvidenceField, event: string | null): string | null {
  if (field === 'name') return s.name;
  if (field === 'title') return s.title;
  if (field === 'company') return s.company;
  if (field === 'linkedin') return s.linkedinUrl;
  if (field === 'talk') return s.talks[0]?.title ?? null;
  return event;
}

async function main(): Promise<void> {
  if (!pagesPresent()) {
    process.stderr.write(`no labelled pages at ${pagesDir}\n`);
    process.exitCode = 1;
    return;
  }
  const detail = process.argv.includes('--detail');
  const { labels } = loadLabels();
  const counts = Object.fromEntries(FIELDS.map((f) => [f, { values: 0, found: 0 }])) as Record<EvidenceField, { values: number; found: number }>;
  const missing: string[] = [];
  let ms = 0;
  let pages = 0;
  for (const file of Object.keys(labels)) {
    const page: Page = { url: `http://127.0.0.1/${file}`, status: 200, contentType: 'text/html', body: readFileSync(path.join(pagesDir, file), 'utf8') };
    const out = await extractSpeakers(page, () => Promise.reject(new Error('offline')));
    // Timed again on its own, the page's text index and every look-up, best of three (the first includes compiling).
    let best = Infinity;
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      attachEvidence(out.speakers, new PageText(page), out.eventName);
      best = Math.min(best, performance.now() - t0);
    }
    ms += best;
    pages += 1;
    for (const s of out.speakers) {
      for (const f of FIELDS) {
        const value = valueOf(s, f, out.eventName);
        if (!value) continue;
        counts[f].values += 1;
        if (s.evidence[f]) counts[f].found += 1;
        else missing.push(`${file}: ${s.name} ${f}: ${JSON.stringify(value)}`);
      }
    }
  }
  const total = FIELDS.reduce((a, f) => [a[0] + counts[f].values, a[1] + counts[f].found], [0, 0]);
  const lines = ['| field | values | with evidence | share |', '|---|---|---|---|'];
  for (const f of FIELDS) lines.push(`| ${f} | ${counts[f].values} | ${counts[f].found} | ${(counts[f].found / Math.max(1, counts[f].values)).toFixed(3)} |`);
  lines.push(
    `| **all** | ${total[0]} | ${total[1]} | **${(total[1] / Math.max(1, total[0])).toFixed(3)}** |`,
    '',
    `evidence: ${(ms / pages).toFixed(2)} ms per page over ${pages} pages`,
  );
  if (detail) lines.push('', ...missing);
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
