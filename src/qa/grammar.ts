/**
 * Broken grammar and spliced text: the shapes a filled-in template leaves when a
 * value does not fit its slot. An article before a verb ("you're a presently
 * serving as"), "a" before a vowel sound ("a MA"), two words glued by a full stop
 * ("for.NET"), a field of work capitalised mid-sentence ("notes on Cloud",
 * "a Software developer"), a doubled word; a job or a thing with no article ("as
 * software engineer at"), an article before a one-person title ("as a CEO at"), a
 * name of an institution without "the" ("at Open Source Digital Voting Foundation",
 * "your work on Cambridge Software Craftsmanship Community"),
 * a conjunction of another language inside a title ("Senior Partner e Managing
 * Director"), a session kind repeated as the start of its title ("your workshop
 * "Workshop: …""). Quoted titles, the greeting and the sign-off keep their own wording.
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
  // Letters outside ASCII are letters: "España ever" holds no article "a".
  for (const m of text.matchAll(/(?<![\p{L}\p{N}])(a|an)\s+([A-Za-z][A-Za-z0-9'-]*)(?![\p{L}\p{N}])/gu)) {
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
  // Split on line breaks too: a body that opens on a two-word name ("Greenroom Coaching helps …") has one before it.
  const toks = before.split(/\s+/).filter(Boolean);
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

const DETERMINER = '(?!(?:a|an|the|your|my|our|their|his|her|its|this|that|these|those|each|every|one|any|some|another|which|whose|what|no|such|same)\\s)';
const NOUN_END =
  '(?=\\s+(?:at|for|with|in|on|during|and|is|was|has|caught|stood|got|made|came|put|brought|led|prompted|left|stuck|seemed|sparked|drew|that|which|who)\\b|\\s*[.,;:!?)]|\\s*$)';
// A job held by many, lower case, after "as" with no article: "your role as software engineer at Twinfield".
const BARE_ROLE_RE = new RegExp(
  `\\bas\\s+${DETERMINER}((?:[a-z][\\w-]*\\s+){0,3}(?:engineer|developer|researcher|scientist|architect|designer|analyst|programmer|consultant|specialist|student))${NOUN_END}`,
  'u',
);
// One thing, lower case, after a preposition with no article: "your work on open-source project during",
// "your interest in OpenStack cloud platform" (a name before the thing does not stand for "the").
const BARE_THING_RE = new RegExp(
  `\\b(?:on|in|for|with|about|during|from)\\s+${DETERMINER}((?:\\p{Lu}[\\p{L}\\p{N}.+#-]*\\s+){0,2}(?:[a-z][\\w-]*\\s+){0,2}(?:project|startup|library|framework|platform|toolkit|engine|protocol|compiler|database))${NOUN_END}`,
  'u',
);
// A process lifted from a bio without its article: "your work on identification of aging-related … biomarkers".
const BARE_PROCESS_RE = new RegExp(`\\b[Yy]our (?:work|research|interest) (?:on|in)\\s+${DETERMINER}([a-z]+(?:tion|ment))\\s+of\\b`, 'u');
// A title one person holds takes no article before its organisation: "as CEO of La Martina".
const ONE_PERSON_TITLE_RE = /\bas\s+(an?)\s+(CEO|CTO|CFO|COO|CIO|CMO|CPO|CISO)\s+(?:at|of)\s+(?=\p{Lu})/u;
// An institution named by a capitalised common-noun phrase takes "the": "at the Mozilla Foundation", "at the University of Bath".
// "Institute" alone is left out: "at Georgia Institute" is a name cut short, which unsupported_fact reads.
const INSTITUTION_RE =
  /\b(?:at|for|with|from|of|in|on|to|by|about|joined)\s+(?!The\s)((?:\p{Lu}[\p{L}\p{N}&'.-]*\s+){1,6}(?:Foundation|Society|Association|Consortium|Alliance|Council|Commission|Community)(?![\p{L}-])|(?:University|Institute|Centre|Center|Department|Ministry|Faculty)[ \t]+(?:of|for)[ \t]+\p{Lu}[\p{L}\p{N}-]*(?:,?[ \t]+(?:and[ \t]+|&[ \t]+)?\p{Lu}[\p{L}\p{N}-]*)*)/u;
// "and" in another language between capitalised words of the draft's own text: "Senior Partner e Managing Director".
const FOREIGN_AND_RE = /(\p{Lu}[\p{L}\p{N}]*)\s+(e|y|et|und|ou|i)\s+(\p{Lu}[\p{L}\p{N}]*)/u;
const KIND_TWICE_RE = /\b(talk|workshop|session|keynote|tutorial|panel|lecture|presentation|webinar)\s+["\u201c]\1\s*[:\u2013\u2014-]\s*/iu;

/** A missing or wrong article, an institution without "the", a foreign "and", a session kind said twice, or null. */
function articleOrWord(text: string, raw: string): string | null {
  const process = BARE_PROCESS_RE.exec(text);
  if (process) return `no article: "${process[0].trim()}" (write "the ${process[1] as string} of")`;
  const role = BARE_ROLE_RE.exec(text) ?? BARE_THING_RE.exec(text);
  if (role) {
    const noun = role[1] as string;
    return `no article: "${role[0].trim()}" (write "${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}")`;
  }
  const title = ONE_PERSON_TITLE_RE.exec(text);
  if (title) return `"as ${title[1]} ${title[2]}" (write "as ${title[2]} of")`;
  const inst = INSTITUTION_RE.exec(text);
  if (inst) return `no article before an institution: "${inst[0].trim()}" (write "the ${(inst[1] as string).trim()}")`;
  const and = FOREIGN_AND_RE.exec(text);
  if (and) return `"${and[0]}": "${and[2]}" is not English (write "${and[1]} and ${and[3]}")`;
  // The kind said twice is a kind before its quoted title: no quote, no need to look.
  const kind = raw.includes('"') || raw.includes('\u201c') ? KIND_TWICE_RE.exec(raw) : null;
  if (kind) return `the session kind said twice: "${kind[0].trim()}…" (drop "${kind[0].slice(kind[0].search(/["\u201c]/) + 1).trim()}" from the title)`;
  return null;
}

