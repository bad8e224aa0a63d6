/**
 * Signals: the facts a draft is allowed to use. Each carries the exact text it was
 * read from, so a reviewer (or the QA gate) can check any claim against its source.
 */
import type { CampaignBrief, Enrichment, Signal, SpeakerInput } from '../types.js';
import { compileIcp } from './icp.js';
import { findHits, type PhraseMatcher } from './matcher.js';
import { isSessionKind } from './facts.js';
import { companyOf } from './profile.js';
import { escapeRegex, fold, isShouting, sentenceAround, sentences, squash } from './text.js';
import { THEME_MATCHER } from './themes.js';

const MAX_TALKS = 3;
const MAX_THEMES = 6;
const MAX_COMPANY_SENTENCES = 2;
const MAX_FACT_LENGTH = 240;

/** Link text a page put where a talk title belongs ("View presentation", "Slides"). */
const NOT_A_TALK =
  /^(?:(?:view|watch|download|see|open|read)(?: the)? (?:presentation|slides|video|recording|talk|session|more)|slides|video|recording|presentation|tba|tbd|tbc|to be announced|coming soon)$/i;

function talkSignals(s: SpeakerInput, url: string | null): Signal[] {
  const out: Signal[] = [];
  for (const t of s.talks ?? []) {
    const value = squash(t.title ?? '');
    if (value && !NOT_A_TALK.test(value) && !isSessionKind(value)) out.push({ kind: 'talk_topic', value, sourceText: t.title, sourceUrl: url });
    if (out.length >= MAX_TALKS) break;
  }
  return out;
}

function roleSignal(s: SpeakerInput, e: Enrichment, url: string | null): Signal[] {
  if (!e.role) return [];
  const needle = fold(e.role);
  const source = [s.title, s.tagline, s.bio].find((t) => t && fold(t).includes(needle));
  if (!source) return [{ kind: 'role', value: e.role, sourceText: e.role, sourceUrl: null }];
  const text = source === s.bio ? sentenceAround(source, fold(source).indexOf(needle)) : source;
  return [{ kind: 'role', value: e.role, sourceText: text, sourceUrl: url }];
}

function companySignals(s: SpeakerInput, e: Enrichment, url: string | null): Signal[] {
  const company = companyOf(s);
  if (!company) return [];
  const out: Signal[] = [{ kind: 'company_fact', value: company.value, sourceText: company.text, sourceUrl: url }];
  if (e.companyWebsite && e.companyDomain) {
    out.push({ kind: 'company_fact', value: `website ${e.companyDomain}`, sourceText: e.companyWebsite, sourceUrl: e.companyWebsite });
  }
  const name = fold(company.value);
  if (!s.bio || name.length < 2) return out;
  let found = 0;
  for (const sentence of sentences(s.bio)) {
    if (found >= MAX_COMPANY_SENTENCES) break;
    if (sentence.length > MAX_FACT_LENGTH || !fold(sentence).includes(name)) continue;
    out.push({ kind: 'company_fact', value: squash(sentence), sourceText: sentence, sourceUrl: url });
    found++;
  }
  return out;
}

/** Theme fields in the order a draft should prefer them: what they chose to talk about first. */
function themeFields(s: SpeakerInput): string[] {
  const fields: string[] = [];
  for (const t of s.talks ?? []) {
    fields.push(t.title);
    if (t.abstract) fields.push(t.abstract);
  }
  for (const f of [s.title, s.tagline, s.bio]) if (f) fields.push(f);
  return fields;
}

const HAS_CAPITAL = /\p{Lu}/u;

/**
 * The label, unless it is a name the text never wrote ("Kubernetes" found through
 * "k8s"): then the words actually written, so a draft never names what the source did not.
 */
function themeValue(label: string, written: string, field: string, index: number, fields: readonly string[]): string {
  // A keyword typed in lower case ("postgres") is said the way the speaker wrote it
  // ("Postgres") only where the capital is the speaker's choice: not a sentence start, a
  // Title Case talk title, or part of a longer name ("Power Platform").
  if (!HAS_CAPITAL.test(label)) {
    if (!TITLE_WORD.test(written) || isShouting(written)) return label;
    return properNoun(label, written, field, index, fields) ? written : label;
  }
  if (wholeWord(label).test(field)) return label;
  return isShouting(written) ? written.toLowerCase() : written;
}

