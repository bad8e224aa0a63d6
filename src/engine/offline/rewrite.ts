/**
 * Rewrites one slot by instruction. Edits the engine can read (shorten, tone, links,
 * talk, a researched topic, CTA, drop the question, drop or replace a phrase) are
 * applied to the existing text; a language other than English is not written; anything
 * else regenerates the slot from templates with the instruction's intent. Either way the
 * only facts available are the signals', and the slot rules still hold. What was and was
 * not followed is told by rewrite-notes.ts.
 */
import { SLOT_LIMITS, type RewriteInput, type SlotNumber } from '../types.js';
import { ctaSentence, leadingSentences, pitchSentence, tidyPunctuation } from './compose.js';
import { connectionNote, ctaNote, draftContext, pitchLines, pitchNote, type DraftContext } from './draft.js';
import { angleOf } from './angle.js';
import { factsFrom, topicCase } from './facts.js';
import { sanitizeOutsideQuotes, stripLinks } from './guard.js';
import type { Edits } from './instructions.js';
import { anyEdit, instructionEdits, type ExtraEdits } from './rewrite-requests.js';
import { parseMessage, renderMessage, type Message } from './message.js';
import { styleOf, type Register } from './style.js';
import { DEFAULT_CTAS } from './templates.js';
import { escapeRegex, fold, squash } from './text.js';
import { toRegister } from './tone.js';
import { shortenMessage, type Keep } from './shorten.js';

