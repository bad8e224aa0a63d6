/**
 * pretalx REST API (/api/events/<event>/speakers/ and /submissions/). Both the
 * older shape (`avatar`, submission codes, embedded speaker objects) and the
 * current one (`avatar_url`, codes everywhere) are read; lists may be plain
 * arrays (exports) or paginated {count, next, previous, results}.
 */
import type { Extractor, FetchPage, Page, RawSpeaker, RawTalk } from '../types.js';
import { asArray, fetchOptional, firstStr, idOf, isRecord, pageJson, str, type JsonRecord } from './structured-util.js';

const MAX_PAGES = 50;
const API_PATH = /^(.*?\/api\/events\/[^/]+\/)(speakers|submissions|talks)\/?$/i;
const DROPPED_STATES = new Set(['rejected', 'withdrawn', 'canceled', 'cancelled', 'deleted']);

type Kind = 'speakers' | 'submissions';

function items(data: unknown): unknown[] {
  if (Array.isArray(data)) return data;
  return isRecord(data) ? asArray(data.results) : [];
}

function kindOfItem(item: unknown): Kind | null {
  if (!isRecord(item) || typeof item.code !== 'string') return null;
  if ('title' in item && 'speakers' in item) return 'submissions';
  if ('name' in item && ('biography' in item || 'submissions' in item)) return 'speakers';
  return null;
}

function kindOf(data: unknown): Kind | null {
  if (isRecord(data) && !('results' in data && 'count' in data)) return null;
  const first = items(data)[0];
  return first === undefined ? null : kindOfItem(first);
}

/** Follows `next` links so the whole list is read, guarding against loops and runaway paging. */
async function collect(first: unknown, fetchPage: FetchPage): Promise<unknown[]> {
  const all = [...items(first)];
  const seen = new Set<string>();
  let next = isRecord(first) ? str(first.next) : undefined;
  for (let pages = 1; next && pages < MAX_PAGES && !seen.has(next); pages++) {
    seen.add(next);
    const page = await fetchOptional(fetchPage, next);
    if (!page) break;
    const data = pageJson(page);
    all.push(...items(data));
    next = isRecord(data) ? str(data.next) : undefined;
  }
  return all;
}

function speakerCode(value: unknown): string | undefined {
  return idOf(isRecord(value) ? value.code : value);
}

function toTalk(submission: JsonRecord): RawTalk | null {
  const title = str(submission.title);
  return title ? { title, abstract: str(submission.abstract) ?? str(submission.description) } : null;
}

function toSpeaker(record: JsonRecord, talks: RawTalk[], profileBase: string | null): RawSpeaker | null {
  const name = firstStr(record, ['name', 'public_name']);
  if (!name) return null;
  const code = speakerCode(record);
  return {
    name,
    bio: str(record.biography),
    photoUrl: firstStr(record, ['avatar_url', 'avatar']),
    talks,
    sourceId: code,
    profileUrl: profileBase && code ? `${profileBase}speaker/${encodeURIComponent(code)}/` : undefined,
  };
}

/**
 * Joins speakers to talks by submission code, in both directions: a speaker lists
 * its submission codes and a submission lists its speakers (codes or objects).
 * Speakers only present inside submissions (older exports) are kept too.
 */
export function readPretalxSpeakers(speakersJson: unknown, talksJson?: unknown, profileBase: string | null = null): RawSpeaker[] {
  const submissions = items(talksJson)
    .filter(isRecord)
    .filter((s) => !DROPPED_STATES.has(String(s.state ?? '').toLowerCase()));
  const talkByCode = new Map<string, RawTalk>();
  const talksBySpeaker = new Map<string, RawTalk[]>();
  const embedded = new Map<string, JsonRecord>();
  for (const submission of submissions) {
    const talk = toTalk(submission);
    const code = idOf(submission.code);
    if (!talk) continue;
    if (code) talkByCode.set(code, talk);
    for (const speaker of asArray(submission.speakers)) {
      const id = speakerCode(speaker);
      if (!id) continue;
      talksBySpeaker.set(id, [...(talksBySpeaker.get(id) ?? []), talk]);
      if (isRecord(speaker) && str(speaker.name) && !embedded.has(id)) embedded.set(id, speaker);
    }
  }
  const records = items(speakersJson).filter(isRecord);
  const known = new Set(records.map(speakerCode));
  const extra = [...embedded.entries()].filter(([id]) => !known.has(id)).map(([, s]) => s);
  return [...records, ...extra].flatMap((record) => {
    const code = speakerCode(record) ?? '';
    const byCode = asArray(record.submissions)
      .map((s) => talkByCode.get(idOf(isRecord(s) ? s.code : s) ?? ''))
      .filter((t): t is RawTalk => t !== undefined);
    const talks = [...new Set([...byCode, ...(talksBySpeaker.get(code) ?? [])])];
    return toSpeaker(record, talks, profileBase) ?? [];
  });
}

/** https://host/api/events/ev/speakers/ → https://host/api/events/ev/ and https://host/ev/ */
function apiBases(pageUrl: string): { api: string; site: string } | null {
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return null;
  }
  const match = API_PATH.exec(url.origin + url.pathname);
  if (!match) return null;
  const api = match[1];
  return { api, site: api.replace(/\/api\/events\//, '/') };
}

/** The other half of the join; "talks/" is the older name of the public submissions list. */
async function fetchCounterpart(bases: { api: string } | null, want: Kind, fetchPage: FetchPage): Promise<unknown[] | undefined> {
  if (!bases) return undefined;
  const candidates = want === 'submissions' ? ['submissions/', 'talks/'] : ['speakers/'];
  for (const path of candidates) {
    const page = await fetchOptional(fetchPage, bases.api + path);
    const data = page ? pageJson(page) : undefined;
    if (data !== undefined && (kindOf(data) === want || items(data).length === 0)) return collect(data, fetchPage);
  }
  return undefined;
}

export const pretalxApi: Extractor = {
  name: 'pretalx-api',
  detect(page: Page): number {
    if (kindOf(pageJson(page))) return 0.95;
    return apiBases(page.url) ? 0.6 : 0;
  },
  async extract(page: Page, fetchPage: FetchPage): Promise<RawSpeaker[]> {
    const data = pageJson(page);
    const kind = kindOf(data);
    if (!kind) return [];
    const bases = apiBases(page.url);
    const own = await collect(data, fetchPage);
    if (kind === 'speakers') {
      const talks = await fetchCounterpart(bases, 'submissions', fetchPage);
      return readPretalxSpeakers(own, talks, bases?.site ?? null);
    }
    // A submissions list whose speakers are bare codes needs the speakers list for names.
    const needsSpeakers = own.some((s) => isRecord(s) && asArray(s.speakers).some((sp) => !isRecord(sp)));
    const speakers = needsSpeakers ? await fetchCounterpart(bases, 'speakers', fetchPage) : undefined;
    return readPretalxSpeakers(speakers ?? [], own, bases?.site ?? null);
  },
};
