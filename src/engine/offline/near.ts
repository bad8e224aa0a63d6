/**
 * Whether what a message says of a reader shares words with the sender's field: an ICP
 * keyword or title, or a word of the pitch or the positioning, none of them as broad as "data". Only then may a second message tie
 * their fact to the product ("… is close to what the teams I work with deal with every
 * day") or ask about their talk as someone of the same trade; a talk on permaculture or a
 * post at the European Commission gets a plainer note.
 */
import type { CampaignBrief } from '../types.js';
import { compileIcp } from './icp.js';
import { isBroad } from './angle.js';
import { findHits } from './matcher.js';
import { fold, titleTokens } from './text.js';

/** Pitch words that say nothing of a field: "which request got slow without a week of setup". */
const PLAIN = new Set(
  'about after again their there these those which while where without would could should every other being based make makes shows helps works working teams people users groups group using changing between actually week setup shared since'.split(
    ' ',
  ),
);

/** Words of five letters or more, a plural's "s" dropped: "requests" is "request". */
const words = (text: string): string[] => (fold(text).match(/[\p{L}\p{N}]{5,}/gu) ?? []).map((w) => w.replace(/(?<!s)s$/, ''));

const fieldWords = new Map<string, ReadonlySet<string>>();

/** The pitch's and positioning's own words of five letters or more, less the product's name. */
function pitchWords(c: CampaignBrief, product: string): ReadonlySet<string> {
  const key = `${product}\n${c.pitch ?? ''}\n${c.positioning ?? ''}`;
  let out = fieldWords.get(key);
  if (!out) {
    const name = new Set(words(product));
    out = new Set(words(`${c.pitch ?? ''} ${c.positioning ?? ''}`).filter((w) => !PLAIN.has(w) && !name.has(w) && !isBroad(w)));
    if (fieldWords.size > 64) fieldWords.clear();
    fieldWords.set(key, out);
  }
  return out;
}

/**
 * Whether any of `texts` (their fact, their talk's title) names the campaign's field. Their
 * employer's name is taken out first: "Cloud Hub 360" says nothing of what they work on.
 */
export function nearField(texts: ReadonlyArray<string | null | undefined>, c: CampaignBrief, product: string, company: string | null): boolean {
  const said = texts
    .filter((t): t is string => !!t)
    .map((t) => (company ? t.split(company).join(' ') : t))
    .join(' | ');
  if (!said.trim()) return false;
  const icp = compileIcp(c.icp);
  // A keyword as broad as "data" or "software" is everyone's: it ties nothing to the product.
  if (findHits(icp.keywords, said).some((h) => !isBroad(h.label))) return true;
  // A role the campaign is written for ("your work as a developer at Evoldes") is of its field.
  const tokens = new Set(titleTokens(said));
  if (icp.titles.some((t) => t.tokens.every((w) => tokens.has(w)))) return true;
  const own = pitchWords(c, product);
  return words(said).some((w) => own.has(w));
}
