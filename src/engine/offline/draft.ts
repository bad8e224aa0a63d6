/**
 * Three messages per speaker, each leaning on a different angle:
 * 1. a connection note (at most 300 characters, no link) about their talk or work,
 * 2. the pitch, tied to a theme or role the signals found,
 * 3. proof (the campaign's positioning) and the call to action.
 */
import { SLOT_LIMITS, type CampaignBrief, type DraftSlot, type Signal, type SpeakerInput } from '../types.js';
import {
  at,
  CONNECT_ASKS,
  DEFAULT_CTAS,
  EVENT_THANKS,
  FIT_QUESTIONS,
  FOLLOW_UP_OPENERS,
  INTROS,
  PLAIN_OPENERS,
  ROLE_OPENERS,
  ROLE_RELEVANCE,
  SOFT_QUESTIONS,
  TALK_OPENERS,
  TALK_RELEVANCE,
  TALK_LEADS,
  TALK_TIE_INS,
  THANKS,
  THEME_BRIDGES,
  THEME_OPENERS,
  THEME_LEADS,
  THEME_RELEVANCE,
  THEME_TIE_INS,
} from './templates.js';
import {
  ctaSentence,
  fitParts,
  inlineGreeting,
  leadingSentences,
  letter,
  letterOverhead,
  namesProblem,
  pitchSentence,
  tidyPunctuation,
  senderOf,
  type Part,
  type Sender,
} from './compose.js';
import { factsFrom, type Facts } from './facts.js';
import { hasLink, sanitize, stripLinks } from './guard.js';
import { INTENT_OPENERS, INTENT_RELEVANCE } from './intent-templates.js';
import { styleOf, type Style } from './style.js';
import { fold, pick, squash, stableHash } from './text.js';

/** Connection notes read best under about 240 characters, well inside the 300 limit. */
const NOTE_COMFORT = 240;

export interface DraftContext {
  facts: Facts;
  style: Style;
  sender: Sender;
  seed: number;
  campaign: CampaignBrief;
}

export function draftContext(s: SpeakerInput, signals: readonly Signal[], c: CampaignBrief, salt = ''): DraftContext {
  // A variant asks for other wordings: a colleague at the same company already got these.
  const variant = s.variant ? `\u0000${s.variant}` : '';
  return {
    facts: factsFrom(s, signals, c),
    style: styleOf(c),
    sender: senderOf(c),
    seed: stableHash(fold(s.name) + salt + variant),
    campaign: c,
  };
}

interface Opener {
  angle: string;
  text: string;
  bridge: string | null;
}

/** Openers from richest to plainest; the note takes the first one that fits. */
function openers(x: DraftContext): Opener[] {
  const { facts: f, style: st, seed } = x;
  const r = st.register;
  const theme = f.themes[0] ?? null;
  const out: Opener[] = [];
  // An intent lead is written to because of what they did; that leads.
  if (f.activity) out.push({ angle: 'intent', text: pick(INTENT_OPENERS[r], seed, 1)(f.activity), bridge: theme ? pick(THEME_BRIDGES[r], seed, 2)(theme) : null });
  if (f.talk) {
    const bridge = theme ? pick(THEME_BRIDGES[r], seed, 2)(theme) : null;
    const talk = pick(TALK_OPENERS[r], seed, 1);
    if (f.conference) out.push({ angle: 'talk', text: talk(f.talk, at(f.conference)), bridge });
    out.push({ angle: 'talk', text: talk(f.talk, ''), bridge });
  }
  if (theme) {
    const open = pick(THEME_OPENERS[r], seed, 1);
    if (f.company) out.push({ angle: 'theme', text: open(theme, at(f.company)), bridge: null });
    out.push({ angle: 'theme', text: open(theme, ''), bridge: null });
  }
  if (f.role) {
    const open = pick(ROLE_OPENERS[r], seed, 1);
    if (f.company) out.push({ angle: 'role', text: open(f.role, at(f.company)), bridge: null });
    out.push({ angle: 'role', text: open(f.role, ''), bridge: null });
  }
  out.push({ angle: 'intro', text: pick(PLAIN_OPENERS[r], seed)(f.conference), bridge: null });
  out.push({ angle: 'intro', text: pick(PLAIN_OPENERS[r], seed)(null), bridge: null });
  return out;
}

export function connectionNote(x: DraftContext): DraftSlot {
  const { facts: f, style: st, sender, seed } = x;
  const r = st.register;
  const ask = pick(CONNECT_ASKS[r], seed, 3)();
  const intro = sender.name ? pick(INTROS[r], seed)(sender.name, sender.role) : '';
  const shortIntro = sender.name ? pick(INTROS[r], seed)(sender.name, '') : '';
  const limit = SLOT_LIMITS[1];
  let fallback: DraftSlot | null = null;
  // A note that fits in a glance first; the hard limit only when nothing shorter reads well.
  for (const max of [NOTE_COMFORT, limit]) {
    for (const o of openers(x)) {
      for (const tail of [[o.bridge, intro, ask], [intro, ask], [shortIntro, ask], [ask]]) {
        const text = [inlineGreeting(st, f.first, o.text), ...tail].filter(Boolean).join(' ');
        if (hasLink(text)) continue;
        if (text.length <= max) return { slot: 1, angle: o.angle, content: text };
        fallback ??= { slot: 1, angle: o.angle, content: text };
      }
    }
  }
  // Only reachable with an absurdly long greeting or sender name; the limit still holds.
  const content = fallback ? leadingSentences(stripLinks(fallback.content), limit) : '';
  if (content.replace(/[.\s]/g, '')) return { slot: 1, angle: fallback?.angle ?? 'intro', content };
  return { slot: 1, angle: 'intro', content: inlineGreeting(st, 'there', ask) };
}

