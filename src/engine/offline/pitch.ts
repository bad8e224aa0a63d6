/**
 * The pitch taken apart so a message can say it to the reader instead of pasting it:
 * "We build observability for .NET apps: one trace from click to query" gives the offer
 * ("observability for .NET apps") and what the reader gets ("one trace from click to
 * query"); "We help platform teams ship faster" gives who and what for; "Greenroom turns
 * speaker lists into outreach" gives the product and what it does, said as what the
 * reader's team could do with it. No part runs longer than a few words of the pitch
 * (MAX_BORROWED), so no message reads as the pitch pasted in.
 */
import { sanitize } from './guard.js';
import { sentences, squash } from './text.js';

export interface PitchFrame {
  /** What the sender makes, as a noun phrase: "observability for .NET and JavaScript apps". */
  offer: string | null;
  /** Who it is for and what they get, from "We help X do Y": "platform teams", "ship faster". */
  audience: string | null;
  outcome: string | null;
  /** What the reader would get, as a noun phrase: "one trace from the browser click to the database query". */
  detail: string | null;
  /** The product a "Product does X" pitch names, and what a team does with it: "turn speaker lists into outreach". */
  product?: string | null;
  does?: string | null;
}

/** Words a part may borrow from the pitch in a row; the QA gate calls twelve a paste. */
export const MAX_BORROWED = 10;

const MAKES =
  /^(?:we|i)(?:'re|'m| are| am)? (?:build|make|run|offer|provide|develop|create|sell|ship|design|maintain|building|making|running|offering|developing|creating)\s+(.+)$/i;
const WORKS_ON = /^(?:we|i)(?:'re|'m| are| am)? working on\s+(.+)$/i;
const HELPS =
  /^(?:we|i)\s+help\s+(.+?)\s+(?:to\s+)?((?:ship|build|run|get|find|turn|cut|reduce|save|hire|grow|spend|fix|catch|see|make|keep|move|write|test|deploy|scale|debug|land|win|sell|launch|learn|understand|know|give|prepare|speak|present|stop|avoid|handle|manage|track|measure|improve|lower|raise|answer)\b.*)$/i;
/** "Greenroom turns X into Y": a named product, a verb in the third person, what it does. */
const PRODUCT_DOES =
  /^([A-Z][\w.-]*(?:\s[A-Z][\w.-]*)?)\s+(turns|helps|lets|gives|makes|builds|finds|writes|drafts|shows|keeps|saves|cuts|brings|connects|tracks|watches|checks|tests|catches|spots|maps|sends|reads|collects|automates|monitors|scans|traces|runs|ships|deploys|answers|matches|ranks|scores|books|plans|generates|creates|manages|handles|reduces|removes|replaces|records|measures|protects|secures|syncs|stores)\s+(.+)$/;
/** "Tracewise is observability for .NET apps": a named product and what it is. */
const PRODUCT_IS = /^([A-Z][\w.-]*(?:\s[A-Z][\w.-]*)?)\s+(?:is|are)\s+(?!(?:not|now|here|back|live|free|open|available|built|used|made|trusted|loved)\b)(.+)$/;
const ARTICLE = /^(?:a|an|the)\s+/i;
/** A noun phrase the reader can "get": starts with a count, an article or a determiner. */
const NOUN_PHRASE = /^(?:one|a|an|the|\d[\w-]*|no|every|all|fewer|less|more|full|clear|real|your)\b/i;
const VERB =
  /\b(?:is|are|was|were|be|been|has|have|had|helps?|makes?|builds?|runs?|gives?|turns?|lets?|saves?|do|does|did|can|could|will|would|should|may|might|must|cuts?|uses?|used|reach(?:es)?|gets?|brings?|finds?|keeps?|takes?|works?|means?|allows?|enables?)\b/i;
/** A subject pronoun makes a sentence, never a tagline: "Teams use it to reach...". */
const PRONOUN = /\b(?:it|we|they|you|i|he|she|us|them)\b/i;
const MAX_OFFER = 90;
/** Where an object may be cut and still read whole: before a clause or a qualifier. */
const CLAUSE_BREAK = /\s(?:your|that|which|who|before|after|so|without|while|when|instead|because|with|by|for|using|via|and then)\s|[,;]\s(?:and|or|so|but)\s/i;

const lowerFirst = (t: string) => (/^\p{Lu}\p{Ll}/u.test(t) ? t[0].toLowerCase() + t.slice(1) : t);
const bare = (t: string) => squash(t).replace(/[.!?]+$/, '');
const wordCount = (t: string) => t.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/** The phrase kept to at most `max` words, cut before a clause; null when no cut reads whole. */
export function clip(phrase: string, max = MAX_BORROWED): string | null {
  const text = bare(phrase);
  if (wordCount(text) <= max) return text;
  let best: string | null = null;
  for (const m of text.matchAll(new RegExp(CLAUSE_BREAK.source, 'gi'))) {
    const head = text.slice(0, m.index).replace(/[,;:]$/, '');
    const n = wordCount(head);
    // The part kept must say something of its own: three words at least.
    if (n >= 3 && n <= max) best = head;
  }
  return best;
}

