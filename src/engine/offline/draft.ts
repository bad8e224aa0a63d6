/**
 * Three messages per speaker, all about one angle (angle.ts):
 * 1. a connection note (at most 300 characters, no link) on the angle, and who writes,
 * 2. the pitch said in the reader's terms, after a line about them,
 * 3. a short last note in another key (an easy out, an offer to show) with the call to action.
 */
import { SLOT_LIMITS, type CampaignBrief, type DraftSlot, type Signal, type SpeakerInput } from '../types.js';
import { angleOf, sessionRef, sessionWord, studiesOf, type Angle } from './angle.js';
import {
  ctaSentence,
  fitParts,
  inlineGreeting,
  leadingSentences,
  letter,
  letterOverhead,
  pitchSentence,
  tidyPunctuation,
  senderOf,
  type Sender,
} from './compose.js';
import { factsFrom, type Facts } from './facts.js';
import { hasLink, stripLinks } from './guard.js';
import { INTENT_OPENERS } from './intent-templates.js';
import { framePitch, pitchMore, type PitchFrame } from './pitch.js';
import { ASK_ENDINGS, CONNECT_ASKS, INTROS, OFFER_INTROS } from './sequence-templates.js';
import { askFor, eventIsPast, inRegister, lastNote, plainPitchNote, secondNote, thirdPerson, type Scene } from './follow-ups.js';
import { nearField } from './near.js';
import { bioFocus, readerOf, type Reader } from './reader.js';
import { gerund, taskOf, taskVariant, type Task } from './task.js';
import { styleOf, type Style } from './style.js';
import { at, DEFAULT_CTAS, DONE_TALK_OPENERS, FOCUS_OPENERS, PLAIN_OPENERS, ROLE_OPENERS, roleAt, TALK_OPENERS, THEME_OPENERS } from './templates.js';
import { fold, pick, sentences, stableHash } from './text.js';

/** Asks that already leave the reader a way out. */
const HEDGED_ASK = /^(?:mind if|open to|okay to|happy to|up for|fancy|would connecting suit|would you be (?:open|willing))/i;

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
  reader: Reader;
  /** A colleague at the same company already got the usual wordings. */
  variant: boolean;
  /** The sequence's place in its campaign, when the pipeline gives it: the follow-ups take their wordings in turn by it. */
  turn: number | null;
  /** Their bio or tagline names the angle's topic in so many words, so "your work on <topic>" is theirs, not read off a title or an employer. */
  topicSaid: boolean;
}

/**
 * A line of the bio said again in the follow-ups by its head ("your research on applied
 * micro-economics" of "… applied micro-economics and causal inference"): the whole phrase
 * lifted into all three messages reads pasted. Kept whole when the head would be one common word.
 */
export function shortFocus(ref: string): string | null {
  const m = /^(your (?:work|research) on|your interest in) (.+)$/.exec(ref);
  if (!m) return null;
  const whole = m[2] ?? '';
  // The first cut that leaves a thing one can name: "the role of dietary" (of "… dietary and
  // lifestyle factors in …") ends on a word that qualifies the next one, so the cut goes on.
  for (const cut of whole.matchAll(/\s+(?:and|for|with|in|using|at)\s+/g)) {
    const head = whole.slice(0, cut.index);
    const words = head.split(' ').filter(Boolean);
    if (!(words.length >= 2 || /^\p{Lu}/u.test(head)) || / (?:of|the|a|an|to)$/.test(head) || QUALIFIER.test(head) || PAIRED.test(head)) continue;
    return `${m[1]} ${head}`;
  }
  return null;
}

/** A head that names one side of a pair ("the intersection of data science" of "… and product"): cut there, it is cut short. */
const PAIRED = /\b(?:intersection|combination|mix|blend|interplay|relationship|bridge|overlap)\s+(?:of|between)\s+[^,]*$/i;

/** A last word that qualifies a noun after it ("dietary", "clinical", "early"), so a phrase cut there is cut short. */
const QUALIFIER = /\s\p{Ll}[\p{L}-]*(?:ary|al|ic|ive|ous|ful|less|able|ible|ly|-based|-related|-driven)$/u;

export function draftContext(s: SpeakerInput, signals: readonly Signal[], c: CampaignBrief, salt = ''): DraftContext {
  // A variant asks for other wordings: a colleague at the same company already got these.
  const variant = s.variant ? `\u0000${s.variant}` : '';
  const seed = stableHash(fold(s.name) + salt + variant);
  const turn = s.turn ?? seed;
  const { facts, angle, reader, topicSaid } = s.turn == null ? readSpeaker(s, signals, c, turn) : readAgain(s, signals, c, turn);
  return {
    facts,
    style: styleOf(c),
    sender: senderOf(c),
    seed,
    campaign: c,
    angle,
    frame: framePitch(c.pitch) ?? framePitch(c.positioning),
    reader,
    variant: !!s.variant,
    turn: s.turn ?? null,
    topicSaid,
  };
}

