/**
 * frab / c3voc `schedule.json` (schedule.conference.days[].rooms{}[].events[]),
 * as exported by frab itself (`public_name`) and by pretalx (`name`, `code`,
 * `biography`). A person appears once per event, so persons are merged by id.
 */
import type { Extractor, Page, RawSpeaker, RawTalk } from '../types.js';
import { asArray, firstStr, idOf, isRecord, pageJson, str, type JsonRecord } from './structured-util.js';

function conferenceOf(data: unknown): JsonRecord | null {
  if (!isRecord(data) || !isRecord(data.schedule)) return null;
  const conference = data.schedule.conference;
  return isRecord(conference) && Array.isArray(conference.days) ? conference : null;
}

function eventsOf(conference: JsonRecord): JsonRecord[] {
  const events: JsonRecord[] = [];
  for (const day of asArray(conference.days)) {
    if (!isRecord(day) || !isRecord(day.rooms)) continue;
    for (const room of Object.values(day.rooms)) events.push(...asArray(room).filter(isRecord));
  }
  return events;
}

function personId(person: JsonRecord): string | undefined {
  return idOf(person.guid) ?? idOf(person.code) ?? idOf(person.id);
}

function personLinks(person: JsonRecord): string[] {
  return asArray(person.links)
    .map((link) => (isRecord(link) ? firstStr(link, ['url', 'href']) : str(link)))
    .filter((url): url is string => url !== undefined);
}

function eventTalk(event: JsonRecord): RawTalk | null {
  const title = str(event.title);
  if (!title) return null;
  return { title, abstract: str(event.abstract) ?? str(event.description) };
}

/** Reads every distinct person of a schedule, with the titles of the events they appear in. */
export function readFrabSchedule(data: unknown): RawSpeaker[] {
  const conference = conferenceOf(data);
  if (!conference) return [];
  const people = new Map<string, RawSpeaker>();
  for (const event of eventsOf(conference)) {
    const talk = eventTalk(event);
    for (const person of asArray(event.persons).filter(isRecord)) {
      const name = firstStr(person, ['public_name', 'name', 'full_public_name']);
      if (!name) continue;
      const id = personId(person);
      const key = id ? `id:${id}` : `name:${name.toLowerCase()}`;
      const known = people.get(key) ?? {
        name,
        sourceId: id,
        bio: str(person.biography),
        photoUrl: firstStr(person, ['avatar', 'avatar_url', 'image']),
        links: personLinks(person),
        talks: [],
      };
      if (talk && !known.talks?.some((t) => t.title === talk.title)) known.talks?.push(talk);
      known.bio ??= str(person.biography);
      people.set(key, known);
    }
  }
  return [...people.values()];
}

export const frabSchedule: Extractor = {
  name: 'frab-schedule',
  detect(page: Page): number {
    return conferenceOf(pageJson(page)) ? 0.95 : 0;
  },
  async extract(page: Page): Promise<RawSpeaker[]> {
    return readFrabSchedule(pageJson(page));
  },
};
