/**
 * Sites built with a JavaScript framework often render the speaker cards as HTML
 * and keep the programme only in the data they embed for the browser (a JSON
 * script such as Next.js's __NEXT_DATA__). A session there is an object with a
 * title and a list of speakers; a speaker whose card gave no talk gets the
 * sessions that list them by name.
 */
import type { CheerioAPI } from 'cheerio';
import type { RawSpeaker } from '../types.js';
import { cleanText, parseJsonLoose } from './html-common.js';
import { type JsonRecord, asArray, firstStr, isRecord, str } from './structured-util.js';
import { cleanTalkTitle, isSectionTitle, usable } from './talk-title.js';

const TITLE_KEYS = ['title', 'sessionTitle', 'talkTitle'] as const;
/** Keys that make an object a session, so that its "name" may be read as the title. */
const SESSION_KEYS = ['startsAt', 'startTime', 'start', 'time', 'abstract', 'description', 'room', 'slot'] as const;
/** More speakers than this is a track's or a day's roster, not one session. */
const MAX_SESSION_SPEAKERS = 8;
const SPEAKER_KEYS = ['speakers', 'speaker', 'presenters', 'presenter', 'authors', 'hosts'] as const;
const NAME_KEYS = ['name', 'fullName', 'full_name', 'displayName', 'title'] as const;
/** Embedded data can be large; past this many objects the walk stops. */
const MAX_NODES = 50_000;
const MAX_DEPTH = 40;

const fold = (text: string): string =>
  cleanText(text)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLocaleLowerCase();

function personName(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (!isRecord(value)) return undefined;
  const given = str(value.firstName ?? value.first_name ?? value.givenName);
  const family = str(value.lastName ?? value.last_name ?? value.familyName);
  return given && family ? `${given} ${family}` : firstStr(value, NAME_KEYS);
}

/** The names a session object lists as its speakers, or none when it lists no speakers. */
function sessionSpeakers(record: JsonRecord): string[] {
  for (const key of SPEAKER_KEYS) {
    const names = asArray(record[key])
      .map(personName)
      .filter((n): n is string => n !== undefined);
    if (names.length > 0) return names;
  }
  return [];
}

/** Every (title, speaker names) pair of the embedded data, in the order it holds them. */
function sessionsIn(data: unknown): Array<{ title: string; names: string[] }> {
  const found: Array<{ title: string; names: string[] }> = [];
  let nodes = 0;
  const walk = (value: unknown, depth: number): void => {
    if (nodes++ > MAX_NODES || depth > MAX_DEPTH) return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
      return;
    }
    if (!isRecord(value)) return;
    const names = sessionSpeakers(value);
    const session = names.length > 0 && names.length <= MAX_SESSION_SPEAKERS;
    const named = SESSION_KEYS.some((k) => k in value) ? str(value.name) : undefined;
    const title = session ? (firstStr(value, TITLE_KEYS) ?? named) : undefined;
    if (title) found.push({ title, names });
    for (const child of Object.values(value)) if (typeof child === 'object' && child !== null) walk(child, depth + 1);
  };
  walk(data, 0);
  return found;
}

/** The JSON a page embeds for its scripts. */
function embeddedData($: CheerioAPI): unknown[] {
  return $('script')
    .toArray()
    .filter((el) => /json/i.test(el.attribs.type ?? ''))
    .map((el) => parseJsonLoose($(el).text()))
    .filter((data) => data !== undefined);
}

/** Gives each speaker without a talk the sessions the page's embedded data lists them in. */
export function joinTalksFromData($: CheerioAPI, speakers: RawSpeaker[]): void {
  const open = new Map(speakers.filter((s) => !s.talks?.length).map((s) => [fold(s.name), s]));
  if (open.size === 0) return;
  const names = new Set(speakers.map((s) => fold(s.name)));
  for (const data of embeddedData($)) {
    for (const session of sessionsIn(data)) {
      const title = cleanTalkTitle(session.title);
      // A person record lists itself under "name": a title that is a speaker's name is no session.
      if (!usable(title, '') || isSectionTitle(title) || names.has(fold(title))) continue;
      for (const name of session.names) {
        const speaker = open.get(fold(name));
        if (!speaker) continue;
        const talks = speaker.talks ?? [];
        if (!talks.some((t) => t.title === title)) speaker.talks = [...talks, { title }];
      }
    }
  }
}
