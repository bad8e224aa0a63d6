/**
 * Picks the extractor that recognises a page, runs it, and returns cleaned,
 * de-duplicated speakers, each with the evidence of its fields. Extractors only see
 * the page and the guarded fetch.
 */
import type { Extractor, FetchPage, LeftOut, Page, ScrapedSpeaker } from './types.js';
import { extractors as registered } from './extractors/index.js';
import { dedupeKey, foldText, isPlaceholderName } from './normalize.js';
import { withSectionKinds } from './session-kind.js';
import { withSharedSessions } from './shared-session.js';
import { normalizeSpeaker } from './speaker-record.js';
import { eventNameOf } from './event-name.js';
import { PageText, attachEvidence } from './evidence.js';
import { keepPeople, notHtmlReason } from './page-kind.js';
import { inGivenNameOrder } from './name-order.js';
import { readLinkedPages } from './linked-pages.js';

export interface ExtractOutcome {
  /** The extractor whose speakers were kept, or "none". */
  extractor: string;
  speakers: ScrapedSpeaker[];
  /** Every URL fetched besides the page itself, in fetch order. */
  followed: string[];
  /** The event the page names (title, schema.org Event, the platform's event name), or null. */
  eventName: string | null;
  /** Entries seen beside the speakers and not kept (staff, placeholders, duplicates, products), in page order. */
  leftOut: LeftOut[];
  /** Why the page gave nobody, when that is known (not an HTML page, not a speakers page); else null. */
  warning: string | null;
}

function safeDetect(extractor: Extractor, page: Page): number {
  try {
    const score = extractor.detect(page);
    return Number.isFinite(score) ? score : 0;
  } catch {
    return 0;
  }
}