const QUOTED = /("[^"\n]*")/;
const SENTENCE_START = /(^|[.!?]\s+|\n)(\p{Ll})/gu;
const THANKS_FIRST = /^(?:thanks|thank you|good to be|glad we)/i;
const LEADING_PUNCTUATION = /^[ \t,;:-]+/gm;
const SKIP_TALK = /\b(?:don'?t|do not|no|without|skip|avoid)\b[^.]*\b(?:talk|session)\b/;
/** "Shorten" without a number: about a quarter off, whole sentences only. */
const SHORTEN_FACTOR = 0.75;

/** Applies `fn` outside double quotes, so quoted talk titles stay as the signal holds them. */
function outsideQuotes(text: string, fn: (piece: string) => string): string {
  return text
    .split(QUOTED)
    .map((p, i) => (i % 2 === 1 ? p : fn(p)))
    .join('');
}

function phraseRegex(phrase: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegex(phrase)}(?![\\p{L}\\p{N}])`, 'giu');
}

/** "Hey" replaced by "hello" at the start of a line still reads "Hello". */
function replaceKeepingCase(text: string, from: string, to: string): string {
  return text.replace(phraseRegex(from), (m) => {
    const upper = m[0] !== m[0].toLowerCase() && m[0] === m[0].toUpperCase();
    return upper && to ? to[0].toUpperCase() + to.slice(1) : to;
  });
}

/** After a word is dropped, a sentence may start in lower case; fix that, quotes aside. */
function capitalizeSentenceStarts(text: string): string {
  return outsideQuotes(text, (p) => p.replace(SENTENCE_START, (_, lead: string, c: string) => lead + c.toUpperCase()));
}

const TALK_MENTIONS: Record<Register, (t: string) => string> = {
  casual: (t) => `Loved the topic of your talk "${t}".`,
  neutral: (t) => `I liked the topic of your talk "${t}".`,
  formal: (t) => `The topic of your talk "${t}" caught my attention.`,
};

function mentionTalk(m: Message, input: RewriteInput, register: Register): string | null {
  // The same test the draft applies: a title that shouts, or names a competitor, stays out.
  const talk = factsFrom(input.speaker, input.signals, input.campaign).talk;
  if (!talk || fold(renderMessage(m)).includes(fold(talk))) return null;
  const sentence = TALK_MENTIONS[register](talk);
  // A one-line note carries its greeting in the first sentence, and a thank-you reads
  // best first, so in either case the mention goes second.
  const second = !m.greeting || THANKS_FIRST.test(m.sentences[0] ?? '');
  m.sentences.splice(second ? Math.min(1, m.sentences.length) : 0, 0, sentence);
  return sentence;
}

export const TOPIC_MENTIONS: Record<Register, (t: string) => string> = {
  casual: (t) => `Your work on ${t} caught my eye.`,
  neutral: (t) => `Your work on ${t} stood out to me.`,
  formal: (t) => `Your work on ${t} caught my attention.`,
};

/** The research signal a topic the user named stands on, if any: a draft states only what was found. */
export function signalFor(topic: string, signals: RewriteInput['signals']): string | null {
  const wanted = fold(topic);
  const sig = signals.find((x) => x.kind === 'theme' && (fold(x.value).includes(wanted) || wanted.includes(fold(x.value))));
  return sig ? topicCase(sig.value) : null;
}

function mentionTopic(m: Message, input: RewriteInput, register: Register, topic: string): string | null {
  const found = signalFor(topic, input.signals);
  if (!found || fold(renderMessage(m)).includes(fold(found))) return null;
  const sentence = TOPIC_MENTIONS[register](found);
  const second = !m.greeting || THANKS_FIRST.test(m.sentences[0] ?? '');
  m.sentences.splice(second ? Math.min(1, m.sentences.length) : 0, 0, sentence);
  return sentence;
}

/** A sentence that asks something, a quoted title's question mark aside. */
export const isQuestion = (sentence: string): boolean => /\?\s*$/.test(sentence.replace(/"[^"]*"/g, '""'));

/** The last message keeps its call to action even when it is a question; a note keeps at least one sentence. */
function dropQuestions(m: Message, input: RewriteInput, register: Register): void {
  const cta = fold(ctaFor(input, register)).replace(/[.!?]+$/, '');
  const kept = m.sentences.filter((x) => !isQuestion(x) || (input.slot === 3 && cta !== '' && fold(x).includes(cta)));
  if (kept.length) m.sentences = kept;
}

export function ctaFor(input: RewriteInput, register: Register): string {
  const cta = ctaSentence(input.campaign.cta, DEFAULT_CTAS[register]);
  return input.slot === 1 ? stripLinks(cta) : cta;
}

function addCta(m: Message, cta: string): void {
  const core = fold(cta).replace(/[.!?]+$/, '');
  if (!core || fold(renderMessage(m)).includes(core)) return;
  m.sentences.push(cta);
}

/** What the shortener keeps: the CTA in the last slot and anything just asked for; the pitch as long as it can. */
function keepFor(input: RewriteInput, register: Register, added: string[]): Keep {
  const must = [...added];
  if (input.slot === 3) must.push(ctaFor(input, register));
  const c = input.campaign;
  // The pitch as the draft says it to the reader, and as the user wrote it.
  const said = pitchLines(draftContext(input.speaker, input.signals, c), SLOT_LIMITS[2]);
  const core = [...said, pitchSentence(c.pitch, register, 1000), c.positioning ? leadingSentences(squash(c.positioning), 1000) : '']
    .flatMap((t) => t.split(/(?<=[.!?])\s+/))
    .filter(Boolean);
  return { must, core };
}

function applyEdits(input: RewriteInput, e: Edits, x: ExtraEdits): string {
  const register = e.register ?? styleOf(input.campaign).register;
  let text = input.content;
  for (const [from, to] of e.replaces) text = outsideQuotes(text, (p) => replaceKeepingCase(p, from, to));
  for (const drop of e.drops) text = outsideQuotes(text, (p) => p.replace(phraseRegex(drop), ''));
  if (e.drops.length) text = capitalizeSentenceStarts(text.replace(LEADING_PUNCTUATION, ''));
  if (e.removeLinks) text = stripLinks(text);
  if (e.register) text = toRegister(text, e.register);
  const m = parseMessage(text);
  if (x.dropQuestion) dropQuestions(m, input, register);
  const added: string[] = [];
  for (const topic of x.mentions) {
    const sentence = mentionTopic(m, input, register, topic);
    if (sentence) added.push(sentence);
  }
  if (e.mentionTalk) {
    const sentence = mentionTalk(m, input, register);
    if (sentence) added.push(sentence);
  }
  if (e.addCta) {
    const cta = ctaFor(input, register);
    addCta(m, cta);
    added.push(cta);
  }
  const keep = keepFor(input, register, added);
  const chars = Math.min(SLOT_LIMITS[input.slot], e.maxChars ?? Infinity);
  const vague = e.shorten && e.maxChars === null && e.maxWords === null;
  const target = vague ? Math.min(chars, Math.floor(renderMessage(m).length * SHORTEN_FACTOR)) : chars;
  return renderMessage(shortenMessage(m, input.slot, { chars: target, words: e.maxWords, soft: vague && target < chars }, keep));
}

/** Intent the templates can act on: which theme to lead with, whether to leave the talk out. */
function steer(x: DraftContext, instruction: string, signals: RewriteInput['signals']): DraftContext {
  const wanted = fold(instruction);
  // A theme the user names goes first, even one only the bio mentions: they asked for it.
  const named = signals.filter((sig) => sig.kind === 'theme' && wanted.includes(fold(sig.value))).map((sig) => topicCase(sig.value));
  const themes = [...new Set([...named, ...x.facts.themes])].sort((a, b) => Number(wanted.includes(fold(b))) - Number(wanted.includes(fold(a))));
  const skipTalk = SKIP_TALK.test(wanted);
  const facts = { ...x.facts, themes, talk: skipTalk ? null : x.facts.talk };
  // "Lean on Kubernetes": the named topic becomes what the sequence is about.
  const angle = named[0] ? { kind: 'theme' as const, ref: `your work on ${named[0]}`, topic: named[0] } : angleOf(facts);
  return { ...x, facts, angle };
}

const BUILDERS = { 1: connectionNote, 2: pitchNote, 3: ctaNote } as const;

function regenerate(input: RewriteInput): string {
  for (let attempt = 0; attempt < 4; attempt++) {
    const base = draftContext(input.speaker, input.signals, input.campaign, `${input.instruction}#${attempt}`);
    const out = BUILDERS[input.slot](steer(base, input.instruction, input.signals)).content;
    if (out !== input.content) return out;
  }
  return input.content;
}

/** Slot rules that hold whatever the instruction said. */
function enforce(text: string, slot: SlotNumber): string {
  let out = sanitizeOutsideQuotes(text);
  if (slot === 1) out = stripLinks(out);
  if (out.length > SLOT_LIMITS[slot]) {
    out = renderMessage(shortenMessage(parseMessage(out), slot, { chars: SLOT_LIMITS[slot] }, { must: [], core: [] }));
  }
  return out;
}

export function rewriteSlot(input: RewriteInput): string {
  const { edits, extra } = instructionEdits(input.instruction ?? '');
  // A language the rules cannot write leaves the text as it is (the answer says so); it is not a cue to write afresh.
  const text = anyEdit(edits, extra) ? applyEdits(input, edits, extra) : extra.language ? input.content : regenerate(input);
  // An edit that removed a phrase can leave two marks side by side ("connecting!.").
  return enforce(tidyPunctuation(text), input.slot);
}
