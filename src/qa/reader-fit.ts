/**
 * Wording that does not fit the person it goes to: their organisation named twice in one
 * short message ("your team at Columbia University ... at Columbia University"), "your
 * team" for a student, and a product pitched off the back of a talk about people (a
 * diversity panel, a career story), which embarrasses the sender; and a last note that asks
 * for a call after the first follow-up promised no pitch.
 */
import { hasCta } from './checks.js';
import { personalStems } from './filler.js';
import { contentStemSet, escapeRe, fold, sentences } from './text.js';
import type { QaInput, QaSpeaker } from './types.js';
import { WholeWords } from './whole-words.js';

const QUOTED = /"[^"\n]*"|\u201c[^\u201d\n]*\u201d/g;

// A sequence names one company in each of its slots: its pattern is compiled once.
const orgRes = new Map<string, WholeWords>();

/** The organisation named two times or more outside quoted titles, or null. */
export function repeatedOrganisation(content: string, speaker: QaSpeaker): string | null {
  const org = (speaker.company ?? '').trim();
  if (org.length < 3) return null;
  let re = orgRes.get(org);
  if (!re) {
    if (orgRes.size >= 256) orgRes.clear();
    re = new WholeWords(escapeRe(fold(org)).replace(/\s+/g, '\\s+'), false);
    orgRes.set(org, re);
  }
  const n = re.all(fold(content.replace(QUOTED, ' '))).length;
  return n >= 2 ? `"${org}" is named ${n} times in one message` : null;
}

