/**
 * Sessionize public API (https://sessionize.com/api/v2/<id>/view/<View>): the
 * `All` view (object of sessions, speakers, questions, categories, rooms) and the
 * `Speakers` view (array of speakers carrying their sessions).
 */
import type { Extractor, FetchPage, Page, RawSpeaker, RawTalk } from '../types.js';
import { asArray, fetchOptional, firstStr, idOf, isRecord, pageJson, str, type JsonRecord } from './structured-util.js';

const API_URL = /^https?:\/\/sessionize\.com\/api\/v2\/([a-z0-9]+)\/view\//i;

export type SessionizeApiUrls = readonly string[] & { readonly all: string; readonly speakers: string };

/** API endpoints of one Sessionize event, richest first; also addressable by name. */
export function sessionizeApiUrls(id: string): SessionizeApiUrls {
  const base = `https://sessionize.com/api/v2/${encodeURIComponent(id)}/view`;
  const all = `${base}/All`;
  const speakers = `${base}/Speakers`;
  return Object.freeze(Object.assign([all, speakers], { all, speakers }));
}

function looksLikeSpeaker(value: unknown): boolean {
  return isRecord(value) && ('fullName' in value || ('firstName' in value && 'lastName' in value)) && 'id' in value;
}

function isAllView(data: unknown): data is JsonRecord {
  if (!isRecord(data) || !Array.isArray(data.speakers) || !Array.isArray(data.sessions)) return false;
  const marker = 'questions' in data || 'categories' in data || 'rooms' in data;
  return marker && (data.speakers.length === 0 || looksLikeSpeaker(data.speakers[0]));
}

function isSpeakersView(data: unknown): data is unknown[] {
  return (
    Array.isArray(data) &&
    data.length > 0 &&
    looksLikeSpeaker(data[0]) &&
    isRecord(data[0]) &&
    ('tagLine' in data[0] || 'profilePicture' in data[0] || 'sessions' in data[0])
  );
}

/** Custom questions often carry company and job title; their wording is the event's own. */
function answersByTopic(speaker: JsonRecord, questions: Map<string, string>): { title?: string; company?: string } {
  const out: { title?: string; company?: string } = {};
  for (const answer of asArray(speaker.questionAnswers)) {
    if (!isRecord(answer)) continue;
    const question = str(answer.question) ?? questions.get(idOf(answer.questionId ?? answer.id) ?? '') ?? '';
    const value = str(answer.answer) ?? str(answer.answerValue);
    if (!value) continue;
    if (/company|organi[sz]ation|employer/i.test(question)) out.company ??= value;
    else if (/job title|position|\brole\b|^title$/i.test(question)) out.title ??= value;
  }
  return out;
}

function toSpeaker(speaker: JsonRecord, talks: RawTalk[], questions: Map<string, string>): RawSpeaker | null {
  const joined = [str(speaker.firstName), str(speaker.lastName)].filter(Boolean).join(' ');
  const name = str(speaker.fullName) ?? joined;
  if (!name) return null;
  const links = asArray(speaker.links)
    .map((link) => (isRecord(link) ? str(link.url) : str(link)))
    .filter((url): url is string => url !== undefined);
  return {
    name,
    tagline: str(speaker.tagLine),
    bio: str(speaker.bio),
    photoUrl: str(speaker.profilePicture),
    links,
    talks,
    sourceId: idOf(speaker.id),
    ...answersByTopic(speaker, questions),
  };
}

/** Reads either API view; speakers join their talks through session ids in both directions. */
export function readSessionizeApi(data: unknown): RawSpeaker[] {
  if (isSpeakersView(data)) {
    return data.filter(isRecord).flatMap((speaker) => {
      const talks = asArray(speaker.sessions)
        .map((s) => (isRecord(s) ? firstStr(s, ['name', 'title']) : undefined))
        .filter((title): title is string => title !== undefined)
        .map((title) => ({ title }));
      return toSpeaker(speaker, talks, new Map()) ?? [];
    });
  }
  if (!isAllView(data)) return [];
  const sessions = sessionIndex(asArray(data.sessions).filter(isRecord));
  const questions = new Map(
    asArray(data.questions)
      .filter(isRecord)
      .map((q) => [idOf(q.id) ?? '', str(q.question) ?? ''] as const),
  );
  return asArray(data.speakers)
    .filter(isRecord)
    .flatMap((speaker) => toSpeaker(speaker, talksOf(speaker, sessions), questions) ?? []);
}

/** The view's sessions, in order, with where each session id and each of their speakers' ids stands among them. */
interface Sessions {
  list: JsonRecord[];
  byId: Map<string | undefined, number[]>;
  bySpeaker: Map<string | undefined, number[]>;
}

function sessionIndex(list: JsonRecord[]): Sessions {
  const byId = new Map<string | undefined, number[]>();
  const bySpeaker = new Map<string | undefined, number[]>();
  const add = (map: Map<string | undefined, number[]>, key: string | undefined, at: number) => {
    const places = map.get(key);
    if (!places) map.set(key, [at]);
    else if (places[places.length - 1] !== at) places.push(at);
  };
  list.forEach((s, at) => {
    add(byId, idOf(s.id), at);
    for (const id of asArray(s.speakers)) add(bySpeaker, idOf(isRecord(id) ? id.id : id), at);
  });
  return { list, byId, bySpeaker };
}

/** A speaker's sessions, in the view's order: those it names and those naming it (looked up, not scanned: a view of 1,000 each was a million comparisons). */
function talksOf(speaker: JsonRecord, sessions: Sessions): RawTalk[] {
  const speakerId = idOf(speaker.id);
  const own = new Set(asArray(speaker.sessions).map((s) => idOf(isRecord(s) ? s.id : s)));
  const places = new Set(sessions.bySpeaker.get(speakerId));
  for (const id of own) for (const at of sessions.byId.get(id) ?? []) places.add(at);
  return [...places]
    .sort((a, b) => a - b)
    .map((at) => sessions.list[at] as JsonRecord)
    .filter((s) => s.isServiceSession !== true)
    .flatMap((s) => {
      const title = str(s.title);
      return title ? [{ title, abstract: str(s.description) }] : [];
    });
}

export const sessionizeApi: Extractor = {
  name: 'sessionize-api',
  detect(page: Page): number {
    const data = pageJson(page);
    if (isAllView(data) || isSpeakersView(data)) return 0.95;
    return API_URL.test(page.url) ? 0.8 : 0;
  },
  async extract(page: Page, fetchPage: FetchPage): Promise<RawSpeaker[]> {
    const direct = readSessionizeApi(pageJson(page));
    if (direct.length > 0) return direct;
    // Another view of the same event (Sessions, Grid) names speakers only; All has them in full.
    const id = API_URL.exec(page.url)?.[1];
    if (!id) return [];
    const all = await fetchOptional(fetchPage, sessionizeApiUrls(id).all);
    return all ? readSessionizeApi(pageJson(all)) : [];
  },
};
