/**
 * Last-pass cleaning shared by draft and rewrite. Campaign text (pitch, CTA,
 * positioning) is the user's, but it lands in every message, so words that read as
 * spam or as machine-written are swapped for plain ones here rather than trusted.
 */

/** [pattern, replacement]; replacements keep the sentence readable. */
const REPLACEMENTS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bdelv(?:e|es|ed|ing)\s+(?:deep\s+)?into\b/gi, 'look at'],
  [/\bdelv(?:e|es|ed|ing)\b/gi, 'dig'],
  [/\bsynerg(?:y|ies|istic)\b/gi, 'fit'],
  [/\bgame[- ]?chang(?:er|ers|ing)\b/gi, 'big step'],
  [/\bunlock(?:s|ed|ing)?\b/gi, 'open up'],
  [/\bunleash(?:es|ed|ing)?\b/gi, 'bring out'],
  [/\bin today'?s (?:fast[- ]paced|digital|competitive|ever[- ]changing) (?:world|landscape|market)\b,?\s*/gi, ''],
  [/\bfast[- ]paced\b/gi, 'busy'],
  [/\bever[- ](?:evolving|changing)\b/gi, 'changing'],
  [/\bleverag(?:e|es|ed|ing)\b/gi, 'use'],
  [/\bcutting[- ]edge\b|\bstate[- ]of[- ]the[- ]art\b/gi, 'modern'],
  [/\brevolutioni[sz](?:e|es|ed|ing)\b/gi, 'change'],
  [/\bseamless(?:ly)?\b/gi, 'smooth'],
  [/\belevat(?:e|es|ed|ing)\b/gi, 'improve'],
  [/\bempower(?:s|ed|ing)?\b/gi, 'help'],
  [/\bsupercharg(?:e|es|ed|ing)\b/gi, 'speed up'],
  [/\bholistic\b/gi, 'complete'],
  [/\bparadigm shift\b/gi, 'big change'],
  [/\bthought[- ]leadership\b/gi, 'expertise'],
  [/\bthought[- ]leaders?\b/gi, 'experts'],
  [/\btouch(?:ing)? base\b/gi, 'talk'],
  [/\bcircle back\b/gi, 'follow up'],
  [/\bpick your brain\b/gi, 'hear your view'],
  [/\blook no further\b[.!,]?\s*/gi, ''],
  [/\btapestry\b/gi, 'mix'],
  [/\bfeel free to\b/gi, 'you can'],
  [/\b100% free\b|\bfree of charge\b|\bfor free\b|\bat no cost\b|\bno[- ]cost\b/gi, ''],
  [/\bfree time\b/gi, 'spare time'],
  [/\bfree(?= (?:trial|demo|audit|call|consultation|plan|tier|version|account|access|review)s?\b)\s*/gi, ''],
  // "a free tool" reads fine as "a tool"; a trailing "free" becomes "included".
  [/\bfree\s+(?=\p{L})/giu, ''],
  [/\bfree\b/gi, 'included'],
  [/\brisk[- ]free\b/gi, 'low-effort'],
  [/\bguaranteed\b/gi, 'assured'],
  [/\bguarantee(s?)\b/gi, 'promise$1'],
  [/\bact (?:now|fast|today|immediately)\b[!.,]?\s*/gi, ''],
  [/\blimited[- ]time\b/gi, 'short'],
  [/\bcash\b/gi, 'money'],
  [/\bwinners?\b/gi, 'standout'],
  [/\burgent(?:ly)?\b/gi, 'pressing'],
  [/\bbonus(?:es)?\b/gi, 'extra'],
  [/\bdiscount(?:s|ed)?\b/gi, 'lower price'],
  [/\b(?:exclusive|special) (?:offer|deal)\b/gi, 'offer'],
  [/\bno obligation\b|\bno strings attached\b|\bno credit card(?: required)?\b|\bno hidden fees\b/gi, ''],
  [/\b100 ?(?:%|percent)\b/gi, 'fully'],
  [/\bno[- ]brainer\b/gi, 'easy call'],
  [/\bclick (?:here|below|the link)\b/gi, 'see'],
  [/!{2,}/g, '!'],
];

/** Sentences that mark a message as mass-produced; the whole sentence goes. */
const STOCK_SENTENCE =
  /[^.!?\n]*\b(?:hope (?:this|my) (?:email |message |note )?finds you(?: well)?|(?:came|stumbled) across your (?:profile|work|page|linkedin)|wanted to (?:reach out|connect|touch base)|(?:i'm|i am|just) reaching out|hope you(?:'re| are) (?:doing )?well|i trust (?:this|you are|you're)|it(?:'s| is) worth noting)\b[^.!?\n]*[.!?]?\s*/gi;