/** Highest score first; equal scores keep registration order. */
export function rankExtractors(page: Page, list: readonly Extractor[] = registered): Extractor[] {
  return list
    .map((extractor, order) => ({ extractor, order, score: safeDetect(extractor, page) }))
    .filter((c) => c.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map((c) => c.extractor);
}

export async function extractSpeakers(page: Page, fetchPage: FetchPage, list: readonly Extractor[] = registered): Promise<ExtractOutcome> {
  const followed: string[] = [];
  const fetched: Page[] = [];
  const recordingFetch: FetchPage = async (url) => {
    followed.push(url);
    const got = await fetchPage(url);
    fetched.push(got);
    return got;
  };
  const notHtml = notHtmlReason(page);
  if (notHtml) return { extractor: 'none', speakers: [], followed, eventName: null, leftOut: [], warning: notHtml };
  let refused: { warning: string; leftOut: LeftOut[] } | undefined;
  for (const extractor of rankExtractors(page, list)) {
    const leftOut: LeftOut[] = [];
    let raw;
    try {
      raw = await extractor.extract(page, recordingFetch, (text, reason) => leftOut.push({ text, reason }));
    } catch {
      // A platform can change shape under us; the next candidate may still read the page.
      continue;
    }
    const people = keepPeople(
      withoutPlaceholders(
        raw.map((r) => normalizeSpeaker(r, page.url)),
        leftOut,
      ),
      leftOut,
    );
    const merged = mergeDuplicates(people.speakers, (dropped, kept) => leftOut.push({ text: dropped.name, reason: `duplicate, merged into "${kept.name}"` }));
    if (merged.length > 0) {
      const speakers = withSharedSessions(withSectionKinds(await readLinkedPages(page, merged, recordingFetch), page));
      const eventName = eventNameOf(page);
      const text = new PageText(page, fetched);
      // Evidence is read with the names as the page writes them; a family-first page's names are then turned round.
      const withEvidence = inGivenNameOrder(attachEvidence(speakers, text, eventName));
      return { extractor: extractor.name, speakers: withEvidence, followed, eventName, leftOut: inPageOrder(leftOut, text), warning: null };
    }
    if (people.warning) refused ??= { warning: people.warning, leftOut };
  }
  return { extractor: 'none', speakers: [], followed, eventName: null, leftOut: refused?.leftOut ?? [], warning: refused?.warning ?? null };
}

function withoutPlaceholders(speakers: ScrapedSpeaker[], leftOut: LeftOut[]): ScrapedSpeaker[] {
  return speakers.filter((s) => {
    const placeholder = isPlaceholderName(s.name);
    if (placeholder && s.name.trim()) leftOut.push({ text: s.name, reason: 'placeholder, not a name' });
    return !placeholder;
  });
}

/** Left-out entries sorted by where the page shows them; those it does not show as written go last. */
function inPageOrder(leftOut: LeftOut[], text: PageText): LeftOut[] {
  const at = leftOut.map((l) => text.positionOf(l.text) ?? Infinity);
  return leftOut
    .map((l, i) => ({ l, i }))
    .sort((a, b) => (at[a.i] as number) - (at[b.i] as number) || a.i - b.i)
    .map(({ l }) => l);
}

function richness(s: ScrapedSpeaker): number {
  const fields = [s.title, s.company, s.tagline, s.bio, s.linkedinUrl, s.companyLinkedinUrl, s.photoUrl, s.profileUrl];
  return fields.filter((f) => f != null).length * 1000 + s.links.length * 10 + s.talks.length + (s.bio?.length ?? 0) / 1e6;
}

/** Keeps the richer record's fields, fills its gaps from the other, unions links and talks. */
export function mergeSpeakers(a: ScrapedSpeaker, b: ScrapedSpeaker): ScrapedSpeaker {
  const [rich, poor] = richness(b) > richness(a) ? [b, a] : [a, b];
  const sourceId = rich.sourceId ?? poor.sourceId;
  const talks = [...rich.talks];
  for (const talk of poor.talks) {
    const known = talks.find((t) => foldText(t.title) === foldText(talk.title));
    if (!known) talks.push(talk);
    else if (!known.abstract && talk.abstract) talks[talks.indexOf(known)] = { ...known, abstract: talk.abstract };
  }
  return {
    name: rich.name || poor.name,
    title: rich.title ?? poor.title,
    company: rich.company ?? poor.company,
    tagline: rich.tagline ?? poor.tagline,
    bio: rich.bio ?? poor.bio,
    talks,
    linkedinUrl: rich.linkedinUrl ?? poor.linkedinUrl,
    companyLinkedinUrl: rich.companyLinkedinUrl ?? poor.companyLinkedinUrl,
    links: [...new Set([...rich.links, ...poor.links])],
    photoUrl: rich.photoUrl ?? poor.photoUrl,
    profileUrl: rich.profileUrl ?? poor.profileUrl,
    ...(sourceId ? { sourceId } : {}),
    evidence: {},
  };
}

function nameKey(s: ScrapedSpeaker): string {
  return `name:${foldText(s.name)}`;
}

/** The same LinkedIn profile is the same person; otherwise a source id, a profile or a company tells them apart. */
function compatible(a: ScrapedSpeaker, b: ScrapedSpeaker): boolean {
  if (a.linkedinUrl && a.linkedinUrl === b.linkedinUrl) return true;
  if (a.sourceId && b.sourceId && a.sourceId !== b.sourceId) return false;
  if (a.linkedinUrl && b.linkedinUrl && a.linkedinUrl !== b.linkedinUrl) return false;
  return !a.company || !b.company || foldText(a.company) === foldText(b.company);
}

/**
 * Merges records with the same dedupeKey, and records with the same name when
 * nothing tells them apart. Records the source itself gave different ids stay
 * separate: two accounts named "Mo" on one schedule are two entries there.
 */
export function mergeDuplicates(speakers: ScrapedSpeaker[], onMerge?: (dropped: ScrapedSpeaker, kept: ScrapedSpeaker) => void): ScrapedSpeaker[] {
  const merged: ScrapedSpeaker[] = [];
  const byKey = new Map<string, number[]>();
  const remember = (key: string, index: number) => {
    const list = byKey.get(key) ?? [];
    if (!list.includes(index)) byKey.set(key, [...list, index]);
  };
  for (const speaker of speakers) {
    const candidates = [...(byKey.get(dedupeKey(speaker)) ?? []), ...(byKey.get(nameKey(speaker)) ?? [])];
    let index = candidates.find((i) => compatible(merged[i], speaker));
    if (index === undefined) index = merged.push(speaker) - 1;
    else {
      onMerge?.(speaker, merged[index]);
      merged[index] = mergeSpeakers(merged[index], speaker);
    }
    remember(dedupeKey(merged[index]), index);
    remember(nameKey(speaker), index);
  }
  return merged;
}