const TITLE_WORD = /^\p{Lu}/u;
/** Topic words that are plain nouns: capitalised only by a title or a sentence start. */
const COMMON_TOPICS = new Set(
  `platform platforms observability security cloud data engineering infrastructure testing performance design
  accessibility privacy leadership architecture monitoring tracing reliability serverless mobile frontend backend web
  database databases api apis devops agile microservices automation analytics scalability hiring mentoring`.split(/\s+/),
);

const titleCaseMemo = new Map<string, boolean>();

function isTitleCase(field: string): boolean {
  let known = titleCaseMemo.get(field);
  if (known === undefined) {
    if (titleCaseMemo.size >= 2000) titleCaseMemo.clear();
    known = titleCased(field);
    titleCaseMemo.set(field, known);
  }
  return known;
}

function titleCased(field: string): boolean {
  const words = field.split(/\s+/).filter((w) => /^\p{L}{4,}/u.test(w));
  return words.length > 0 && words.filter((w) => TITLE_WORD.test(w)).length / words.length >= 0.6;
}

/** How the word is written at `index`: in lower case, capitalised by choice, or capitalised by position. */
function writtenAs(field: string, index: number, written: string): 'lower' | 'chosen' | 'position' {
  if (!TITLE_WORD.test(written)) return 'lower';
  const before = field.slice(0, index).trimEnd();
  if (before === '' || /[.!?:\n"“(]$/.test(before) || isTitleCase(field)) return 'position';
  const prev = /(\S+)$/.exec(before)?.[1] ?? '';
  return TITLE_WORD.test(prev) ? 'position' : 'chosen';
}

/** The speaker writes the word with a capital by choice, or it is a name only ever seen in titles. */
function properNoun(label: string, written: string, field: string, index: number, fields: readonly string[]): boolean {
  const seen = new Set<string>();
  const g = everyWord(label);
  for (const f of fields) for (const m of f.matchAll(g)) seen.add(writtenAs(f, m.index, m[0]));
  seen.add(writtenAs(field, index, written));
  if (seen.has('lower')) return false;
  if (seen.has('chosen')) return true;
  return !COMMON_TOPICS.has(label.toLowerCase());
}

const wordRes = new Map<string, RegExp>();

const everyRes = new Map<string, RegExp>();

/** The same whole-word match, for every occurrence (matchAll resets it on each use). */
function everyWord(label: string): RegExp {
  let re = everyRes.get(label);
  if (!re) {
    re = new RegExp(wholeWord(label).source, 'giu');
    everyRes.set(label, re);
  }
  return re;
}

/** "Julia" inside "JuliaCon" is not the word Julia. */
function wholeWord(label: string): RegExp {
  let re = wordRes.get(label);
  if (!re) {
    re = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegex(label)}(?![\\p{L}\\p{N}])`, 'iu');
    wordRes.set(label, re);
  }
  return re;
}

function themeSignals(s: SpeakerInput, keywords: PhraseMatcher | null, url: string | null): Signal[] {
  const out: Signal[] = [];
  const seen = new Set<string>();
  const fields = themeFields(s);
  // Campaign keywords first: they are what the user cares about.
  for (const matcher of [keywords, THEME_MATCHER]) {
    for (const field of fields) {
      for (const hit of findHits(matcher, field)) {
        const key = fold(hit.label);
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({
          kind: 'theme',
          value: themeValue(hit.label, hit.text, field, hit.index, fields),
          sourceText: sentenceAround(field, hit.index),
          sourceUrl: url,
        });
        if (out.length >= MAX_THEMES) return out;
      }
    }
  }
  return out;
}

export function researchSpeaker(s: SpeakerInput, e: Enrichment, c: CampaignBrief): Signal[] {
  const url = s.profileUrl ?? s.sourceUrl ?? null;
  const keywords = compileIcp(c.icp).keywords;
  return [...talkSignals(s, url), ...roleSignal(s, e, url), ...companySignals(s, e, url), ...themeSignals(s, keywords, url)];
}
