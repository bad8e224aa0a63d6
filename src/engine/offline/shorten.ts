/** Shortening by dropping whole sentences, least useful first, so no sentence is left cut off. */
import { leadingSentences } from './compose.js';
import { renderMessage, type Message } from './message.js';
import type { SlotNumber } from '../types.js';
import { fold, truncateWords } from './text.js';

/** Pleasantries and self-introductions: the first to go when space is short. */
const FILLER = /^(?:thanks|thank you|good to be connected|glad we're connected|a (?:quick|brief) follow-up|quick follow-up|one (?:more|last|further) note|always |keen to|i'd like to follow|i would value|it would be good to follow|loved the topic|i liked the topic)/i;
const INTRO = /^(?:I'm|I am|My name is) \p{Lu}/u;

function isFiller(sentence: string): boolean {
  return FILLER.test(sentence) || INTRO.test(sentence);
}

/** Index of the sentence to drop next, or -1 when only kept ones remain. */
function victim(sentences: readonly string[], kept: (s: string, i: number) => boolean): number {
  let firstOther = -1;
  for (let i = sentences.length - 1; i >= 0; i--) {
    if (kept(sentences[i], i)) continue;
    if (isFiller(sentences[i])) return i;
    if (i > 0 && firstOther < 0) firstOther = i;
  }
  if (firstOther >= 0) return firstOther;
  return sentences.length > 1 && !kept(sentences[0], 0) ? 0 : -1;
}

/**
 * Drops sentences until the message fits `max`. A one-line note keeps its first
 * sentence (it carries the greeting); `keep` lists text that must survive, such as
 * the CTA. Only if that is still too long does the signature go, then words.
 */
export function shortenMessage(m: Message, slot: SlotNumber, max: number, keep: readonly string[]): Message {
  const out: Message = { ...m, sentences: [...m.sentences] };
  const keys = keep.map((k) => fold(k).replace(/[.!?]+$/, '')).filter(Boolean);
  const kept = (s: string, i: number) =>
    (i === 0 && !m.greeting && slot === 1) || keys.some((k) => fold(s).includes(k));
  while (renderMessage(out).length > max && out.sentences.length > 1) {
    const i = victim(out.sentences, kept);
    if (i < 0) break;
    out.sentences.splice(i, 1);
  }
  if (renderMessage(out).length > max && out.signature) out.signature = null;
  const text = renderMessage(out);
  if (text.length <= max) return out;
  const cut = leadingSentences(text.replace(/\n+/g, ' '), max);
  return { greeting: null, sentences: [cut.length <= max ? cut : truncateWords(text, max)], signature: null, gap: m.gap };
}