/** What a draft makes of the speaker: their facts, the sequence's angle, its reader. */
interface Reading {
  facts: Facts;
  angle: Angle;
  reader: Reader;
  topicSaid: boolean;
}

function readSpeaker(s: SpeakerInput, signals: readonly Signal[], c: CampaignBrief, turn: number): Reading {
  const facts = factsFrom(s, signals, c);
  const found = angleOf(facts, turn);
  // Known only by name and event, or by their business card, but their bio says what they work on: the sequence is about that.
  // A bio that says what they work on says more than a job title or an employer ("your work at Sider").
  const focus = ['event', 'plain', 'role', 'company'].includes(found.kind) ? bioFocus(s, facts, turn) : null;
  const angle: Angle = focus ? { kind: 'focus', ref: focus, topic: null, short: shortFocus(focus) } : found;
  return {
    facts,
    angle,
    reader: readerOf(s, signals, facts, angle, c, turn),
    topicSaid: !!angle.topic && fold([s.bio, s.tagline].filter(Boolean).join(' ')).includes(fold(angle.topic)),
  };
}

/**
 * Readings kept for the next draft of the same speaker: the pipeline asks for other
 * wordings of one speaker when a colleague got the usual ones (2.6 drafts a drafted
 * speaker in the bench's campaign), the speakers of a chunk drafted side by side. With
 * the sequence's place given, the reading does not depend on the variant. Kept by the
 * signals' array, which the caller passes again for the same speaker; the same speaker is
 * the same values (the variant aside) and the same campaign, or it is read afresh.
 */
const readings = new WeakMap<readonly Signal[], { s: SpeakerInput; c: CampaignBrief; turn: number; reading: Reading }>();

function readAgain(s: SpeakerInput, signals: readonly Signal[], c: CampaignBrief, turn: number): Reading {
  const kept = readings.get(signals);
  if (kept && kept.c === c && kept.turn === turn && sameButVariant(kept.s, s)) return kept.reading;
  const reading = readSpeaker(s, signals, c, turn);
  readings.set(signals, { s, c, turn, reading });
  return reading;
}

function sameButVariant(a: SpeakerInput, b: SpeakerInput): boolean {
  const keys = (o: SpeakerInput) => Object.keys(o).filter((k) => k !== 'variant');
  const ka = keys(a);
  return ka.length === keys(b).length && ka.every((k) => a[k as keyof SpeakerInput] === b[k as keyof SpeakerInput]);
}

/**
 * Which wording each list of the follow-ups takes: in turn through the campaign when the
 * sequence's place is known (every wording then carries an even share), else by the
 * speaker's own seed.
 */
function wordings(x: DraftContext, slot: 2 | 3): { body: number; tie: number } {
  if (x.turn !== null) return { body: x.turn, tie: x.turn + 2 };
  return slot === 2 ? { body: x.seed >>> 3, tie: x.seed >>> 11 } : { body: x.seed >>> 5, tie: x.seed >>> 9 };
}

