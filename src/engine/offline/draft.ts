/**
 * Three messages per speaker, all about one angle (angle.ts):
 * 1. a connection note (at most 300 characters, no link) on the angle, and who writes,
 * 2. the pitch said in the reader's terms, after a line about them,
 * 3. a short last note in another key (an easy out, an offer to show) with the call to action.
 */
import { SLOT_LIMITS, type CampaignBrief, type DraftSlot, type Signal, type SpeakerInput } from '../types.js';
import { angleOf, type Angle } from './angle.js';
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
import { hasLink, stripLinks } from './guard.js';
import { INTENT_OPENERS, INTENT_RELEVANCE } from './intent-templates.js';
import { framePitch, type PitchFrame } from './pitch.js';
import {
  CONNECT_ASKS,
  DETAIL_LINES,
  DOES_LINES,
  FIT_QUESTIONS,
  INTROS,
  LAST_LINES,
  LEADS,
  OFFER_INTROS,
  OFFER_LINES,
  OUTCOME_LINES,
  PLAIN_LAST_LINES,
  PLAIN_LEADS,
  PROBLEM_QUESTIONS,
  ASK_ENDINGS,
} from './sequence-templates.js';
import { styleOf, type Style } from './style.js';
import { at, DEFAULT_CTAS, PLAIN_OPENERS, ROLE_OPENERS, TALK_OPENERS, THEME_BRIDGES, THEME_OPENERS } from './templates.js';
import { fold, pick, stableHash } from './text.js';

/** Connection notes read best under about 240 characters, well inside the 300 limit. */
const NOTE_COMFORT = 240;

export interface DraftContext {
  facts: Facts;
  style: Style;
  sender: Sender;
  seed: number;
  campaign: CampaignBrief;
  angle: Angle;
  frame: PitchFrame | null;
}

export function draftContext(s: SpeakerInput, signals: readonly Signal[], c: CampaignBrief, salt = ''): DraftContext {
  // A variant asks for other wordings: a colleague at the same company already got these.
  const variant = s.variant ? `\u0000${s.variant}` : '';
  const facts = factsFrom(s, signals, c);
  return {
    facts,
    style: styleOf(c),
    sender: senderOf(c),
    seed: stableHash(fold(s.name) + salt + variant),
    campaign: c,
    angle: angleOf(facts),
    frame: framePitch(c.pitch) ?? framePitch(c.positioning),
  };
}

interface Opener {
  text: string;
  bridge: string | null;
}

/** Openers on the sequence's angle, from richest to plainest; the note takes the first that fits. */
function openers(x: DraftContext): Opener[] {
  const { facts: f, style: st, seed, angle } = x;
  const r = st.register;
  const bridge = angle.topic && angle.kind === 'talk' ? pick(THEME_BRIDGES[r], seed, 2)(angle.topic) : null;
  const out: Opener[] = [];
  if (angle.kind === 'intent' && f.activity) out.push({ text: pick(INTENT_OPENERS[r], seed, 1)(f.activity), bridge: null });
  if (angle.kind === 'talk' && f.talk) {
    const talk = pick(TALK_OPENERS[r], seed, 1);
    if (f.conference) out.push({ text: talk(f.talk, at(f.conference)), bridge });
    out.push({ text: talk(f.talk, ''), bridge });
  }
  if (angle.kind === 'theme' && angle.topic) {
    const open = pick(THEME_OPENERS[r], seed, 1);
    if (f.company) out.push({ text: open(angle.topic, at(f.company)), bridge: null });
    out.push({ text: open(angle.topic, ''), bridge: null });
  }
  if ((angle.kind === 'role' || angle.kind === 'company') && f.company) {
    out.push({ text: pick(ROLE_OPENERS[r], seed, 1)(f.role, f.company), bridge: null });
  }
  out.push({ text: pick(PLAIN_OPENERS[r], seed)(f.conference), bridge: null });
  out.push({ text: pick(PLAIN_OPENERS[r], seed)(null), bridge: null });
  return out;
}

/** Who writes, longest first: name, role and company; then shorter forms for a tight note. */
function intros(x: DraftContext): string[] {
  const { sender: s, style: st, seed, frame } = x;
  if (!s.name) return [''];
  const r = st.register;
  const first = s.name.split(' ')[0] ?? s.name;
  // The sender's company, else the product their pitch names ("Greenroom turns...").
  const company = s.company || frame?.product || '';
  if (company) {
    const intro = pick(INTROS[r], seed, 9);
    return [intro(s.name, s.role, company), intro(first, s.role, company), INTROS[r][INTROS[r].length - 1](first, '', company)];
  }
  // No company: a bare role ("I'm Maya, Co-founder.") dangles, so what they work on stands in.
  const offer = frame?.offer && frame.offer.length <= 70 ? pick(OFFER_INTROS[r], seed, 9)(s.name, frame.offer) : null;
  return [offer, INTROS[r][0](s.name, '', ''), INTROS[r][0](first, '', '')].filter((t): t is string => !!t);
}