/** "turns" -> "turn", "catches" -> "catch", "does" -> "do", "copies" -> "copy". */
function baseForm(verb: string): string {
  const v = verb.toLowerCase();
  if (v === 'does') return 'do';
  if (v === 'has') return 'have';
  if (/ies$/.test(v)) return v.slice(0, -3) + 'y';
  if (/(?:ch|sh|ss|x|z|o)es$/.test(v)) return v.slice(0, -2);
  return v.replace(/s$/, '');
}

function offerOf(main: string): PitchFrame | null {
  const help = HELPS.exec(main);
  if (help) return { offer: null, audience: help[1], outcome: clip(help[2]), detail: null };
  const makes = MAKES.exec(main) ?? WORKS_ON.exec(main);
  if (makes) return { offer: clip(makes[1]), audience: null, outcome: null, detail: null };
  const is = PRODUCT_IS.exec(main);
  if (is && !VERB.test(is[2])) {
    const offer = clip(is[2]);
    return offer ? { offer, audience: null, outcome: null, detail: null, product: is[1] } : null;
  }
  const does = PRODUCT_DOES.exec(main);
  if (does) {
    const what = clip(`${baseForm(does[2])} ${does[3]}`, MAX_BORROWED + 1);
    return what ? { offer: null, audience: null, outcome: null, detail: null, product: does[1], does: what } : null;
  }
  // A tagline ("Observability for .NET apps", "A tool that...") is the offer itself.
  if (ARTICLE.test(main) || (!VERB.test(main) && !PRONOUN.test(main))) return { offer: clip(lowerFirst(main)), audience: null, outcome: null, detail: null };
  return null;
}

const memo = new Map<string, PitchFrame | null>();

/** The frame of a pitch (or positioning), or null when it is a sentence of another shape. */
export function framePitch(pitch: string | null | undefined): PitchFrame | null {
  const text = sanitize(squash(pitch ?? ''));
  if (!text) return null;
  const known = memo.get(text);
  if (known !== undefined) return known;
  const first = bare(sentences(text)[0] ?? text);
  const [main, rest] = first.split(/\s*(?::|\s[—–-])\s+/, 2) as [string, string | undefined];
  const frame = offerOf(main);
  if (frame) {
    if (frame.offer && frame.offer.length > MAX_OFFER) frame.offer = null;
    const detail = rest && NOUN_PHRASE.test(rest) && !VERB.test(rest.split(',')[0] ?? '') ? clip(lowerFirst(bare(rest))) : null;
    frame.detail = detail;
  }
  const out = frame && (frame.offer || frame.outcome || frame.does) ? frame : null;
  if (memo.size > 256) memo.clear();
  memo.set(text, out);
  return out;
}

/** The rest of a pitch and the positioning, for saying the product more than one way (a pitch's "without …" is left out: said again, it reads pasted). */
export interface PitchMore {
  /** Whom the sender works with, shortly: "engineering teams" of "engineering teams that run production web services". */
  audience: string | null;
  /** What those people want, as a verb phrase: "find slow requests before their users do". */
  want: string | null;
  /** What the reader also gets after the task: "the line of code behind it". */
  extra: string | null;
}

const WORK_WITH = /^(?:we|i)\s+(?:work|partner)\s+with\s+(.+)$/i;
const WANT = /\s+and\s+(?:want|need|wish|would like|aim)\s+to\s+(.+)$/i;

/** "We work with engineering teams that run production web services and want to find slow requests before their users do." */
export function pitchMore(pitch: string | null | undefined, positioning: string | null | undefined): PitchMore {
  const out: PitchMore = { audience: null, want: null, extra: null };
  const pos = bare(sentences(sanitize(squash(positioning ?? '')))[0] ?? '');
  const w = WORK_WITH.exec(pos);
  if (w) {
    const who = w[1];
    const want = WANT.exec(who);
    out.want = want ? clip(want[1]) : null;
    const head = (who.split(/\s+(?:that|who|which|with|in|at|across)\s+/i)[0] ?? '').trim();
    if (wordCount(head) >= 1 && wordCount(head) <= 4 && /^[a-z]/.test(head)) out.audience = head;
  }
  const text = sanitize(squash(pitch ?? ''));
  const first = sentences(text)[0] ?? text;
  const extra = /\band\s+((?:the|its|their)\s+[^,.;]{3,40}?)(?=[,.;]|\s+without\b|$)/i.exec(first.split(/:\s/)[1] ?? '');
  out.extra = extra ? extra[1].trim() : null;
  return out;
}
