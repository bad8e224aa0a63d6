/**
 * Lines a whole campaign repeats. One speaker's sequence cannot show that the same
 * closing question ends a quarter of all sequences; a campaign-wide pass counts
 * each sequence's opening and closing lines and hands the counts to the scorer.
 */
import { sentences } from './text.js';
import type { CampaignLines } from './types.js';

/** Share of a campaign's sequences one line may appear in. */
export const LINE_SHARE = 0.1;
/** Below this many sequences a shared line is coincidence. */
export const LINE_MIN_SEQUENCES = 4;

const GREETING_RE = /^(?:hi|hey|hello|dear|hiya|good (?:morning|afternoon|evening))\b[^,\n!]{0,40}[,!]?\s*/i;
const SIGN_OFF_RE = /^(?:cheers|best|thanks|thank you|regards|best regards|kind regards|warm regards|warmly|talk soon|all the best|sincerely|best wishes)\b[ ,!.]*[\p{L} .'-]{0,40}$/iu;

/** A line with its particulars (names, titles, numbers) blanked, so one template matches itself. */
export function lineKey(line: string): string {
  return line
    .replace(/"[^"\n]*"|\u201c[^\u201d\n]*\u201d/g, ' q ')
    .replace(/(?<=\S\s+)\p{Lu}[\p{L}\p{N}.&'-]*/gu, ' n ')
    .replace(/\d[\d,.]*/g, ' 0 ')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/\b(?:n|q)(?: (?:n|q))+\b/g, 'n')
    .trim();
}

/** The message's body lines: without its greeting and its sign-off. */
function bodySentences(content: string): { opening: string | null; closing: string | null } {
  const lines = content.split('\n').map((l) => l.trim()).filter(Boolean);
  while (lines.length > 1 && (SIGN_OFF_RE.test(lines[lines.length - 1] as string) || /^[\p{Lu}][\p{L}'-]*(?: [\p{Lu}][\p{L}'-]*)?$/u.test(lines[lines.length - 1] as string))) lines.pop();
  const body = lines.join('\n').replace(GREETING_RE, '');
  const all = sentences(body).filter((s) => s.split(/\s+/).length >= 2);
  if (all.length === 0) return { opening: null, closing: null };
  return { opening: all[0] as string, closing: all.length > 1 ? (all[all.length - 1] as string) : null };
}

/** The keys of a message's opening and closing lines. */
export function messageLineKeys(content: string): string[] {
  const { opening, closing } = bodySentences(content);
  return [opening, closing].filter((l): l is string => l !== null).map(lineKey).filter((k) => k.split(' ').length >= 2);
}

/** Counts each line key once per sequence: sequences maps a sequence id to its messages' texts. */
export function countCampaignLines(sequences: ReadonlyMap<string, readonly string[]>): CampaignLines {
  const counts = new Map<string, number>();
  for (const texts of sequences.values()) {
    for (const k of new Set(texts.flatMap(messageLineKeys))) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return { sequences: sequences.size, counts };
}

/**
 * The message's opening or closing line the campaign repeats too often, with how often; or
 * null. The campaign's own call to action is the user's line to repeat: it is not counted.
 */
export function repeatedLine(content: string, lines: CampaignLines | null | undefined, cta = ''): string | null {
  if (!lines || lines.sequences < LINE_MIN_SEQUENCES) return null;
  const { opening, closing } = bodySentences(content);
  const ctaKeys = cta.trim() ? sentences(cta).map(lineKey).filter(Boolean) : [];
  for (const [where, line] of [['opening', opening], ['closing', closing]] as const) {
    if (!line || ctaKeys.includes(lineKey(line))) continue;
    const n = lines.counts.get(lineKey(line)) ?? 0;
    if (n >= LINE_MIN_SEQUENCES && n > lines.sequences * LINE_SHARE) return `the ${where} line "${line}" appears in ${n} of ${lines.sequences} sequences`;
  }
  return null;
}