const STUDENT_TITLE = /\b(?:ph\.?\s?d\.?\s+(?:student|candidate)|doctoral (?:student|candidate)|graduate student|master'?s student|undergraduate|student)\b/i;
const STUDENT_BIO =
  /\b(?:is|am)\s+an?\s+(?:[\p{L}-]+\s+){0,3}(?:ph\.?\s?d\.?\s+(?:student|candidate)|doctoral (?:student|candidate)|graduate student|undergraduate(?: student)?|master'?s student)\b/iu;

/** "your team" said to someone the page calls a student, or null. */
export function teamForStudent(input: QaInput): string | null {
  if (!/\byour team(?:'s)?\b/i.test(input.content.replace(QUOTED, ' '))) return null;
  const student = STUDENT_TITLE.test(input.speaker.title ?? '') || STUDENT_BIO.test(input.grounding.slice(0, 600));
  return student ? 'the message speaks of "your team" to a student' : null;
}

/** Talks about people and careers, not about work a product is sold for. */
const PEOPLE_TALK =
  /\b(?:divers\w*|inclusi\w*|underrepresent\w*|under-represent\w*|women|gender|equity|careers?|mentor\w*|well-?being|mental health|burn-?out|stress(?![- ]?test)|impost[eo]r|motherhood|parenting)\b/i;

/**
 * A message that names a talk about people and, in the same breath, the sender's product, or a
 * last note that rests its call on such a talk ("Your talk "Underrepresented in STEM" is where
 * this began. Would a short call be useful?"); or null.
 */
export function pitchAfterPeopleTalk(input: QaInput): string | null {
  const product = (input.campaign.senderCompany ?? '').trim();
  if (!product || input.slot === 1) return null;
  const text = fold(input.content);
  const named = text.includes(fold(product));
  if (!named && !(input.slot === 3 && hasCta(input.content, input.campaign.cta))) return null;
  const talk = (input.speaker.talks ?? []).find((t) => PEOPLE_TALK.test(t) && text.includes(fold(t)));
  if (!talk) return null;
  // A last note that asks for the call without the product rests it on the talk when nothing else of theirs is named.
  if (!named) {
    const own = contentStemSet(talk);
    if ([...personalStems(input)].some((s) => !own.has(s))) return null;
    return `the talk "${talk}" is about people, and the last note rests its call on it`;
  }
  return `the talk "${talk}" is about people, and the message turns it into a pitch for ${product}`;
}

/** The first follow-up says the product is far from the reader's work, or that it is no pitch. */
const NO_PITCH =
  /\b(?:no pitch|rather than a pitch|not a pitch|(?:a long way|far|nowhere near) (?:from|off) your (?:field|work|world)|little to do with (?:what you do|your work)|won't pretend|nowhere near your work)/i;
const CONDITION = /\b(?:if|whether)\b/i;
const ASK = /\b(?:call|demo|chat|meeting)\b[^.?!]*\?/i;
/** A last note may still ask who else to talk to: that keeps the promise. */
const ELSEWHERE = /\b(?:someone else|who else|who should|a name helps|the right person)\b/i;

/**
 * A last note that asks for a call or a demo when the first follow-up said, without a
 * condition, that the product is far from the reader's work or that it was no pitch; or null.
 * "If that's nowhere near your work, tell me" and "it likely sits outside your field; who
 * should I ask?" are questions, not a promise.
 */
export function askAfterNoPitch(input: QaInput): string | null {
  if (input.slot !== 3) return null;
  const second = input.otherSlots.find((o) => o.slot === 2)?.content ?? '';
  const promise = sentences(second).find((t) => NO_PITCH.test(t) && !CONDITION.test(t) && !t.includes('?'));
  if (!promise || !ASK.test(input.content) || ELSEWHERE.test(input.content)) return null;
  return `the first follow-up said "${promise.trim()}", and the last note asks for a call`;
}

/**
 * The writer's own doubt that the product fits the reader, said beside it: "you'd judge its
 * relevance far better than me", "not your field, I know", "tell me if it's off the mark",
 * "from the outside I can't tell whether it fits", "a plain 'no fit' answer works too".
 */
const DOUBT_RE =
  /\b(?:(?:not|nowhere near|far from|miles from|outside|a long way from|well away from) (?:your|you're) ?(?:field|work|world|area|line)|judge (?:its|the) (?:relevance|fit)|can'?t tell (?:whether|if) it (?:fits|helps|applies|suits)|off the mark|(?:of )?no use to you|(?:no|poor|bad) fit\b|doubt (?:it|this) (?:touches|fits|helps|applies|matters)|(?:may|might) not be for you)/i;
/** A question about who else would look after it: a referral is an ask of its own, not a shrug. */
const WHO_ELSE_RE = /\bwho\b[^.?!]*\?/i;

/**
 * A follow-up that names the product and, in the same note, doubts it fits the reader; or
 * null. Either the reader is far from the product's field, and the pitch should not be made,
 * or they are near it, and the note should say where their own work meets it: the shrug
 * tells a reader the sender did not look, and the readers of drafted campaigns mark every
 * such first follow-up as pasted or off in tone.
 */
export function doubtedFit(input: QaInput): string | null {
  const product = (input.campaign.senderCompany ?? '').trim();
  if (input.slot === 1 || !product) return null;
  const text = fold(input.content);
  if (!text.includes(fold(product)) || WHO_ELSE_RE.test(text)) return null;
  // A quoted answer ("a plain 'no fit' answer works too") is the writer's words too.
  const doubt = DOUBT_RE.exec(text.replace(/\u2019/g, "'"));
  return doubt ? `the message names ${product} and doubts in the same note that it fits them ("${doubt[0]}")` : null;
}

/** The message speaking of the reader's practice, clinic or patients. */
const PRACTICE_RE = /\byour (?:practice|clinic|patients|caseload)\b/i;
/** Words of a page that say the reader sees clients: a practitioner, a coach, a clinic. */
const PRACTITIONER_RE =
  /\b(?:practi[ct]\w*|clinic\w*|clients?|patients?|coach\w*|dietit\w*|dietic\w*|nutritionist\w*|therap\w*|counsel\w*|consult\w*|physician\w*|nurses?|trainer\w*)\b/i;

/**
 * "Your practice" (or clinic, patients) said to someone whose own page never says
 * they see clients: a researcher asked whether a coaching tool "fits your practice" is given
 * a job the page does not give them; or null. The campaign's own call to action may carry
 * the phrase: it is the sender's to change for such readers.
 */
export function presumedPractice(input: QaInput, own: string): string | null {
  const said = PRACTICE_RE.exec(input.content.replace(QUOTED, ' '));
  if (!said || PRACTITIONER_RE.test(own)) return null;
  return `"${said[0]}" presumes they see clients, and nothing on their page says so`;
}
