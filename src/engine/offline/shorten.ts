/** Shortening by dropping whole sentences, least useful first, so no sentence is left cut off. */
import { leadingSentences } from './compose.js';
import { renderMessage, splitSentences, type Message } from './message.js';
import type { SlotNumber } from '../types.js';
import { fold, truncateWords } from './text.js';

/** Pleasantries, bridges and self-introductions: the first to go when space is short. */
const FILLER =
  /^(?:thanks|thank you|good to be connected|glad we're connected|a (?:quick|brief) follow-up|quick follow-up|one (?:more|last|further) note|always |keen to|i'd like to follow|i would (?:value|like to follow)|it would be good to follow|loved the topic|i liked the topic)/i;
const INTRO = /^(?:I'm|I am|My name is) \p{Lu}/u;
/** Sentences that tie the pitch to the speaker; they go before the pitch itself. */
const CONNECTIVE =
  /^(?:given|with all|with your|in light of|as an? |it connects|it relates|it fits|could be handy|it could be|it may be|this (?:connects|relates)|your (?:talk|session) "[^"]*" (?:is what|prompted))/i;
/** A sentence about the reader (their talk, work, role or employer): what keeps a short note from being filler. */
const ABOUT_THEM = /"[^"\n]+"|\byour (?:talk|session|panel|workshop|keynote|work|role|job|position|research)\b|\bwhat you do\b|\bat \p{Lu}/u;

export interface Keep {
  /** Text that must survive: the CTA in the last slot, anything the instruction asked to add. */
  must: readonly string[];
  /** Text to drop last: the pitch and positioning, which the message exists to carry. */
  core: readonly string[];
}

const NEVER = Number.POSITIVE_INFINITY;
/** The rank of the pitch's own sentences: dropped last. */
const CORE = 4;

export interface Limit {
  chars: number;
  words?: number | null;
  /** A target rather than a limit ("make it shorter"): reached by whole sentences or not at all, never by a cut. */
  soft?: boolean;
}

function fits(m: Message, limit: Limit): boolean {
  const text = renderMessage(m);
  if (text.length > limit.chars) return false;
  return !limit.words || text.split(/\s+/).filter(Boolean).length <= limit.words;
}

function keyOf(text: string): string {
  return fold(text)
    .replace(/[.!?]+$/, '')
    .trim();
}

function ranker(m: Message, slot: SlotNumber, keep: Keep): (s: string, i: number) => number {
  // A two-sentence CTA ("Want a demo? Book at ...") is kept sentence by sentence.
  const must = keep.must.flatMap(splitSentences).map(keyOf).filter(Boolean);
  const core = keep.core.map(keyOf).filter(Boolean);
  return (s, i) => {
    const k = keyOf(s);
    if ((i === 0 && !m.greeting && slot === 1) || must.some((x) => k.includes(x))) return NEVER;
    if (FILLER.test(s) || INTRO.test(s)) return 0;
    if (CONNECTIVE.test(s)) return 1;
    if (core.some((x) => k.includes(x) || x.includes(k))) return CORE;
    return s.endsWith('?') || ABOUT_THEM.test(s) ? 3 : 2;
  };
}

/** Index of the sentence to drop next (lowest rank, latest first), or -1. */
function victim(sentences: readonly string[], rank: (s: string, i: number) => number): number {
  let best = -1;
  let bestRank = NEVER;
  for (let i = sentences.length - 1; i >= 0; i--) {
    const r = rank(sentences[i], i);
    if (r < bestRank) {
      best = i;
      bestRank = r;
    }
  }
  return best;
}

/**
 * Drops sentences until the message fits `max`. A one-line note keeps its first
 * sentence (it carries the greeting). Only if that is still too long does the
 * signature go, then words.
 */
export function shortenMessage(m: Message, slot: SlotNumber, limit: Limit, keep: Keep): Message {
  const out: Message = { ...m, sentences: [...m.sentences] };
  const rank = ranker(m, slot, keep);
  while (!fits(out, limit) && out.sentences.length > 1) {
    // The last sentence about the reader stays: without it a short note is filler that could go to anyone.
    const aboutThem = out.sentences.filter((x) => ABOUT_THEM.test(x)).length;
    const keep = (x: string, j: number) => (aboutThem === 1 && ABOUT_THEM.test(x) ? NEVER : rank(x, j));
    const i = victim(out.sentences, keep);
    // A target ("make it shorter") never costs the pitch: the signature goes first.
    if (i < 0 || (limit.soft && keep(out.sentences[i] as string, i) >= CORE)) break;
    out.sentences.splice(i, 1);
  }
  // "If X, would a call help?" gives up its condition before anything is cut mid-sentence.
  if (!fits(out, limit)) out.sentences = out.sentences.map((sentence) => bareMust(sentence, keep));
  if (!fits(out, limit) && out.signature) out.signature = null;
  // Still over a hard limit: what must stay (the call to action) outlives the line about the
  // reader. A target ("make it shorter") keeps that line: the call alone is a note to anyone.
  if (!fits(out, limit) && !limit.soft) {
    const must = keep.must.flatMap(splitSentences).map(keyOf).filter(Boolean);
    const kept = out.sentences.filter((x) => must.some((k) => keyOf(x).includes(k)));
    if (kept.length) out.sentences = kept;
  }
  if (fits(out, limit) || limit.soft) return out;
  const text = renderMessage(out).replace(/\n+/g, ' ');
  const max = limit.words ? Math.min(limit.chars, wordBoundary(text, limit.words)) : limit.chars;
  const cut = leadingSentences(text, max);
  return { greeting: null, sentences: [cut.length <= max ? cut : truncateWords(text, max)], signature: null, gap: m.gap };
}

/** A sentence that wraps a must-keep sentence in more words, reduced to that sentence. */
function bareMust(sentence: string, keep: Keep): string {
  const k = keyOf(sentence);
  const inner = keep.must.flatMap(splitSentences).find((x) => {
    const kx = keyOf(x);
    return kx && kx !== k && k.endsWith(kx);
  });
  return inner ?? sentence;
}

/** Character position where the n-th word ends. */
function wordBoundary(text: string, words: number): number {
  const re = /\S+/g;
  let end = text.length;
  for (let i = 0; i < words; i++) {
    const m = re.exec(text);
    if (!m) return text.length;
    end = m.index + m[0].length;
  }
  return end;
}
