/**
 * Broken grammar and spliced text: the shapes a filled-in template leaves when a
 * value does not fit its slot. An article before a verb ("you're a presently
 * serving as"), "a" before a vowel sound ("a MA"), two words glued by a full stop
 * ("for.NET"), a field of work capitalised mid-sentence ("notes on Cloud",
 * "a Software developer"), a doubled word. Quoted titles keep their own wording.
 */
import { LOWER_CASE_FIELDS } from './lexicon.js';
import { maskQuotes } from './stated.js';
import { STOPWORDS } from './text.js';

const ARTICLE_VERB_RE =
  /\b(an?)\s+((?:\w+ly\s+)?(?:serving|working|employed|based|acting|holding|leading|running|doing|being|speaking|presenting)\s+(?:as|at|in|for|with|on)\b)/i;
const ARTICLE_ADVERB_RE = /\b(an?)\s+(presently|currently|formerly|previously)\s+(?:\w+ing|\w+ed|as|at|in|a|an|the)\b/i;
const ARTICLE_ARTICLE_RE = /\b(a|an|the)\s+(a|an|the|your|my|our|their)\b/i;
const DOUBLED_RE = /\b(the|a|an|to|of|in|at|for|and|is|on|with|you|your)\s+\1\b(?![-\u2010\u2011])/i;
const GLUED_RE = /(?<![\w./:@-])(for|on|in|with|at|of|and|the|to|about|from|into|by|your|our)\.(?=\p{L})/iu;
const SPLICED_RE = /(?<![\w./:@-])(\p{L}{2,})([,;:!?]|\.)(?=\p{Lu}\p{Ll})/u;

// Letters whose English name starts with a vowel sound: "an MA", "an SRE", "an F1 team".
const VOWEL_LETTER = 'AEFHILMNORSX';
const SILENT_H = /^(?:hour|honest|honou?r|heir)/i;
const CONSONANT_VOWEL = /^(?:one\b|once|eu)/i;

/** "a" or "an" that does not fit the sound of the next word, or null. */
function articleMismatch(text: string): string | null {
  for (const m of text.matchAll(/\b(a|an)\s+([A-Za-z][A-Za-z0-9'-]*)/g)) {
    const art = (m[1] as string).toLowerCase();
    const word = m[2] as string;
    // "a" at the start of a capitalised list item or a name ("Plan A") is no article.
    if (/[A-Z]/.test((m[1] as string)[0] as string) && m.index > 0 && !/[.!?]\s*$/.test(text.slice(0, m.index))) continue;
    const acronym = /^[A-Z]{2,}s?$/.test(word);
    let vowel: boolean;
    if (acronym) vowel = VOWEL_LETTER.includes(word[0] as string);
    else if (/^[aeiou]/i.test(word)) vowel = !CONSONANT_VOWEL.test(word);
    else vowel = SILENT_H.test(word);
    if (/^u/i.test(word) && !acronym) continue;
    if (art === 'a' && vowel) return `"a ${word}" (an ${word})`;
    if (art === 'an' && !vowel) return `"an ${word}" (a ${word})`;
  }
  return null;
}

const CAPITAL_WORD_RE = /(?<=[ \t])(\p{Lu}\p{Ll}+)(?=[\s,.;:!?]|$)/gu;

/** Whether a capitalised word right before is part of the same name ("Google Cloud", "Head of Platform"). */
function joinsName(before: string): boolean {
  const toks = before.split(/[ \t]+/).filter(Boolean);
  let last = toks.pop();
  if (!last || /[,.;:!?)"\u201d]$/.test(last)) return false;
  if (/^(?:of|for|and|&|de)$/i.test(last)) {
    last = toks.pop();
    if (!last || /[,.;:!?]$/.test(last)) return false;
  }
  return /^[\p{Lu}\p{N}]/u.test(last) && !STOPWORDS.has(last.toLowerCase().replace(/['\u2019]/g, ''));
}

/** A field of work capitalised alone in mid-sentence, or null. */
function stray(text: string): string | null {
  for (const m of text.matchAll(CAPITAL_WORD_RE)) {
    const word = m[1] as string;
    if (!LOWER_CASE_FIELDS.has(word.toLowerCase())) continue;
    const before = text.slice(Math.max(0, m.index - 60), m.index);
    // A sentence, a line, a list item or a greeting starts here: the capital is the sentence's.
    if (/(?:^|[.!?:;\u2014\u2013("\u201c\n]|\s-)\s*$/.test(before) || /\b(?:hi|hey|hello|dear)\s+$/i.test(before)) continue;
    const after = text.slice(m.index + word.length, m.index + word.length + 30);
    if (joinsName(before) || /^[ \t]+(?:of|for|&)?[ \t]*\p{Lu}/u.test(after)) continue;
    return `"${word}" capitalised mid-sentence`;
  }
  return null;
}

/** What is grammatically broken or spliced in the draft, or null. */
export function brokenGrammar(content: string): string | null {
  const text = maskQuotes(content).replace(/https?:\/\/\S+|\S+@\S+/g, ' ');
  const verb = ARTICLE_VERB_RE.exec(text) ?? ARTICLE_ADVERB_RE.exec(text);
  if (verb) return `an article before a verb: "${verb[0]}"`;
  const doubled = ARTICLE_ARTICLE_RE.exec(text) ?? DOUBLED_RE.exec(text);
  if (doubled) return `"${doubled[0]}"`;
  const glued = GLUED_RE.exec(text) ?? SPLICED_RE.exec(text);
  if (glued) return `words run together: "${text.slice(glued.index, glued.index + glued[0].length + 6).trim()}"`;
  return articleMismatch(text) ?? stray(text);
}