const REPLY_PREFIX = /^\s*(?:subject:\s*)?(?:(?:re|fwd?|fw|aw|sv|tr|wg)\s*(?:\[\d+\]|\(\d+\))?\s*:\s*)+/i;

/** Mail-merge tokens in the syntaxes sending tools and prompts use, and editor notes. */
const PLACEHOLDER_SOURCES = [
  String.raw`\{\{[^{}\n]{0,60}\}\}`,
  String.raw`\{\s*!?[A-Za-z_][\w .-]{0,40}\}`,
  String.raw`\$\{[^}\n]{0,60}\}`,
  String.raw`(?<!\d)%[A-Za-z_][A-Za-z_ ]{0,30}%`,
  String.raw`\[\[[^\]\n]{1,60}\]\]`,
  String.raw`\[(?!sic\])[A-Za-z][A-Za-z0-9 _'./&-]{0,50}\](?!\()`,
  String.raw`<(?!(?:https?:|mailto:))[A-Za-z][A-Za-z0-9 _.-]{0,40}>`,
  String.raw`\b[A-Z]{2,}(?:_[A-Z]+)+\b`,
  String.raw`__[A-Za-z][A-Za-z_]*__`,
  String.raw`\bX{3,}\b`,
  String.raw`\b(?:INSERT|TODO|TBD|TBA|FIXME)\b`,
];
const PLACEHOLDER = new RegExp(PLACEHOLDER_SOURCES.join('|'), 'g');
const PLACEHOLDER_TEST = new RegExp(PLACEHOLDER_SOURCES.join('|'));

const TLDS =
  'com|io|ai|co|net|org|dev|app|xyz|ly|gg|tech|cloud|uk|de|fr|eu|info|biz|link|sh|tv|fm|ca|nl|ch|se|jp|au|edu|gov|vc|gl|page|site|online|store|me|us';
/** Full URLs, e-mail addresses and bare domains ("acme.io/demo"): anything a reader could follow. */
const LINK_SOURCE = String.raw`\b(?:https?:\/\/|www\.)[^\s<>()]*[^\s<>().,;:!?'"]|\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?<![@\w.-])(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?:${TLDS})(?![A-Za-z0-9-])(?:\/[^\s]*[^\s.,;:!?'")])?`;
const LINK = new RegExp(LINK_SOURCE, 'g');
const LINK_TEST = new RegExp(LINK_SOURCE);
const DANGLING_LINK_WORDS = /\s*\b(?:at|here|via|on|see|visit|to)\s*(?=[.!?,]|$)/gim;

export function tidy(text: string): string {
  return (
    text
      .replace(/[ \t]+/g, ' ')
      // ".NET" and ".js" keep their space: a mark only loses it when nothing follows it.
      .replace(/ +([,.!?;:])(?=\s|$|["”')])/g, '$1')
      .replace(/([,;:])(?=[.!?](?:\s|$))/g, '')
      .replace(/\(\s*\)/g, '')
      .replace(/^[ ,;:]+/gm, '')
      .replace(/ *\n */g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

function cleanWords(text: string): string {
  let out = text;
  for (const [re, replacement] of REPLACEMENTS) out = out.replace(re, replacement);
  return out.replace(STOCK_SENTENCE, '').replace(PLACEHOLDER, '');
}

const memo = new Map<string, string>();
const MEMO_SIZE = 512;

/**
 * Swaps spam and machine-sounding words; strips template leftovers and stock openers.
 * Memoised: the same campaign text is cleaned for every speaker of a run.
 */
export function sanitize(text: string): string {
  const hit = memo.get(text);
  if (hit !== undefined) return hit;
  const out = tidy(cleanWords(text.replace(REPLY_PREFIX, '')));
  if (memo.size >= MEMO_SIZE) memo.clear();
  memo.set(text, out);
  return out;
}

const QUOTED = /("[^"\n]*")/;

/**
 * Like sanitize, but leaves double-quoted text alone: a quoted talk title must stay
 * exactly as the signal holds it, even when it says "free".
 */
export function sanitizeOutsideQuotes(text: string): string {
  const pieces = text.replace(REPLY_PREFIX, '').split(QUOTED);
  return tidy(pieces.map((p, i) => (i % 2 === 1 ? p : cleanWords(p))).join(''));
}

export function hasLink(text: string): boolean {
  return LINK_TEST.test(text);
}

export function hasPlaceholder(text: string): boolean {
  return PLACEHOLDER_TEST.test(text);
}

/** Removes URLs, addresses and domains, and the "at"/"here" they leave hanging. */
export function stripLinks(text: string): string {
  if (!LINK_TEST.test(text)) return text;
  return tidy(text.replace(LINK, '').replace(DANGLING_LINK_WORDS, ''));
}
