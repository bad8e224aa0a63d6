/**
 * Evidence for every extracted field: the span of the page's own text it was read
 * from, so that a draft, the QA gate and a reviewer can check a fact against what the
 * page says rather than against our parse of it. It is found after extraction,
 * generically, by looking each value up in the page's text (page-text.ts): the text
 * of the smallest block holding it, else its line or sentence, cut to MAX_EVIDENCE
 * characters around it. A value the page does not contain gets no evidence.
 */
import type { Page, ScrapedSpeaker } from './types.js';
import { type TextDoc, foldValue, pageDocs, wordIndex } from './page-text.js';

export const MAX_EVIDENCE = 300;
export const EVIDENCE_FIELDS = ['name', 'title', 'company', 'linkedin', 'talk', 'event'] as const;
export type EvidenceField = (typeof EVIDENCE_FIELDS)[number];
export type Evidence = Partial<Record<EvidenceField, string>>;

/** Where a value sits in one document: its span in the document's text. */
interface Hit {
  doc: TextDoc;
  start: number;
  end: number;
}

/** How far (folded characters) a two-part name may be spread, "Jane" … "Doe" in separate fields. */
const NAME_SPREAD = 120;
/** Occurrences looked at per value; a word on every line of a huge page need not be weighed all. */
const MAX_OCCURRENCES = 400;

/**
 * Where the folded value stands in the document, starting at a word. It is looked for at
 * the places of its rarest word (a first name or a company's first word is on many lines
 * of a large page), each place giving the start at that word's distance before it.
 */
function occurrences(doc: TextDoc, folded: string): Array<[number, number]> {
  if (!folded) return [];
  const index = wordIndex(doc);
  let places: number[] | undefined;
  let offset = 0;
  for (let at = 0, i = 0; i <= folded.length; i++) {
    if (i < folded.length && folded[i] !== ' ') continue;
    const list = index.get(folded.slice(at, i));
    if (!list) return [];
    if (!places || list.length < places.length) [places, offset] = [list, at];
    at = i + 1;
  }
  const found: Array<[number, number]> = [];
  for (const place of places ?? []) {
    const pos = place - offset;
    if (pos < 0 || (pos > 0 && doc.folded[pos - 1] !== ' ')) continue;
    const end = pos + folded.length;
    if (doc.folded.startsWith(folded, pos) && (end === doc.folded.length || doc.folded[end] === ' ')) found.push([pos, end]);
    if (found.length >= MAX_OCCURRENCES) break;
  }
  return found;
}

function toHit(doc: TextDoc, [from, to]: [number, number]): Hit {
  return { doc, start: doc.at[from] as number, end: (doc.at[to - 1] as number) + 1 };
}

/** A name written in two fields ("Jane", "Doe"): its first and last words close together. */
function spreadName(doc: TextDoc, folded: string): Array<[number, number]> {
  const words = folded.split(' ');
  if (words.length < 2) return [];
  const head = occurrences(doc, words[0] as string);
  const tail = occurrences(doc, words[words.length - 1] as string);
  const found: Array<[number, number]> = [];
  for (const [hs] of head) {
    const t = tail.find(([ts]) => ts > hs && ts - hs <= NAME_SPREAD);
    if (t) found.push([hs, t[1]]);
  }
  return found;
}

/** The occurrence closest to one of the person's name occurrences in the same document. */
function nearest(hits: Hit[], anchors: Hit[]): Hit | undefined {
  let best: Hit | undefined;
  let bestDistance = Infinity;
  for (const hit of hits) {
    for (const a of anchors) {
      if (a.doc !== hit.doc) continue;
      // A field usually follows the name; a tie goes to the one after it.
      const d = hit.start >= a.start ? hit.start - a.start : (a.start - hit.start) * 1.5;
      if (d < bestDistance) [best, bestDistance] = [hit, d];
    }
  }
  return best ?? hits[0];
}

/**
 * Past this many raw characters a block or line cannot fold into MAX_EVIDENCE: it is not
 * read whole. Each look-up then costs the span it reads, not the document's length (a
 * 3,000-speaker JSON view is one block).
 */
const MAX_RAW = MAX_EVIDENCE * 4;

/** Index of the smallest block that holds [start, end): blocks end in order, the first to hold it is the innermost. */
function blockOf(doc: TextDoc, start: number, end: number): [number, number] {
  let lo = 0;
  let hi = doc.ends.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((doc.ends[mid] as number) < end) lo = mid + 1;
    else hi = mid;
  }
  // Blocks ending further than MAX_RAW past the value are too long to quote whole: stop there.
  for (let i = lo; i < doc.ends.length && (doc.ends[i] as number) - start <= MAX_RAW; i++) {
    if ((doc.starts[i] as number) <= start) return [doc.starts[i] as number, doc.ends[i] as number];
  }
  // No block short enough holds it (a name in two fields, or one long line): its lines,
  // looked for no further than MAX_RAW either side.
  const floor = Math.max(0, start - MAX_RAW);
  const ceiling = Math.min(doc.text.length, end + MAX_RAW);
  const before = doc.text.slice(floor, start).lastIndexOf('\n');
  const after = doc.text.slice(end, ceiling).indexOf('\n');
  return [before < 0 ? floor : floor + before + 1, after < 0 ? ceiling : end + after];
}

const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

const SENTENCE_END = /[.!?。！？](?=\s)/g;

/** The sentence of [from, to) that holds the value. */
function sentenceOf(text: string, from: number, to: number, start: number, end: number): [number, number] {
  let s = from;
  let e = to;
  // Matched in the slice only: a regex run on the whole text would scan past `to`.
  const part = text.slice(from, to + 1);
  SENTENCE_END.lastIndex = 0;
  for (let m = SENTENCE_END.exec(part); m && from + m.index < to; m = SENTENCE_END.exec(part)) {
    const at = from + m.index;
    if (at < start) s = at + 1;
    else if (at >= end - 1) {
      e = at + 1;
      break;
    }
  }
  return [s, e];
}

