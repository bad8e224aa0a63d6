/**
 * Soft scoring: every point a draft loses below 10 comes from one finding here,
 * and every finding carries the reason a reader sees.
 */
import { findAiTells } from './ai-tells.js';
import { SPAM_STACK, type ResolvedLimits } from './hard.js';
import { personalStems } from './filler.js';
import { findSpamTerms } from './spam-terms.js';
import { Memo, contentStemSet, flat, fold, jaccard, sentences, words } from './text.js';
import type { QaInput, SoftFinding } from './types.js';

function personalization(input: QaInput): SoftFinding | null {
  if (!input.grounding.trim()) return null;
  const hits = personalStems(input);
  const first = input.slot === 1;
  if (hits.size === 0) {
    // A connection note with nothing of the reader's in it is the one a reader ignores: a person should add something.
    return {
      flag: 'no_personalization',
      points: first ? 3 : 1,
      reason: "Nothing in the message refers to the speaker's talk, company or research; naming only the event they speak at could go to anyone.",
    };
  }
  if (hits.size === 1 && first) {
    return { flag: 'weak_personalization', points: 1, reason: 'Only one detail ties the message to the speaker; name their talk or company specifically.' };
  }
  return null;
}

/** Below this many words a message cannot carry a reason, an offer and an ask. */
const THIN_WORDS = 12;

function brevity(input: QaInput, limits: ResolvedLimits): SoftFinding[] {
  const out: SoftFinding[] = [];
  const n = input.content.trim().length;
  const max = input.slot === 1 ? limits.slot1Max : limits.followupMax;
  const comfy = Math.round(max * (input.slot === 1 ? 0.8 : 0.6));
  if (n > comfy && n <= max) {
    out.push({ flag: 'long_for_slot', points: 1, reason: `At ${n} characters the message is long for slot ${input.slot}; under ${comfy} reads better.` });
  }
  const count = words(input.content).length;
  if (count < THIN_WORDS) {
    out.push({ flag: 'too_thin', points: 1, reason: `Only ${count} words: say why this speaker, what you offer and what you ask.` });
  }
  const longest = Math.max(0, ...sentences(input.content).map((s) => words(s).length));
  if (longest > 35) out.push({ flag: 'long_sentence', points: 1, reason: `One sentence runs ${longest} words; split it.` });
  return out;
}

const ASK_PHRASE_RE =
  /\b(?:let me know|happy to (?:send|share|walk|show)|would love to (?:chat|connect|hear|show)|open to|worth a (?:chat|call|look)|reply with|feel free to|(?:grab|book) (?:a|\d+)|are you (?:free|around|open))\b/;

function asks(input: QaInput): SoftFinding | null {
  let count = 0;
  for (const s of sentences(input.content)) {
    if (s.endsWith('?') || ASK_PHRASE_RE.test(fold(s))) count += 1;
  }
  if (count === 1) return null;
  if (count === 0) return { flag: 'no_clear_ask', points: 1, reason: 'The message has no clear ask; end with one specific question.' };
  return { flag: 'multiple_asks', points: count >= 3 ? 2 : 1, reason: `The message makes ${count} asks; keep exactly one.` };
}

const CASUAL_TONE_RE = /\b(?:casual|friendly|informal|relaxed|conversational|warm|playful|chill|laid[ -]back)\b/;
const FORMAL_TONE_RE = /\b(?:formal|professional|polished|corporate|executive|respectful|reserved)\b/;
const FORMAL_MARKER_RE =
  /\b(?:dear|sincerely|kind regards|best regards|warm regards|respectfully|furthermore|moreover|hereby|i would be delighted|i am writing to|please do not hesitate|at your earliest convenience|esteemed|mr\.|ms\.|mrs\.)/g;
const CASUAL_MARKER_RE =
  /\b(?:hey|yo|gonna|wanna|gotta|kinda|super|awesome|cool|lol|haha|btw|tbh|imo|cheers|y'all|stoked|dope|folks|hiya)\b|!!|\p{Extended_Pictographic}/gu;

function tone(input: QaInput): SoftFinding | null {
  const wanted = fold(input.campaign.tone ?? '');
  const casual = CASUAL_TONE_RE.test(wanted);
  const formal = FORMAL_TONE_RE.test(wanted);
  if (casual === formal) return null;
  const text = fold(input.content);
  const markers = new Set((text.match(casual ? FORMAL_MARKER_RE : CASUAL_MARKER_RE) ?? []).map((m) => m.trim()));
  if (markers.size === 0) return null;
  const want = casual ? 'casual' : 'formal';
  return {
    flag: 'tone_mismatch',
    points: markers.size >= 4 ? 3 : markers.size >= 2 ? 2 : 1,
    reason: `The campaign asks for a ${want} tone, but the message uses ${[...markers].map((m) => `"${m}"`).join(', ')}.`,
  };
}

function aiTells(input: QaInput): SoftFinding | null {
  const tells = findAiTells(fold(input.content));
  if (tells.length === 0) return null;
  return {
    flag: 'ai_tell',
    points: Math.min(3, tells.length),
    reason: `Stock or machine-sounding phrasing: ${tells.map((t) => `"${t}"`).join(', ')}.`,
  };
}

type Comparable = ReadonlyArray<{ flat: string; stems: ReadonlySet<string> }>;
const comparableMemo = new Memo<Comparable>(64);

/** Sentences of five words or more, keyed for comparison. */
function comparable(text: string): Comparable {
  return comparableMemo.get(text, () =>
    sentences(text)
      .filter((s) => words(s).length >= 5)
      .map((s) => ({ flat: flat(s), stems: contentStemSet(s) })),
  );
}

// Only the later slot loses points, so the rewrite targets the message that copied.
function repetition(input: QaInput): SoftFinding | null {
  const earlier = input.otherSlots.filter((o) => o.slot < input.slot).flatMap((o) => comparable(o.content));
  if (earlier.length === 0) return null;
  let repeated = 0;
  for (const s of comparable(input.content)) {
    const same = earlier.some((e) => e.flat === s.flat || (s.stems.size >= 4 && jaccard(e.stems, s.stems) >= 0.8));
    if (same) repeated += 1;
  }
  if (repeated === 0) return null;
  return {
    flag: 'repeated_sentence',
    points: Math.min(2, repeated),
    reason: `${repeated} sentence${repeated > 1 ? 's repeat' : ' repeats'} an earlier message of the sequence nearly word for word.`,
  };
}

function spamWording(input: QaInput): SoftFinding | null {
  const terms = findSpamTerms(input.content);
  if (terms.length === 0 || terms.length >= SPAM_STACK) return null;
  return { flag: 'spam_wording', points: 1, reason: `Spam-trigger wording: ${terms.map((t) => `"${t}"`).join(', ')}.` };
}

export function softFindings(input: QaInput, limits: ResolvedLimits): SoftFinding[] {
  if (!input.content.trim()) return [];
  const out: SoftFinding[] = [...brevity(input, limits)];
  for (const f of [personalization(input), asks(input), tone(input), aiTells(input), repetition(input), spamWording(input)]) {
    if (f) out.push(f);
  }
  return out;
}