export function connectionNote(x: DraftContext): DraftSlot {
  const { facts: f, style: st, seed, angle } = x;
  const r = st.register;
  const bridged = angle.kind === 'talk' && angle.topic;
  const ask = pick(CONNECT_ASKS[r], seed, 3) + pick(ASK_ENDINGS[r], seed >>> 4, 1)(bridged ? null : angle.topic);
  const limit = SLOT_LIMITS[1];
  const who = intros(x);
  // With nothing of the reader's to go on, the note is an introduction.
  const label = angle.kind === 'plain' || angle.kind === 'event' ? 'intro' : angle.kind;
  let fallback: DraftSlot | null = null;
  // A note that fits in a glance first; the hard limit only when nothing shorter reads well.
  for (const max of [NOTE_COMFORT, limit]) {
    for (const o of openers(x)) {
      const tails = [...who.map((i) => [o.bridge, i, ask]), ...who.map((i) => [i, ask]), [ask]];
      for (const tail of tails) {
        const text = [inlineGreeting(st, f.first, o.text), ...tail].filter(Boolean).join(' ');
        if (hasLink(text)) continue;
        if (text.length <= max) return { slot: 1, angle: label, content: text };
        fallback ??= { slot: 1, angle: label, content: text };
      }
    }
  }
  // Only reachable with an absurdly long greeting or sender name; the limit still holds.
  const content = fallback ? leadingSentences(stripLinks(fallback.content), limit) : '';
  if (content.replace(/[.\s]/g, '')) return { slot: 1, angle: fallback?.angle ?? 'intro', content };
  return { slot: 1, angle: 'intro', content: inlineGreeting(st, 'there', ask) };
}

function bodyBudget(x: DraftContext): { budget: number; cap: number } {
  const overhead = letterOverhead(x.style, x.facts.first, x.sender);
  const cap = SLOT_LIMITS[2] - overhead;
  return { budget: Math.min(cap, x.style.followupTarget - overhead), cap };
}

/** The pitch in the reader's terms: the offer as the sender's work, then what they would get. */
export function pitchLines(x: DraftContext, cap: number): string[] {
  const { frame, seed, style: st, facts: f, sender } = x;
  const r = st.register;
  const where = at(f.company);
  if (frame?.outcome) return [pick(OUTCOME_LINES[r], seed, 4)(frame.outcome, where)];
  if (frame?.product && frame.does) return [pick(DOES_LINES[r], seed, 4)(frame.product, frame.does, where)];
  if (frame?.offer) {
    const offer = pick(OFFER_LINES[r], seed, 4)(frame.offer, at(sender.company || null));
    return [offer, frame.detail ? pick(DETAIL_LINES[r], seed, 5)(frame.detail, where) : ''];
  }
  // A pitch of another shape is the sender's own sentence: said as written, never cut mid-word.
  return [pitchSentence(x.campaign.pitch, r, Math.min(450, cap - 80))];
}

export function pitchNote(x: DraftContext): DraftSlot {
  const { facts: f, style: st, seed, angle, campaign: c } = x;
  const r = st.register;
  const { budget, cap } = bodyBudget(x);
  // An action with no object to name ("you stopped by my profile") is said as it is.
  const lead = angle.ref
    ? pick(LEADS[r], seed, 6)(angle.ref)
    : angle.kind === 'intent' && f.activity
      ? pick(INTENT_RELEVANCE[r], seed, 6)(f.activity)
      : pick(PLAIN_LEADS[r], seed, 6)(f.conference);
  const lines = pitchLines(x, cap).filter(Boolean);
  // "Is that something you run into?" only makes sense after a pitch that names a problem.
  const problem = namesProblem(c.pitch ?? '') && !x.frame?.outcome;
  const question = lines.length ? pick((problem ? PROBLEM_QUESTIONS : FIT_QUESTIONS)[r], seed, 5)(at(f.company), angle.topic) : '';
  const parts: Part[] = [
    // The line about the reader comes first: without it the pitch reads as a mass mailing.
    { text: lead, rank: 'required' },
    ...lines.map((text, i): Part => ({ text, rank: i === 0 ? 'required' : 2 })),
    { text: question, rank: 'required' },
  ];
  return { slot: 2, angle: 'pitch', content: letter(st, f.first, fitParts(parts, budget), x.sender) };
}

/** The last note's line of its own, said before the ask: the call to action closes every sequence. */
function lastLine(x: DraftContext): string {
  const { angle, style: st, seed, facts: f } = x;
  const r = st.register;
  // An event every speaker of the page shares is no angle of the reader's own.
  if (!angle.ref || angle.kind === 'event') return PLAIN_LAST_LINES[r][(seed >>> 2) % PLAIN_LAST_LINES[r].length](f.conference);
  return LAST_LINES[r][(seed >>> 2) % LAST_LINES[r].length](angle.short ?? angle.ref);
}

export function ctaNote(x: DraftContext): DraftSlot {
  const { facts: f, style: st, campaign: c } = x;
  const { cap } = bodyBudget(x);
  let cta = ctaSentence(c.cta, DEFAULT_CTAS[st.register]);
  if (cta.length > cap) cta = leadingSentences(cta, cap);
  // The last note stays short: a line of its own and the ask.
  const parts: Part[] = [{ text: lastLine(x), rank: 1 }, { text: cta, rank: 'required' }];
  return { slot: 3, angle: 'proof_cta', content: letter(st, f.first, fitParts(parts, cap), x.sender) };
}

export function draftSlots(s: SpeakerInput, signals: readonly Signal[], c: CampaignBrief): DraftSlot[] {
  const x = draftContext(s, signals, c);
  return [connectionNote(x), pitchNote(x), ctaNote(x)].map((d) => ({ ...d, content: tidyPunctuation(d.content) }));
}
