/**
 * Spam-trigger detection. Terms are matched on a normalised copy of the text in
 * which obfuscations are undone ("FR3E", "f.r.e.e", "guaranteeed", Cyrillic
 * look-alikes) and every run of a repeated letter is squeezed to one letter.
 * Each term is a root plus an explicit list of inflections, matched on word
 * boundaries, so "freedom", "Freeman" or "cashew" never count as "free"/"cash".
 */
import { Memo, escapeRe, fold } from './text.js';

interface TermDef {
  id: string;
  /** Plain phrases; the last word may take one of `suffixes`. */
  phrases: string[];
  suffixes?: string[];
}

const TERMS: TermDef[] = [
  { id: 'free', phrases: ['free'], suffixes: ['', 's'] },
  { id: '100% free', phrases: ['100% free', '100 percent free'] },
  { id: '100%', phrases: ['100%', '100 percent'] },
  { id: 'guaranteed', phrases: ['guarantee', 'guaranty'], suffixes: ['', 's', 'd'] },
  { id: 'risk-free', phrases: ['risk free', 'riskfree', 'no risk', 'zero risk'] },
  { id: 'act now', phrases: ['act now', 'act fast', 'act immediately', 'act today'] },
  { id: 'limited time', phrases: ['limited time', 'limited offer', 'while supplies last', 'offer expires'] },
  { id: 'cash', phrases: ['cash'], suffixes: ['', 'es', 'ed'] },
  { id: 'winner', phrases: ['winner'], suffixes: ['', 's'] },
  { id: 'you won', phrases: ["you've won", 'you have won', 'you won', 'you have been selected', "you've been selected"] },
  { id: '$$$', phrases: ['$$$'] },
  { id: 'urgent', phrases: ['urgent', 'urgently'] },
  { id: 'click here', phrases: ['click here', 'click below', 'click the link'] },
  { id: 'buy now', phrases: ['buy now', 'order now', 'call now', 'apply now', 'sign up now', 'join now'] },
  { id: 'make money', phrases: ['make money', 'earn money', 'extra income', 'earn extra', 'double your income', 'double your money'] },
  { id: 'no cost', phrases: ['no cost', 'zero cost', 'no fees', 'no hidden fees', 'no obligation', 'no strings attached', 'no credit card'] },
  { id: 'cheap', phrases: ['cheap', 'cheapest', 'lowest price', 'best price', 'bargain'] },
  { id: 'discount', phrases: ['discount', 'discounts', 'discounted', 'special promotion', 'promo code', 'coupon'] },
  { id: 'exclusive deal', phrases: ['exclusive deal', 'exclusive offer', 'special offer', 'special deal', 'amazing deal', 'incredible deal'] },
  { id: 'once in a lifetime', phrases: ['once in a lifetime', 'once-in-a-lifetime'] },
  { id: 'prize', phrases: ['prize', 'prizes', 'giveaway', 'lottery', 'jackpot', 'casino'] },
  { id: 'bonus', phrases: ['bonus', 'bonuses'] },
  { id: 'dear friend', phrases: ['dear friend'] },
  { id: 'not spam', phrases: ['this is not spam', "this isn't spam", 'not spam', "don't delete", 'do not delete'] },
  { id: 'miracle', phrases: ['miracle', 'miraculous'] },
  { id: 'million dollars', phrases: ['million dollars', 'billion dollars'] },
  { id: '!!!', phrases: ['!!!'] },
];

// Everyday phrases that contain a trigger word but read as courtesy or business,
// not as a sales pitch; removed before matching.
const squeeze = (s: string): string => s.replace(/([a-z])\1+/g, '$1');

const BENIGN = ['feel free', 'cash flow', 'cashflow', 'free time', 'free to chat'];
const BENIGN_RE = new RegExp(`(?<![a-z0-9])(?:${BENIGN.map((b) => escapeRe(squeeze(b))).join('|')})(?![a-z0-9])`, 'g');

// Word boundaries only where the phrase edge is a letter or digit: "!!!" may
// follow a word directly, "100%" may be followed by anything.
function bounded(body: string, plain: string): string {
  const head = /^[a-z0-9]/.test(plain) ? '(?<![a-z0-9])' : '';
  const tail = /[a-z0-9]$/.test(plain) ? '(?![a-z0-9])' : '';
  return head + body + tail;
}

function termPattern(def: TermDef): string {
  const alts: string[] = [];
  for (const phrase of def.phrases) {
    for (const suffix of def.suffixes ?? ['']) {
      const plain = squeeze(phrase.toLowerCase() + suffix);
      alts.push(
        bounded(
          plain
            .split(/[\s-]+/)
            .map(escapeRe)
            .join('[\\s\\-]*'),
          plain,
        ),
      );
    }
  }
  return `(?:${alts.join('|')})`;
}

interface CompiledTerm {
  id: string;
  re: RegExp;
}

const COMPILED: CompiledTerm[] = TERMS.map((def) => ({
  id: def.id,
  re: new RegExp(termPattern(def), 'g'),
}));

// One combined test first: most clean drafts contain no trigger at all.
const ANY_RE = new RegExp(COMPILED.map((t) => t.re.source).join('|'));

const SPACED_RE = /(?<![a-z0-9@$!])(?:[a-z0-9@$!][ .\-_*\u00b7\u2022]+){2,}[a-z0-9@$!](?![a-z0-9@$!])/g;
const TOKEN_RE = /[a-z0-9@$]+/g;
const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's' };
const LETTER_RE = /[a-z]/g;
const LEET_RE = /[013457@$]/g;
// Cheap pre-test: most drafts have no digit or symbol touching a letter.
const LEET_NEAR_LETTER_RE = /[a-z][013457@$]|[013457@$][a-z]/;

function unleet(token: string): string {
  // Two letters at least, so money ("$5m") and ordinals stay as they are.
  const letters = token.match(LETTER_RE);
  if (!letters || letters.length < 2 || !/[013457@$]/.test(token)) return token;
  return token.replace(LEET_RE, (c) => LEET[c] ?? c);
}

/** The normalised form terms are matched against. Exported for tests. */
export function spamNormalize(text: string): string {
  let s = fold(text);
  SPACED_RE.lastIndex = 0;
  if (SPACED_RE.test(s)) s = s.replace(SPACED_RE, (m) => m.replace(/[ .\-_*\u00b7\u2022]+/g, ''));
  if (LEET_NEAR_LETTER_RE.test(s)) s = s.replace(TOKEN_RE, unleet);
  return squeeze(s).replace(BENIGN_RE, ' ');
}

/**
 * Distinct spam-trigger terms found in `text`. A term found only inside the
 * match of a longer term ("100% free" contains "free") is not counted again.
 */
export function findSpamTerms(text: string): readonly string[] {
  return termsMemo.get(text, () => scan(text));
}

// The hard check and the soft deduction both ask about the same draft.
const termsMemo = new Memo<readonly string[]>(256);

function scan(text: string): string[] {
  const s = spamNormalize(text);
  if (!ANY_RE.test(s)) return [];
  const spans: Array<{ id: string; start: number; end: number }> = [];
  for (const term of COMPILED) {
    term.re.lastIndex = 0;
    for (const m of s.matchAll(term.re)) spans.push({ id: term.id, start: m.index, end: m.index + m[0].length });
  }
  spans.sort((a, b) => b.end - b.start - (a.end - a.start));
  const kept: typeof spans = [];
  for (const sp of spans) {
    if (!kept.some((k) => k.start <= sp.start && sp.end <= k.end)) kept.push(sp);
  }
  return [...new Set(kept.map((k) => k.id))].sort();
}
