/** The ICP compiled once per campaign, and a speaker measured against it. */
import type { Icp, Seniority, SpeakerInput } from '../types.js';
import { buildMatcher, findHits, type Hit, type PhraseMatcher } from './matcher.js';
import { bioLeadSentence, companyOf, roleOf, talkText, type Sourced } from './profile.js';
import { isTechnicalTitle, levelsNamedBy, seniorityOf } from './seniority.js';
import { fold, squash, titleTokens } from './text.js';

export interface CompiledIcp {
  /** No list has anything in it: the user stated no preference. */
  empty: boolean;
  titles: ReadonlyArray<{ phrase: string; tokens: string[] }>;
  levels: ReadonlySet<Seniority>;
  industries: PhraseMatcher | null;
  keywords: PhraseMatcher | null;
  exclusions: PhraseMatcher | null;
  competitors: PhraseMatcher | null;
  competitorDomains: ReadonlySet<string>;
}

const LEGAL_SUFFIX = /[,.]?\s+(?:inc|ltd|llc|gmbh|ag|sa|bv|plc|corp|corporation|co|limited|srl|oy|ab)\.?$/i;
const DOMAIN_LIKE = /^(?:https?:\/\/)?(?:www\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)+)\/?$/i;

function clean(list: readonly string[] | undefined): string[] {
  return (list ?? []).map((x) => squash(String(x))).filter((x) => x.length > 0);
}

function compile(icp: Icp): CompiledIcp {
  const titles = clean(icp.titles);
  const seniority = clean(icp.seniority);
  const industries = clean(icp.industries);
  const keywords = clean(icp.keywords);
  const exclusions = clean(icp.exclusions);
  const competitors = clean(icp.competitors);
  const domains = new Set<string>();
  const names: string[] = [];
  for (const c of competitors) {
    const d = DOMAIN_LIKE.exec(c);
    if (d) {
      domains.add(fold(d[1]));
      names.push(d[1].split('.')[0]);
    } else names.push(c.replace(LEGAL_SUFFIX, ''));
  }
  const asLabels = (xs: string[]) => xs.map((x) => [x, [x]] as const);
  return {
    empty: !titles.length && !seniority.length && !industries.length && !keywords.length && !exclusions.length && !competitors.length,
    titles: titles.map((phrase) => ({ phrase, tokens: titleTokens(phrase) })).filter((t) => t.tokens.length > 0),
    levels: levelsNamedBy(seniority),
    industries: buildMatcher(asLabels(industries)),
    keywords: buildMatcher(asLabels(keywords)),
    exclusions: buildMatcher(asLabels(exclusions)),
    competitors: buildMatcher(names.map((n, i) => [competitors[i], [n]] as const)),
    competitorDomains: domains,
  };
}

const byObject = new WeakMap<Icp, CompiledIcp>();
const bySignature = new Map<string, CompiledIcp>();
const SIGNATURE_CACHE_SIZE = 256;

/**
 * Compiling builds regexes, so it is cached: by object identity for callers that
 * reuse the campaign, and by content for callers that reload it per speaker.
 */
export function compileIcp(icp: Icp | null | undefined): CompiledIcp {
  const safe: Icp = icp ?? { titles: [], seniority: [], industries: [], keywords: [], exclusions: [], competitors: [] };
  const hit = byObject.get(safe);
  if (hit) return hit;
  const signature = JSON.stringify([safe.titles, safe.seniority, safe.industries, safe.keywords, safe.exclusions, safe.competitors]);
  let compiled = bySignature.get(signature);
  if (!compiled) {
    compiled = compile(safe);
    if (bySignature.size >= SIGNATURE_CACHE_SIZE) bySignature.clear();
    bySignature.set(signature, compiled);
  }
  byObject.set(safe, compiled);
  return compiled;
}

export interface Located extends Hit {
  where: string;
}

export interface IcpMatch {
  role: Sourced | null;
  company: Sourced | null;
  seniority: Seniority;
  technical: boolean;
  /** The ICP title matched, and whether every word of it was found or only the main ones. */
  title: { phrase: string; strength: 'strong' | 'weak' } | null;
  /** null when the ICP names no levels. */
  seniorityInIcp: boolean | null;
  keywords: Located[];
  industries: Located[];
  exclusion: Located | null;
  competitor: Located | null;
}

function matchTitle(icp: CompiledIcp, role: string | null): IcpMatch['title'] {
  if (!role || icp.titles.length === 0) return null;
  const have = new Set(titleTokens(role));
  let weak: IcpMatch['title'] = null;
  for (const t of icp.titles) {
    const found = t.tokens.filter((tok) => have.has(tok)).length;
    if (found === t.tokens.length) return { phrase: t.phrase, strength: 'strong' };
    const head = t.tokens[t.tokens.length - 1];
    if (!weak && have.has(head) && found >= 2 && found * 2 >= t.tokens.length) weak = { phrase: t.phrase, strength: 'weak' };
  }
  return weak;
}

function scan(matcher: PhraseMatcher | null, fields: ReadonlyArray<readonly [string, string | null]>): Located[] {
  if (!matcher) return [];
  const out: Located[] = [];
  const seen = new Set<string>();
  for (const [where, text] of fields) {
    for (const hit of findHits(matcher, text)) {
      if (seen.has(hit.label)) continue;
      seen.add(hit.label);
      out.push({ ...hit, where });
    }
  }
  return out;
}

function linkHosts(links: readonly string[]): string[] {
  const out: string[] = [];
  for (const link of links ?? []) {
    const m = /^https?:\/\/(?:www\.)?([^/:?#]+)/i.exec(link);
    if (m) out.push(fold(m[1]));
  }
  return out;
}

function findCompetitor(icp: CompiledIcp, s: SpeakerInput, company: Sourced | null): Located | null {
  const byName = scan(icp.competitors, [
    ['company', company?.value ?? null],
    ['tagline', s.tagline],
  ]);
  if (byName.length) return byName[0];
  if (icp.competitorDomains.size === 0) return null;
  for (const host of linkHosts(s.links)) {
    if (icp.competitorDomains.has(host)) return { label: host, index: 0, text: host, where: 'links' };
  }
  return null;
}

/** Everything prequalify and qualify need to know about one speaker against one ICP. */
export function matchIcp(s: SpeakerInput, icp: CompiledIcp): IcpMatch {
  const role = roleOf(s);
  const company = companyOf(s);
  const seniority = seniorityOf(role?.value);
  const talks = talkText(s);
  const lead = bioLeadSentence(s);
  const exclusions = scan(icp.exclusions, [
    ['title', role?.value ?? null],
    ['tagline', s.tagline],
    ['company', company?.value ?? null],
    ['bio', lead],
  ]);
  return {
    role,
    company,
    seniority,
    technical: isTechnicalTitle(role?.value ?? s.tagline),
    title: matchTitle(icp, role?.value ?? null),
    seniorityInIcp: icp.levels.size ? icp.levels.has(seniority) : null,
    keywords: scan(icp.keywords, [
      ['title', role?.value ?? null],
      ['tagline', s.tagline],
      ['talk', talks],
      ['bio', s.bio],
    ]),
    industries: scan(icp.industries, [
      ['company', company?.value ?? null],
      ['tagline', s.tagline],
      ['bio', s.bio],
      ['talk', talks],
    ]),
    exclusion: exclusions[0] ?? null,
    competitor: findCompetitor(icp, s, company),
  };
}
