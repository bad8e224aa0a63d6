/**
 * Three messages per speaker, all about one angle (angle.ts):
 * 1. a connection note (at most 300 characters, no link) on the angle, and who writes,
 * 2. the pitch said in the reader's terms, after a line about them,
 * 3. a short last note in another key (an easy out, an offer to show) with the call to action.
 */
import { SLOT_LIMITS, type CampaignBrief, type DraftSlot, type Signal, type SpeakerInput } from '../types.js';
import { angleOf, sessionWord, type Angle } from './angle.js';
import {
  capitalize,
  ctaSentence,
  fitParts,
  inlineGreeting,
  leadingSentences,
  letter,
  letterOverhead,
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
import { ASK_ENDINGS, CONNECT_ASKS, INTROS, OFFER_INTROS } from './sequence-templates.js';
import { asked, ASKING, ASKING_FOR, CONDITIONS, conditioned, EVENT_HOOKS, HOOKS, PARTINGS, PLAIN_CONDITIONS, PLAIN_QUESTIONS, TASK_QUESTIONS, WE_MAKE } from './follow-ups.js';
import { gerund, taskOf, taskVariant } from './task.js';
import { styleOf, type Style } from './style.js';
import { at, DEFAULT_CTAS, PLAIN_OPENERS, ROLE_OPENERS, TALK_OPENERS, THEME_OPENERS } from './templates.js';
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

/** Openers on the sequence's angle, from richest to plainest; the note takes the first that fits. */
function openers(x: DraftContext): string[] {
  const { facts: f, style: st, seed, angle } = x;
  const r = st.register;
  const out: string[] = [];
  if (angle.kind === 'intent' && f.activity) out.push(pick(INTENT_OPENERS[r], seed, 1)(f.activity));
  if (angle.kind === 'talk' && f.talk) {
    const talk = pick(TALK_OPENERS[r], seed, 1);
    const kind = sessionWord(f.talk);
    if (f.conference) out.push(talk(f.talk, at(f.conference), kind));
    out.push(talk(f.talk, '', kind));
  }
  if (angle.kind === 'theme' && angle.topic) {
    const open = pick(THEME_OPENERS[r], seed, 1);
    if (f.company) out.push(open(angle.topic, at(f.company)));
    out.push(open(angle.topic, ''));
  }
  if ((angle.kind === 'role' || angle.kind === 'company') && f.company) {
    out.push(pick(ROLE_OPENERS[r], seed, 1)(f.role, f.company));
  }
  out.push(pick(PLAIN_OPENERS[r], seed)(f.conference));
  out.push(pick(PLAIN_OPENERS[r], seed)(null));
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
  const ask = pick(CONNECT_ASKS[r], seed, 3) + pick(ASK_ENDINGS[r], seed >>> 4, 1);
  const limit = SLOT_LIMITS[1];
  const who = intros(x);
  // With nothing of the reader's to go on, the note is an introduction.
  const label = angle.kind === 'plain' || angle.kind === 'event' ? 'intro' : angle.kind;
  let fallback: DraftSlot | null = null;
  // A note that fits in a glance first; the hard limit only when nothing shorter reads well.
  for (const max of [NOTE_COMFORT, limit]) {
    for (const o of openers(x)) {
      const tails = [...who.map((i) => [i, ask]), [ask]];
      for (const tail of tails) {
        const text = [inlineGreeting(st, f.first, o), ...tail].filter(Boolean).join(' ');
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

/** What the sender makes in a few words: the offer, what the product does, or the outcome they help with. */
function whatWeDo(x: DraftContext): string | null {
  const f = x.frame;
  if (!f) return null;
  if (f.offer) return f.offer;
  if (f.does) return gerund(f.does);
  if (f.outcome) return f.audience ? `helping ${f.audience} ${f.outcome}` : `helping teams ${f.outcome}`;
  return null;
}

/** The opening line of the second message: what brought the sender to this reader. */
function hookLine(x: DraftContext): string {
  const { facts: f, style: st, seed, angle } = x;
  const r = st.register;
  if (angle.kind === 'intent' && f.activity && !angle.ref) return pick(INTENT_RELEVANCE[r], seed, 6)(f.activity);
  // The note named their role already; the follow-up names the place.
  const ref = angle.kind === 'role' && f.company ? `your work at ${f.company}` : angle.ref;
  if (ref && angle.kind !== 'event') return pick(HOOKS[r], seed, 6)(ref, angle.kind === 'talk' ? f.conference : null);
  return pick(EVENT_HOOKS[r], seed, 6)(f.conference);
}

export function pitchNote(x: DraftContext): DraftSlot {
  const { facts: f, style: st, seed, angle, campaign: c, sender } = x;
  const r = st.register;
  const { budget, cap } = bodyBudget(x);
  const where = at(f.company);
  const found = taskOf(c.pitch) ?? taskOf(c.positioning);
  const task = found ? taskVariant(found, seed >>> 7) : null;
  const product = sender.company || x.frame?.product || '';
  const what = whatWeDo(x);
  const parts: Part[] = [{ text: hookLine(x), rank: 'required' }];
  if (task) {
    const question = pick(TASK_QUESTIONS[task.kind][r], seed, 5)(task, where, angle.topic);
    // "We help nutrition coaches keep clients on track": the question says the task, the lead says whom it is for.
    const audience = x.frame?.outcome && x.frame.audience ? x.frame.audience : null;
    const lead = !product ? null : audience ? pick(ASKING_FOR[r], seed, 7)(product, audience) : what ? pick(ASKING[r], seed, 7)(product, what) : null;
    parts.push({ text: lead ? asked(lead, question) : capitalize(question), rank: 'required' });
  } else if (product && what) {
    parts.push({ text: pick(WE_MAKE[r], seed, 7)(product, what), rank: 'required' });
    parts.push({ text: pick(PLAIN_QUESTIONS[r], seed, 5)(where, angle.topic), rank: 'required' });
  } else {
    // A pitch of no known shape is the sender's own sentence, said as written.
    parts.push({ text: pitchSentence(c.pitch, r, Math.min(450, cap - 80)), rank: 'required' });
    parts.push({ text: pick(PLAIN_QUESTIONS[r], seed, 5)(where, angle.topic), rank: 'required' });
  }
  return { slot: 2, angle: 'pitch', content: letter(st, f.first, fitParts(parts, budget), sender) };
}

/** The pitch in a few words, for a rewrite that is asked to restate it. */
export function pitchLines(x: DraftContext, cap: number): string[] {
  const what = whatWeDo(x);
  const product = x.sender.company || x.frame?.product || '';
  if (what && product) return [pick(WE_MAKE[x.style.register], x.seed, 7)(product, what)];
  return [pitchSentence(x.campaign.pitch, x.style.register, Math.min(450, cap - 80))];
}

export function ctaNote(x: DraftContext): DraftSlot {
  const { facts: f, style: st, campaign: c, seed, angle } = x;
  const r = st.register;
  const { cap } = bodyBudget(x);
  let cta = ctaSentence(c.cta, DEFAULT_CTAS[r]);
  if (cta.length > cap) cta = leadingSentences(cta, cap);
  const where = at(f.company);
  const found = taskOf(c.pitch) ?? taskOf(c.positioning);
  // Another verb than the second message's: "find out" there, "track down" here.
  const task = found ? taskVariant(found, (seed >>> 7) + 1) : null;
  const condition = task ? pick(CONDITIONS[task.kind][r], seed >>> 3, 2)(task, where, angle.topic) : pick(PLAIN_CONDITIONS[r], seed >>> 3, 2)(where, angle.topic);
  const ask = conditioned(condition, cta);
  // An intent lead's sequence comes back to what they did, in the parting line too.
  const partings = PARTINGS[r];
  // "I know EuRuKo 2013 keeps its speakers busy" reads wrong once that year is past.
  const year = /\b(?:19|20)\d{2}\b/.exec(f.conference ?? '')?.[0];
  const event = year && Number(year) < new Date().getUTCFullYear() ? null : f.conference;
  const parting = (angle.kind === 'intent' ? partings[0] : pick(partings, seed >>> 5, 3))(angle, f.company, event);
  const parts: Part[] = ask && ask.length <= cap ? [{ text: ask, rank: 'required' }, { text: parting, rank: angle.kind === 'intent' ? 'required' : 1 }] : [{ text: `${condition}, here is my one ask.`, rank: 1 }, { text: cta, rank: 'required' }, { text: parting, rank: 2 }];
  return { slot: 3, angle: 'proof_cta', content: letter(st, f.first, fitParts(parts, cap), x.sender) };
}

export function draftSlots(s: SpeakerInput, signals: readonly Signal[], c: CampaignBrief): DraftSlot[] {
  const x = draftContext(s, signals, c);
  return [connectionNote(x), pitchNote(x), ctaNote(x)].map((d) => ({ ...d, content: tidyPunctuation(d.content) }));
}
