/**
 * The pitch taken apart so a message can say it to the reader instead of pasting it:
 * "We build observability for .NET apps: one trace from click to query" gives the offer
 * ("observability for .NET apps") and what the reader gets ("one trace from click to
 * query"); "We help platform teams ship faster" gives who and what for. A pitch that
 * fits none of these shapes is said as written.
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
}

const MAKES = /^(?:we|i)(?:'re|'m| are| am)? (?:build|make|run|offer|provide|develop|create|sell|ship|design|maintain|building|making|running|offering|developing|creating)\s+(.+)$/i;
const WORKS_ON = /^(?:we|i)(?:'re|'m| are| am)? working on\s+(.+)$/i;
const HELPS = /^(?:we|i)\s+help\s+(.+?)\s+(?:to\s+)?((?:ship|build|run|get|find|turn|cut|reduce|save|hire|grow|spend|fix|catch|see|make|keep|move|write|test|deploy|scale|debug|land|win|sell|launch|learn|understand|know|give|prepare|speak|present|stop|avoid|handle|manage|track|measure|improve|lower|raise|answer)\b.*)$/i;
const ARTICLE = /^(?:a|an|the)\s+/i;
/** A noun phrase the reader can "get": starts with a count, an article or a determiner. */
const NOUN_PHRASE = /^(?:one|a|an|the|\d[\w-]*|no|every|all|fewer|less|more|full|clear|real|your)\b/i;
const VERB = /\b(?:is|are|was|helps?|makes?|builds?|runs?|gives?|turns?|lets?|saves?|do|does|can|will|cuts?)\b/i;
const MAX_OFFER = 90;

const lowerFirst = (t: string) => (/^\p{Lu}\p{Ll}/u.test(t) ? t[0].toLowerCase() + t.slice(1) : t);
const bare = (t: string) => squash(t).replace(/[.!?]+$/, '');

function offerOf(main: string): PitchFrame | null {
  const help = HELPS.exec(main);
  if (help) return { offer: null, audience: help[1], outcome: help[2], detail: null };
  const makes = MAKES.exec(main) ?? WORKS_ON.exec(main);
  if (makes) return { offer: makes[1], audience: null, outcome: null, detail: null };
  // A tagline ("Observability for .NET apps", "A tool that...") is the offer itself.
  if (ARTICLE.test(main) || !VERB.test(main)) return { offer: lowerFirst(main), audience: null, outcome: null, detail: null };
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
    frame.detail = rest && NOUN_PHRASE.test(rest) && !VERB.test(rest.split(',')[0] ?? '') ? lowerFirst(bare(rest)) : null;
  }
  const out = frame && (frame.offer || frame.outcome) ? frame : null;
  if (memo.size > 256) memo.clear();
  memo.set(text, out);
  return out;
}
