/**
 * node dist/bench/draft-variety.js <dump.json> [pitch] [cta] — how much of a campaign reads
 * like a mail merge, from a dump written by `npm run bench:drafts -- --dump=<file>`.
 *
 * Counts, per campaign (one per page): the opening sentence and the closing line most
 * sequences share; over all drafts: the four commonest slot 3 openers, pitch sentences
 * pasted verbatim, "What we do:" blocks, a sender introduced by a bare role, and last
 * notes that are only an opener and the call to action. Independent of the engine's code.
 */
import fs from 'node:fs';
import { countCampaignLines, repeatedLine } from '../src/qa/campaign-lines.js';

interface Dumped {
  name: string;
  page: string;
  messages: Array<{ slot: number; content: string }>;
}

const GREETING = /^\s*(?:hi|hey|hello|dear)\b[^\n,!.]*[,!.]?\s*/i;
const SIGNOFF = /\n+(?:cheers|best|thanks|regards|kind regards|best regards|warmly|—)[^\n]*(?:\n[^\n]*)?$/i;

function body(content: string): string {
  return content.replace(SIGNOFF, '').replace(GREETING, '').trim();
}

function sentencesOf(text: string): string[] {
  return text
    .replace(/"[^"\n]*"/g, (q) => q.replace(/[.!?]/g, '\u2024'))
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.replace(/\u2024/g, '.').trim())
    .filter(Boolean);
}

const unnamed = (s: string, name: string) => s.replace(new RegExp(name.split(/\s+/)[0] ?? '\u0000', 'g'), 'N');

function topShare(values: string[]): { share: number; value: string } {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best = ['', 0] as [string, number];
  for (const e of counts) if (e[1] > best[1]) best = e;
  return { share: values.length ? best[1] / values.length : 0, value: best[0] };
}

function perCampaign(seqs: Dumped[], part: (s: Dumped) => string[]): Array<{ page: string; n: number; share: number; value: string }> {
  const pages = [...new Set(seqs.map((s) => s.page))];
  return pages.map((page) => {
    const group = seqs.filter((s) => s.page === page);
    // A sequence counts once per sentence, whichever slot it is in.
    const values = group.flatMap((s) => [...new Set(part(s))]);
    const counts = new Map<string, number>();
    for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
    let best = ['', 0] as [string, number];
    for (const e of counts) if (e[1] > best[1]) best = e;
    return { page, n: group.length, share: group.length ? best[1] / group.length : 0, value: best[0] };
  });
}

function main(): void {
  const [file, pitchArg, ctaArg] = process.argv.slice(2);
  if (!file) throw new Error('usage: draft-variety <dump.json> [pitch] [cta]');
  const seqs = JSON.parse(fs.readFileSync(file, 'utf8')) as Dumped[];
  const slot = (s: Dumped, n: number) => body(s.messages.find((m) => m.slot === n)?.content ?? '');
  const pitchFirst = pitchArg ? (sentencesOf(pitchArg)[0] ?? '').replace(/[.!?]$/, '').toLowerCase() : '';
  const slot3Openers = seqs.map((s) => sentencesOf(slot(s, 3))[0] ?? '');
  const top4 = [...new Set(slot3Openers)]
    .map((o) => [o, slot3Openers.filter((x) => x === o).length] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4);
  const out = {
    sequences: seqs.length,
    slot3TopFourOpenersShare: top4.reduce((n, [, c]) => n + c, 0) / Math.max(1, seqs.length),
    slot3TopOpeners: top4,
    whatWeDo: seqs.filter((s) => s.messages.some((m) => /What we do:/.test(m.content))).length,
    pitchPastedSlot2: pitchFirst ? seqs.filter((s) => slot(s, 2).toLowerCase().includes(pitchFirst)).length : null,
    pitchPastedAnywhere: pitchFirst ? seqs.filter((s) => s.messages.some((m) => m.content.toLowerCase().includes(pitchFirst))).length : null,
    bareRoleIntro: seqs.filter(
      (s) => /\bI(?:'m| am) [^,.]+, [^.]+\.\s/.test(slot(s, 1)) && !/\b(?:at|from|of)\b/.test(/\bI(?:'m| am) [^.]+\./.exec(slot(s, 1))?.[0] ?? ''),
    ).length,
    worthALook: seqs.filter((s) => s.messages.some((m) => /Worth a look, do you think\?/.test(m.content))).length,
    slot3TwoSentencesOrFewer: seqs.filter((s) => sentencesOf(slot(s, 3)).length <= 2).length,
    maxOpeningShare: perCampaign(seqs, (s) => [1, 2, 3].map((n) => unnamed(sentencesOf(slot(s, n))[0] ?? '', s.name))),
    maxClosingShare: perCampaign(seqs, (s) => [1, 2, 3].map((n) => unnamed(sentencesOf(slot(s, n)).at(-1) ?? '', s.name))),
    slot1OpeningTop: topShare(seqs.map((s) => unnamed(sentencesOf(slot(s, 1))[0] ?? '', s.name))),
    // What rescore_drafts would flag as campaign_repeated_line, per campaign (the CTA given as [cta] is exempt).
    repeatedLineMessages: [...new Set(seqs.map((s) => s.page))].map((page) => {
      const group = seqs.filter((s) => s.page === page);
      const lines = countCampaignLines(new Map(group.map((s, i) => [`${i}`, s.messages.map((m) => m.content)])));
      const flagged = group.flatMap((s) => s.messages.map((m) => repeatedLine(m.content, lines, ctaArg ?? ''))).filter((x): x is string => !!x);
      return { page, n: group.length, flagged: flagged.length, example: flagged[0] ?? null };
    }),
  };
  process.stdout.write(`${JSON.stringify(out, null, 1)}\n`);
}

main();
