/**
 * Two findings no dossier can excuse. A company or title that does not read as one
 * ("what you see at Microsoft Azure MVP", "run into at 9?") is wrong even when the
 * dossier holds the same wrong value: grounding only says where it came from. And
 * broken text (a sign-off inside a sentence, a question that stops mid-phrase, two
 * marks where one belongs, a sentence that starts in lower case) is never sent.
 */
import { companyProblem, titleProblem } from '../scrape/normalize-org.js';
import type { QaSpeaker } from './types.js';
import { WholeWords } from './whole-words.js';

/** Quoted talk titles keep their own wording; only their last mark meets the sentence. */
function unquoted(text: string): string {
  if (!text.includes('"') && !text.includes('\u201c')) return text;
  return text.replace(/"([^"\n]*?)[.?!]*?([.?!]?)"/g, '"Q$2"').replace(/“([^”\n]*?)[.?!]*?([.?!]?)”/g, '“Q$2”');
}

function escapeRe(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The phrase starts with any word ("9", "atwork") and runs on over capitalised words and digits. */
const PHRASE = String.raw`([^\s.?!,;:"“”]+(?:[ \t]+[\p{Lu}\d&][^\s.?!,;:"“”]*)*)`;
/** Where writers name someone's employer: "you see at X", "work at X", "you're a CTO at X". */
const EMPLOYER_AT = new RegExp(
  String.raw`\b(?:(?:work|works|working|role|team|job|position)\s+at|you(?:'re|’re| are)\s+an?\s+[^.?!,\n]{1,60}?\s+at|(?:see|run into|encounter|handle|face|do|build)\s+at|colleagues\s+at|folks\s+at)\s+` +
    PHRASE,
  'giu',
);
/** Where writers name someone's job: "you're a X", "As a X,". */
const TITLE_AS = /\b(?:you(?:'re|’re| are)|[Aa]s)\s+an?\s+([^.?!,;\n"]{2,80}?)(?=\s+at\b|[,.?!;]|\n|$)/gu;

/**
 * The phrase up to its first word that is neither capitalised nor a number: the pattern is read
 * case-blind for its lead words ("Work at", "work at"), which lets it run on over the sentence
 * ("Paylane stayed with me") where only "Paylane" is named.
 */
function capitalisedRun(phrase: string): string {
  const words = phrase.trim().split(/[ \t]+/);
  // A mark in a name's place ("… social media links", "#") is judged as the draft gives it.
  if (!/[\p{L}\p{N}]/u.test(words[0] ?? '')) return phrase.trim();
  const end = words.findIndex((w, i) => i > 0 && !/^[\p{Lu}\d&]/u.test(w));
  return (end < 0 ? words : words.slice(0, end)).join(' ');
}

function statedProblem(phrase: string, kind: 'company' | 'title'): string | null {
  const why = kind === 'company' ? companyProblem(phrase) : titleProblem(phrase);
  // A slogan or an unknown word is a matter of taste; these are plainly not an employer or a job.
  if (!why || why === 'part of a sentence' || why === 'empty') return null;
  return `"${phrase}" as the ${kind === 'company' ? 'company' : 'job title'} (${why})`;
}

const phraseRes = new Map<string, WholeWords>();

/** Whole-phrase match; the compiled pattern is kept, since a sequence asks about one company thrice. */
function mentions(text: string, phrase: string): boolean {
  let re = phraseRes.get(phrase);
  if (!re) {
    if (phraseRes.size >= 1000) phraseRes.clear();
    re = new WholeWords(escapeRe(phrase), true);
    phraseRes.set(phrase, re);
  }
  return re.test(text);
}

/** The first company or title the draft states that does not read as one, or null. */
export function implausibleFact(content: string, speaker: QaSpeaker): string | null {
  const text = unquoted(content);
  const company = (speaker.company ?? '').trim();
  if (company && mentions(text, company)) {
    const why = companyProblem(company);
    if (why && why !== 'empty') return `"${company}" as the company (${why})`;
  }
  const title = (speaker.title ?? '').trim();
  if (title && mentions(text, title)) {
    const why = statedProblem(title, 'title');
    if (why) return why;
  }
  for (const m of text.matchAll(EMPLOYER_AT)) {
    const why = statedProblem(capitalisedRun(m[1] as string), 'company');
    if (why) return why;
  }
  for (const m of text.matchAll(TITLE_AS)) {
    const why = statedProblem((m[1] as string).trim(), 'title');
    if (why) return why;
  }
  return null;
}

const SIGN_OFF =
  /[\p{L}\p{N},;][ \t]+((?:Cheers|Best|Thanks|Regards|Best regards|Kind regards|Warm regards|Warmly|Talk soon|All the best|Sincerely|Best wishes),)[ \t]*\n/u;
const ABBREVIATION = /\b(?:e\.g|i\.e|etc|vs|Inc|Ltd|Co|Corp|Jr|Sr|St|Dr|Mr|Mrs|Ms|Prof|approx|a\.m|p\.m|U\.S|U\.K)\./g;
const DOUBLED = /(?<![.])([.,;:!?])[ \t]*([.,;:!?])(?![.])/;
const DANGLING_QUESTION = /\b(the|a|an|and|or|but|my|your|our|their|at)[ \t]*\?/i;
const SENTENCE_STARTS = /(?:^|[.!?][ \t]+|\n)(\p{L})/gu;
const LOWER_START = /[.!?][ \t]+(\p{Ll}+)(?![\p{Lu}\p{N}])/u;

/** What is broken in the text, or null. */
/** "Mesa redonda sobre Open Data." at …: a title's own full stop, then the sentence goes on. */
const STOP_IN_QUOTE = /"([^"\n]*[^."\n]\.)"\s+(\p{Ll}+)/u;

export function brokenText(content: string): string | null {
  const sign = SIGN_OFF.exec(content);
  if (sign) return `sign-off "${sign[1]}" inside a sentence`;
  const stop = STOP_IN_QUOTE.exec(content);
  if (stop) return `a quoted title keeps its full stop inside the sentence ("${stop[1]}" ${stop[2]})`;
  const text = unquoted(content).replace(ABBREVIATION, 'X');
  const doubled = DOUBLED.exec(text.replace(/\.{3}|…/g, ' '));
  if (doubled && !/^[?!]{2}$/.test(doubled[1] + doubled[2])) return `doubled punctuation "${doubled[1]}${doubled[2]}"`;
  const dangling = DANGLING_QUESTION.exec(text);
  if (dangling) return `a question ending mid-phrase ("${dangling[1]}?")`;
  const lower = LOWER_START.exec(text);
  if (lower) {
    // An all-lower-case writer is a style; one lower-case start among capitalised ones is a fragment.
    const capitalised = [...text.matchAll(SENTENCE_STARTS)].filter((m) => /\p{Lu}/u.test(m[1] as string)).length;
    if (capitalised >= 2) return `a fragment starting "${lower[1]}"`;
  }
  return null;
}
