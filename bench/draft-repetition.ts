/**
 * node dist/bench/draft-repetition.js <all.json> — how much of each campaign's follow-ups reads
 * like a form letter, from the file `npm run bench:labels -- sample --all=<file>` writes.
 *
 * For slots 2 and 3: the share of messages that hold a run of five words (lower case, inside a
 * sentence of the body) that more than a tenth of the same campaign's messages of that slot also
 * hold. The campaign's call to action is the sender's own line to repeat: its runs are left out.
 * Campaigns of fewer than ten sequences are skipped (a tenth of them is one message).
 * A second figure leaves out runs that quote four words of the pitch in a row (the product's
 * task, "which request got slow"): what is left is the campaign's frames.
 * A third is the issue's own measure: for every slot, the campaigns whose messages open on one
 * sentence (the call to action included) in more than a tenth of their sequences.
 */
import fs from 'node:fs';

interface Seq {
  page: string;
  messages: Array<{ slot: number; content: string }>;
}
interface AllFile {
  campaign: { by_field: Record<string, { cta: string; pitch: string }> };
  pages: Array<{ file: string; field?: string }>;
  sequences: Seq[];
}

const RUN = 5;
const SHARE = 0.1;
const MIN_SEQUENCES = 10;

function body(content: string): string {
  const lines = content
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  // Greeting line and the sign-off block (a word or two, then the sender's name).
  if (lines.length > 2) return lines.slice(1, -2).join(' ');
  return lines.join(' ');
}

function runs(text: string, n = RUN): Set<string> {
  const out = new Set<string>();
  for (const s of text.split(/(?<=[.!?])\s+/)) {
    const toks = s.toLowerCase().match(/[\p{L}\p{N}]+(?:['’.][\p{L}\p{N}]+)*/gu) ?? [];
    for (let i = 0; i + n <= toks.length; i++) out.add(toks.slice(i, i + n).join(' '));
  }
  return out;
}

/** The first sentence after the greeting: "Hey Ana, your talk …", "Hey, your talk …" (no name) and "Hey Ana,\n\nYour talk …" alike. */
function opening(content: string, slot: number): string {
  const text = slot === 1 ? content.replace(/^[^,\n]*,\s*/, '') : body(content);
  return (text.split(/(?<=[.!?])\s+/)[0] ?? '').trim();
}

function quotesPitch(run: string, pitch: Set<string>): boolean {
  const w = run.split(' ');
  return [...runs(run, 4)].some((g) => pitch.has(g)) || (w.length < 4 && pitch.has(run));
}

function main(): void {
  const file = process.argv[2];
  if (!file) throw new Error('usage: draft-repetition <all.json>');
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as AllFile;
  const fieldOf = new Map(data.pages.map((p) => [p.file, p.field ?? 'software']));
  const pages = [...new Set(data.sequences.map((s) => s.page))];
  const totals = { 2: [0, 0], 3: [0, 0] } as Record<number, [number, number]>;
  const frames = { 2: 0, 3: 0 } as Record<number, number>;
  const top = new Map<string, number>();
  const rows: string[] = [];
  const openings: string[] = [];
  let slotsMeasured = 0;
  for (const page of pages) {
    const seqs = data.sequences.filter((s) => s.page === page);
    if (seqs.length < MIN_SEQUENCES) continue;
    const brief = data.campaign.by_field[fieldOf.get(page) ?? 'software'];
    const cta = runs(brief?.cta ?? '');
    const pitch = runs(brief?.pitch ?? '', 4);
    for (const slot of [1, 2, 3]) {
      const counts = new Map<string, number>();
      for (const s of seqs)
        for (const m of s.messages.filter((x) => x.slot === slot)) counts.set(opening(m.content, slot), (counts.get(opening(m.content, slot)) ?? 0) + 1);
      slotsMeasured += 1;
      const [line, n] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
      if (n > seqs.length * SHARE) openings.push(`  ${page} slot ${slot}: ${n}/${seqs.length} open on "${line}"`);
    }
    const cells: string[] = [];
    for (const slot of [2, 3]) {
      const texts = seqs.flatMap((s) => s.messages.filter((m) => m.slot === slot).map((m) => runs(body(m.content))));
      const counts = new Map<string, number>();
      for (const t of texts) for (const g of t) if (!cta.has(g)) counts.set(g, (counts.get(g) ?? 0) + 1);
      const common = new Set([...counts].filter(([, n]) => n > texts.length * SHARE).map(([g]) => g));
      const hit = texts.filter((t) => [...t].some((g) => common.has(g))).length;
      frames[slot] += texts.filter((t) => [...t].some((g) => common.has(g) && !quotesPitch(g, pitch))).length;
      totals[slot][0] += hit;
      totals[slot][1] += texts.length;
      for (const g of common) top.set(`${slot}| ${g}`, (top.get(`${slot}| ${g}`) ?? 0) + (counts.get(g) ?? 0));
      cells.push(`${hit}/${texts.length}`);
    }
    rows.push(`| ${page} | ${seqs.length} | ${cells.join(' | ')} |`);
  }
  const pct = (s: number) => `${((100 * totals[s][0]) / Math.max(1, totals[s][1])).toFixed(1)}% (${totals[s][0]}/${totals[s][1]})`;
  const lines = [
    `slot 2 messages sharing a ${RUN}-word run with more than ${SHARE * 100}% of their campaign: ${pct(2)}`,
    `slot 3: ${pct(3)}`,
    `the same leaving out runs that quote four words of the pitch: slot 2 ${((100 * frames[2]) / Math.max(1, totals[2][1])).toFixed(1)}%, slot 3 ${((100 * frames[3]) / Math.max(1, totals[3][1])).toFixed(1)}%`,
    `campaign slots whose messages open on one sentence in more than ${SHARE * 100}% of their sequences: ${openings.length} of ${slotsMeasured}`,
    ...openings,
    '',
    '| campaign | sequences | slot 2 | slot 3 |',
    '|---|---|---|---|',
    ...rows,
    '',
    'most shared runs (slot| run: messages):',
    ...[...top]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([g, n]) => `  ${g}: ${n}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main();