/** At most MAX_EVIDENCE characters around the value, cut between words. */
function windowOf(text: string, from: number, to: number, start: number, end: number): string {
  if (end - start >= MAX_EVIDENCE) return collapse(text.slice(start, start + MAX_EVIDENCE));
  const side = Math.floor((MAX_EVIDENCE - (end - start)) / 2);
  let s = Math.max(from, start - side);
  let e = Math.min(to, end + side);
  if (s > from) {
    const cut = text.slice(s, start).search(/\s/);
    if (cut >= 0) s += cut + 1;
  }
  if (e < to) {
    const cut = text.slice(end, e).search(/\s\S*$/);
    if (cut >= 0) e = end + cut;
  }
  return collapse(text.slice(s, e));
}

/** The page's text around a hit: its block, else its line, else its sentence, else a window. */
export function spanText(hit: Hit): string {
  const { text } = hit.doc;
  const [bs, be] = blockOf(hit.doc, hit.start, hit.end);
  if (be - bs <= MAX_RAW) {
    const block = collapse(text.slice(bs, be));
    if (block.length <= MAX_EVIDENCE) return block;
  }
  // The line around the hit, looked for no further than MAX_RAW either side.
  const floor = Math.max(bs, hit.start - MAX_RAW);
  const ceiling = Math.min(be, hit.end + MAX_RAW);
  const before = text.slice(floor, hit.start).lastIndexOf('\n');
  const ls = before < 0 ? floor : floor + before + 1;
  const after = text.slice(hit.end, ceiling).indexOf('\n');
  const le = after < 0 ? ceiling : hit.end + after;
  if (le - ls <= MAX_RAW) {
    const line = collapse(text.slice(ls, le));
    if (line.length <= MAX_EVIDENCE) return line;
  }
  const [ss, se] = sentenceOf(text, ls, le, hit.start, hit.end);
  const sentence = se - ss <= MAX_RAW ? collapse(text.slice(ss, se)) : null;
  return sentence !== null && sentence.length <= MAX_EVIDENCE ? sentence : windowOf(text, ss, se, hit.start, hit.end);
}

/** What follows a title written whole: the end of its value, element or line, not more of a longer title. */
const VALUE_END = /^[ \t]*(?:["'\u201d\u2019<\n\r\]})]|$)/;

/**
 * The occurrences of a title that stand whole, when there are any: "Scaling Postgres" is not
 * read from "Scaling Postgres: Lessons from Production", another person's longer title.
 */
function whole(hits: Hit[]): Hit[] {
  const kept = hits.filter((h) => VALUE_END.test(h.doc.text.slice(h.end, h.end + 8)));
  return kept.length ? kept : hits;
}

/** A page's documents and the look-ups made in them; build one per page. */
export class PageText {
  private readonly docs: TextDoc[];

  /** The page first, then every page an extractor fetched for it (API views). */
  constructor(page: Page, followed: readonly Page[] = []) {
    this.docs = [page, ...followed].flatMap(pageDocs);
  }

  /** Every occurrence of the value, document by document. */
  find(value: string | null | undefined, opts: { spread?: boolean } = {}): Hit[] {
    const folded = value ? foldValue(value) : '';
    if (!folded) return [];
    const hits: Hit[] = [];
    for (const doc of this.docs) {
      let found = occurrences(doc, folded);
      if (found.length === 0 && opts.spread) found = spreadName(doc, folded);
      for (const o of found) hits.push(toHit(doc, o));
    }
    return hits;
  }

  /** Where a LinkedIn profile is written: the link element or the text carrying it. */
  findLink(url: string | null): Array<Hit & { source: string }> {
    if (!url) return [];
    return this.docs.flatMap((doc) => doc.links.filter((l) => l.url === url).map((l) => ({ doc, start: l.at, end: l.at, source: l.source })));
  }

  /** The first document position of a text, for ordering entries as the page shows them. */
  positionOf(value: string): number | null {
    const hit = this.find(value)[0];
    return hit && hit.doc === this.docs[0] ? hit.start : null;
  }

  /** The evidence of one speaker's fields; `event` is shared by the page's speakers. */
  evidenceFor(s: ScrapedSpeaker, event?: string): Evidence {
    const names = this.find(s.name, { spread: true });
    const evidence: Evidence = {};
    if (names[0]) evidence.name = spanText(names[0]);
    const near = (hits: Hit[]) => (hits.length ? spanText(nearest(hits, names) as Hit) : undefined);
    const fields: Array<[EvidenceField, string | undefined]> = [
      ['title', near(this.find(s.title))],
      ['company', near(this.find(s.company))],
      ['talk', near(whole(this.find(s.talks[0]?.title)))],
    ];
    const link = nearest(this.findLink(s.linkedinUrl), names) as (Hit & { source: string }) | undefined;
    if (link) fields.push(['linkedin', collapse(link.source).slice(0, MAX_EVIDENCE)]);
    if (event) fields.push(['event', event]);
    for (const [field, text] of fields) if (text) evidence[field] = text;
    return evidence;
  }
}

/** Gives every speaker the evidence of its fields, reading the page's text once. */
export function attachEvidence(speakers: ScrapedSpeaker[], text: PageText, eventName: string | null): ScrapedSpeaker[] {
  const eventHit = eventName ? text.find(eventName)[0] : undefined;
  const event = eventHit ? spanText(eventHit) : undefined;
  return speakers.map((s) => ({ ...s, evidence: text.evidenceFor(s, event) }));
}