/** Openers on the sequence's angle, from richest to plainest; the note takes the first that fits. */
function openers(x: DraftContext): string[] {
  const { facts: f, style: st, seed, angle } = x;
  const r = st.register;
  const out: string[] = [];
  if (angle.kind === 'intent' && f.activity) out.push(pick(INTENT_OPENERS[r], seed, 1)(f.activity));
  if (angle.kind === 'talk' && f.talk) {
    // A talk is one to catch only at an event known to be to come: over, or of no known year, it is said as what it did.
    const past = eventIsPast(f.conference) !== false;
    const talk = pick((past ? DONE_TALK_OPENERS : TALK_OPENERS)[r], seed, 1);
    const kind = sessionWord(f.talk, f.talkKind);
    if (f.conference) out.push(talk(f.talk, at(f.conference), kind));
    out.push(talk(f.talk, '', kind));
  }
  // A topic of their talk is said as the talk ("your Angular talk"), not as their area of work.
  if (angle.kind === 'theme' && angle.topic && angle.ref && f.talkThemes?.includes(angle.topic)) out.push(pick(FOCUS_OPENERS[r], seed, 1)(angle.ref));
  else if (angle.kind === 'theme' && angle.topic) {
    const open = pick(THEME_OPENERS[r], seed, 1);
    if (f.company) out.push(open(angle.topic, at(f.company)));
    out.push(open(angle.topic, ''));
  }
  if (angle.kind === 'focus' && angle.ref) out.push(pick(FOCUS_OPENERS[r], seed, 1)(angle.ref));
  // A student's place is where they study: "your studies at UEFS", never "your job as a student".
  const studies = f.role ? studiesOf(f.role) : null;
  if ((angle.kind === 'role' || angle.kind === 'company') && f.company) {
    out.push(studies ? pick(FOCUS_OPENERS[r], seed, 1)(`${studies}${at(f.company)}`) : pick(ROLE_OPENERS[r], seed, 1)(f.role, f.company));
  }
  // Said in turn through the campaign when its order is known: a campaign of people known only
  // by the event then never opens two notes on one sentence until every wording is taken.
  const plain = x.turn ?? seed;
  out.push(pick(PLAIN_OPENERS[r], plain)(f.conference));
  out.push(pick(PLAIN_OPENERS[r], plain)(null));
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
  const base = pick(CONNECT_ASKS[r], seed, 3);
  const ending = pick(ASK_ENDINGS[r], seed >>> 4, 1);
  // "Mind if we connect, if that works for you?": an ask that already hedges takes no condition.
  const ask = base + (/^,\s*(?:if|should)\b/.test(ending) && HEDGED_ASK.test(base) ? '?' : ending);
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
  return { slot: 1, angle: 'intro', content: inlineGreeting(st, '', ask) };
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

/** The product in one clause, from the pitch's frame: "Tracewise is observability for .NET apps", "Greenroom turns speaker lists into outreach". */
function whatItIs(f: PitchFrame | null, product: string): string | null {
  if (!f || !product) return null;
  if (f.offer && f.offer.length <= 70) return f.product || /^(?:an?|the)\s/i.test(f.offer) ? `${product} is ${f.offer}` : `${product} works on ${f.offer}`;
  if (f.outcome && f.audience) return `${product} helps ${f.audience} ${f.outcome}`;
  if (f.does) return `${product} ${thirdPerson('it', f.does)}`;
  return null;
}

/** The product's task for this reader: the verb varies by seed, so a campaign does not say it one way. */
function readerTask(x: DraftContext, salt: number): Task | null {
  const found = taskOf(x.campaign.pitch) ?? taskOf(x.campaign.positioning);
  return found ? taskVariant(found, (x.seed >>> 7) + salt) : null;
}

const OWN_WORDS = [
  ['your work', 'your work'],
  ['your job', 'your role'],
  ['your role', 'your job'],
] as const;

/** What the follow-ups may say about this reader (follow-ups.ts). */
function sceneOf(x: DraftContext, salt: number): Scene {
  const { facts: f, angle, reader } = x;
  // A follow-up names the talk by its title, as the last note does: "your Expert Day talk" of a long
  // title says nothing of theirs, and readers sent 1 in 23 of those against 11 in 73 quoting it.
  const talk = angle.kind === 'talk' ? ([angle.short, angle.ref].find((r) => r?.includes('"')) ?? angle.short ?? angle.ref) : null;
  // A talk about people (careers, diversity) is not something to hang a product on.
  const pinned = reader.softTalk && !reader.detail;
  // "Your work on Ruby" of a word in a title or an employer's name invents an area of expertise:
  // a theme is their fact only when their bio says it.
  const theme = angle.kind === 'theme' && !x.topicSaid;
  // The sequence keeps one angle: a talk the first note named stays the follow-ups' subject,
  // before a line of their bio (which may only say their job title again).
  const found =
    (angle.kind === 'talk' && f.talk ? talk : null) ??
    reader.detail?.ref ??
    (angle.kind === 'event' || angle.kind === 'plain' || theme ? null : angle.kind === 'talk' ? talk : (angle.short ?? angle.ref));
  // A bare "your talk" says nothing of them: the event at least places it.
  const bare = !!found && /^your (?:talk|session|panel|workshop|keynote)$/.test(found);
  const title = f.talk && f.talk.length <= 70 && !f.talk.includes('"') ? f.talk : null;
  // With no talk or research to name, their own role or employer is still about them, where "your profile" is not.
  // Said in turn three ways, so "your work as a" does not run through a campaign.
  const [work, as] = OWN_WORDS[(x.turn ?? x.seed) % OWN_WORDS.length] as readonly [string, string];
  // A student studies at their university: "your work at UEFS" claims a job the page does not give.
  const own = f.company
    ? `${reader.standing === 'student' ? 'your studies' : work}${at(f.company)}`
    : title
      ? sessionRef(sessionWord(title, f.talkKind), title)
      : f.role
        ? `${as} as ${roleAt(f.role, null)}`
        : null;
  const fact = (bare ? (title ? `${found} "${title}"` : f.conference ? `${found} at ${f.conference}` : null) : found) ?? own;
  const namesCompany = reader.detail ? reader.detail.namesCompany : angle.kind === 'role' || angle.kind === 'company';
  const task = readerTask(x, salt);
  const product = x.sender.company || x.frame?.product || '';
  // "where each figure came from at the University of Manchester" reads as where the figure
  // came from: a task ending on a preposition takes no place after it.
  const dangling = /\b(?:from|to|for|with|in|on|at|of|by)$/.test(task?.verb ?? '');
  return {
    fact,
    talk,
    task,
    product,
    offer: x.frame?.offer && x.frame.offer.length <= 70 ? x.frame.offer : null,
    what: whatItIs(x.frame, x.sender.company || x.frame?.product || ''),
    unit: reader.unit,
    where: namesCompany || dangling || reader.unit === 'you' || (!!f.company && !!fact?.includes(f.company)) ? '' : at(f.company),
    event: f.conference,
    past: eventIsPast(f.conference),
    fit: reader.fit && !pinned,
    nearFact: nearField([fact ?? talk], x.campaign, product, f.company),
    nearTalk: nearField([f.talk], x.campaign, product, f.company),
    elsewhere: reader.elsewhere,
    colleagues: reader.unit !== 'you',
    variant: x.variant,
    // An intent lead's sequence comes back to what they did, in the last note too (even when
    // the first follow-up took a second fact about them).
    mustSay: angle.kind === 'intent' ? (angle.ref ?? f.activity) : null,
    company: f.company,
    ask: askFor(x.campaign.icp?.titles ?? []),
    more: pitchMore(x.campaign.pitch, x.campaign.positioning),
    // The last note comes back to what the first one was about, not to the second fact.
    // A talk about people (careers, diversity) is never what a call is tied back to.
    subject:
      angle.kind === 'talk' && reader.softTalk
        ? null
        : angle.kind === 'talk'
          ? ([angle.short, angle.ref].find((r) => r?.includes('"')) ?? null)
          : angle.kind === 'event' || angle.kind === 'plain' || angle.kind === 'intent' || theme
            ? null
            : (angle.short ?? angle.ref),
  };
}

/** The body cut to whole sentences when a long fact makes it run past the cap. */
function bodyWithin(text: string, cap: number): string {
  return text.length <= cap ? text : leadingSentences(text, cap);
}

export function pitchNote(x: DraftContext): DraftSlot {
  const { facts: f, style: st, campaign: c, sender } = x;
  const r = st.register;
  const { budget, cap } = bodyBudget(x);
  const scene = sceneOf(x, 0);
  const turn = wordings(x, 2);
  const shaped = secondNote(scene, turn.body);
  if (shaped) return { slot: 2, angle: 'pitch', content: letter(st, f.first, bodyWithin(inRegister(shaped, r), cap), sender) };
  // A reader the product fits, and a pitch with no task to ask about: what the sender makes, said once.
  const product = scene.product;
  const what = whatWeDo(x);
  const said = product && what ? inRegister(`At ${product} we work on ${what}.`, r) : pitchSentence(c.pitch, r, Math.min(450, cap - 80));
  const body = inRegister(plainPitchNote(scene, said, turn.body, turn.tie), r);
  return { slot: 2, angle: 'pitch', content: letter(st, f.first, fitParts([{ text: body, rank: 'required' }], budget), sender) };
}

/** The sentences of the second message that say what the sender makes, for a rewrite that must keep them. */
export function pitchLines(x: DraftContext, cap: number): string[] {
  const product = x.sender.company || x.frame?.product || '';
  const shaped = secondNote(sceneOf(x, 0), wordings(x, 2).body);
  if (shaped && product) {
    const said = sentences(inRegister(shaped, x.style.register)).filter((t) => t.includes(product));
    if (said.length) return said;
  }
  const what = whatWeDo(x);
  if (what && product) return [inRegister(`At ${product} we work on ${what}.`, x.style.register)];
  return [pitchSentence(x.campaign.pitch, x.style.register, Math.min(450, cap - 80))];
}

export function ctaNote(x: DraftContext): DraftSlot {
  const { facts: f, style: st, campaign: c } = x;
  const r = st.register;
  const { cap } = bodyBudget(x);
  let cta = ctaSentence(c.cta, DEFAULT_CTAS[r]);
  if (cta.length > cap) cta = leadingSentences(cta, cap);
  // Another verb than the second message's, and another shape: the seed is turned for slot 3.
  const turn = wordings(x, 3);
  const body = inRegister(lastNote(sceneOf(x, 1), cta, turn.body, turn.tie), r);
  return { slot: 3, angle: 'proof_cta', content: letter(st, f.first, body.length <= cap ? body : cta, x.sender) };
}

export function draftSlots(s: SpeakerInput, signals: readonly Signal[], c: CampaignBrief): DraftSlot[] {
  const x = draftContext(s, signals, c);
  return [connectionNote(x), pitchNote(x), ctaNote(x)].map((d) => ({ ...d, content: tidyPunctuation(d.content) }));
}