/**
 * The task a product does, said as a gerund with its question ("telling which request got
 * slow", "tracking down where each figure came from") and set where English wants a noun:
 * - as the subject of a clause: "When telling which request got slow next comes up",
 *   "Whenever knowing which request got slow turns into a chore";
 * - after a noun that wants a thing: "the slowest part of telling which …", "a real case of
 *   spotting which …", "a second pair of eyes on spotting which …";
 * - a verb of knowing (know, tell, see) made an activity after a preposition: "working on
 *   knowing which …", "help with telling which …", "our notes on seeing which …". Knowing and
 *   telling are states, not work: "finding out which" or "tracking down which" is said.
 */
const WH = '(?:which|where|what|who|whom|how|whether|when)';
// "-ing" nouns (something, morning, during) are no gerunds.
const GERUND = '(?!(?:some|any|every|no)?thing\\b|morning\\b|evening\\b|during\\b|string\\b|spring\\b)(?:\\p{Ll}+ing)(?:\\s+(?:down|out|up))?';
const GERUND_SUBJECT_RE = new RegExp(
  `\\b(?:when|whenever|if|once|until|should)\\s+(${GERUND}\\s+${WH}\\b[^.?!,;:]{0,80}?)\\s+(?:(?:next|ever|ever\\s+again|again)\\s+)?(?:comes?|turns?|becomes?|gets?|starts?|is|are)\\s+(?:up|into|a|an|the)\\b`,
  'iu',
);
const THING_OF_GERUND_RE = new RegExp(`\\b((?:part|case|pair of eyes|example|instance)\\s+(?:of|on)\\s+${GERUND}\\s+${WH})\\b`, 'iu');
const STATE_AS_WORK_RE = new RegExp(`(?<!\\bgo\\s)\\b((?:on|about|with|of|busy|in)\\s+(?:knowing|telling|seeing)\\s+${WH})\\b`, 'iu');

// What each of the three holds, a gerund and its question word: a text without it needs none of
// them run (each is a case-blind Unicode pattern tried at every word). No letter outside ASCII
// folds to one of these letters, so the ASCII pattern finds whatever they would.
const GERUND_WH_RE = new RegExp(`ing(?:\\s+(?:down|out|up))?\\s+${WH}`, 'i');

/** The product's task as a gerund where a noun belongs, or null. */
function gerundAsNoun(text: string): string | null {
  if (!GERUND_WH_RE.test(text)) return null;
  const m = GERUND_SUBJECT_RE.exec(text) ?? THING_OF_GERUND_RE.exec(text) ?? STATE_AS_WORK_RE.exec(text);
  return m ? `the task as a gerund where a noun belongs: "${m[0].trim()}"` : null;
}

/**
 * A sentence that opens on a participle whose subject is not the writer: "Reading your page,
 * your work on Azure stood out" (the work did not read the page). The clause after the comma
 * must start with the one who did it ("I", "we").
 */
const DANGLING_RE = /(?:^|[.!?]\s+|\n\s*)((?:\p{Lu}\p{Ll}+ing)\b[^,.!?\n]{0,60},\s+(?:your|the|this|that|it|his|her|their)\b[^.!?\n]{0,40})/u;

function danglingOpener(text: string): string | null {
  const m = DANGLING_RE.exec(text);
  return m ? `a dangling opener: "${(m[1] as string).trim()}" (the one "${(m[1] as string).split(/\s/)[0]}" is not the subject after the comma)` : null;
}

/** The draft's own sentences: quoted titles masked, the greeting's name and the sign-off cut, links and addresses blanked. */
function ownText(content: string): string {
  return maskQuotes(content)
    .replace(/^\s*(?:hi|hey|hello|dear)\b[^,\n]{0,60},/i, (m) => ' '.repeat(m.length))
    .replace(/\n\s*\n[^\n,]{1,30},[ \t]*\n[^\n]{1,60}\s*$/, '')
    .replace(/https?:\/\/\S+|\S+@\S+/g, ' ');
}

/** What is grammatically broken or spliced in the draft, or null. */
export function brokenGrammar(content: string): string | null {
  const text = ownText(content);
  const verb = ARTICLE_VERB_RE.exec(text) ?? ARTICLE_ADVERB_RE.exec(text);
  if (verb) return `an article before a verb: "${verb[0]}"`;
  const doubled = ARTICLE_ARTICLE_RE.exec(text) ?? DOUBLED_RE.exec(text);
  if (doubled) return `"${doubled[0]}"`;
  const glued = GLUED_RE.exec(text) ?? SPLICED_RE.exec(text);
  if (glued) return `words run together: "${text.slice(glued.index, glued.index + glued[0].length + 6).trim()}"`;
  return articleMismatch(text) ?? stray(text) ?? articleOrWord(text, content) ?? gerundAsNoun(text) ?? danglingOpener(text);
}