function relevance(x: DraftContext): string {
  const { facts: f, style: st, seed } = x;
  if (f.activity) return pick(INTENT_RELEVANCE[st.register], seed, 4)(f.activity);
  if (f.themes[0]) return pick(THEME_RELEVANCE[st.register], seed, 4)(f.themes[0]);
  if (f.role) return pick(ROLE_RELEVANCE[st.register], seed, 4)(f.role, at(f.company));
  if (f.talk) return pick(TALK_RELEVANCE[st.register], seed, 4)(f.talk);
  return '';
}

function bodyBudget(x: DraftContext): { budget: number; cap: number } {
  const overhead = letterOverhead(x.style, x.facts.first, x.sender);
  const cap = SLOT_LIMITS[2] - overhead;
  return { budget: Math.min(cap, x.style.followupTarget - overhead), cap };
}

export function pitchNote(x: DraftContext): DraftSlot {
  const { facts: f, style: st, seed, campaign: c } = x;
  const r = st.register;
  const { budget, cap } = bodyBudget(x);
  let pitch = pitchSentence(c.pitch, r, Math.min(450, cap - 80));
  if (!pitch && c.positioning) pitch = leadingSentences(sanitize(squash(c.positioning)), 300);
  // "Is that something you run into?" only makes sense after a pitch that names a problem.
  const questions = namesProblem(pitch) ? SOFT_QUESTIONS[r] : FIT_QUESTIONS[r];
  const question = pick(questions, seed, 5)(at(f.company));
  const thanks = f.conference && seed % 2 === 0 ? pick(EVENT_THANKS[r], seed, 6)(f.conference) : pick(THANKS[r], seed, 6)();
  const parts: Part[] = [
    // A third of the notes skip the thank-you and open on why they write, so a campaign
    // does not open every second message alike.
    { text: seed % 3 === 1 ? '' : thanks, rank: 3 },
    // The line tying the pitch to this speaker outranks the learned length: without
    // it the message reads as a mass mailing.
    { text: relevance(x), rank: 'required' },
    { text: pitch, rank: 'required' },
    { text: pitch ? question : '', rank: 'required' },
  ];
  return { slot: 2, angle: 'pitch', content: letter(st, f.first, fitParts(parts, budget), x.sender) };
}

/** Past this length a re-quoted title makes the last message read like the first. */
const MAX_REQUOTED_TALK = 60;

function tieIn(x: DraftContext, first = false): string {
  const { facts: f, style: st, seed } = x;
  if (f.talk && f.talk.length <= MAX_REQUOTED_TALK) return pick((first ? TALK_LEADS : TALK_TIE_INS)[st.register], seed, 7)(f.talk);
  const theme = f.themes[1] ?? f.themes[0];
  return theme ? pick((first ? THEME_LEADS : THEME_TIE_INS)[st.register], seed, 7)(theme) : '';
}

// A positioning is often a tagline ("Speaker coaching for engineering leaders"); said
// alone in a message it reads as a fragment, so a tagline gets a lead-in.
const CLAUSE_RE = /^(we|i|our|my|us)\b|\b(is|are|helps?|makes?|builds?|runs?|gives?|turns?|lets?|saves?|do|does)\b/i;

function proofSentence(text: string): string {
  if (!text || CLAUSE_RE.test(text)) return text;
  return `What we do: ${text}${/[.!?]$/.test(text) ? '' : '.'}`;
}

export function ctaNote(x: DraftContext): DraftSlot {
  const { facts: f, style: st, seed, campaign: c } = x;
  const r = st.register;
  const { budget, cap } = bodyBudget(x);
  let cta = ctaSentence(c.cta, DEFAULT_CTAS[r]);
  if (cta.length > cap) cta = leadingSentences(cta, cap);
  const proofRoom = Math.max(0, Math.min(360, cap - cta.length - 40));
  const proof = c.positioning && proofRoom > 40 ? proofSentence(leadingSentences(sanitize(squash(c.positioning)), proofRoom - 14)) : '';
  const tie = tieIn(x);
  const tieRank: Part['rank'] = cta.length + tie.length < cap - 80 ? 'required' : 2;
  // Half the follow-ups open on the talk or theme instead of announcing themselves.
  const tieFirst = tie !== '' && (seed >>> 3) % 2 === 0;
  const parts: Part[] = tieFirst
    ? [
        { text: tieIn(x, true), rank: tieRank },
        { text: proof, rank: 'required' },
        { text: cta, rank: 'required' },
      ]
    : [
        { text: pick(FOLLOW_UP_OPENERS[r], seed, 8)(), rank: 3 },
        { text: proof, rank: 'required' },
        { text: tie, rank: tieRank },
        { text: cta, rank: 'required' },
      ];
  return { slot: 3, angle: 'proof_cta', content: letter(st, f.first, fitParts(parts, budget), x.sender) };
}

export function draftSlots(s: SpeakerInput, signals: readonly Signal[], c: CampaignBrief): DraftSlot[] {
  const x = draftContext(s, signals, c);
  return [connectionNote(x), pitchNote(x), ctaNote(x)].map((d) => ({ ...d, content: tidyPunctuation(d.content) }));
}
