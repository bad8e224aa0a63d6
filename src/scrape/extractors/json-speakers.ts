/**
 * Speaker lists published as JSON by static sites (Hoverboard's speakers.json and
 * site-specific files): a list or an object keyed by id, with the common key
 * names for name, role, company, bio, socials and talks.
 */
import type { Extractor, FetchPage, Page, RawSpeaker } from '../types.js';
import { fetchSiblingSessions, looksLikeSpeakerList, speakerRecords, speakersFromRecords } from './speaker-records.js';
import { pageJson, parseJson } from './structured-util.js';

export const jsonSpeakers: Extractor = {
  name: 'json-speakers',
  detect(page: Page): number {
    // Below the platform extractors: their documented shapes are also "lists with names".
    return looksLikeSpeakerList(speakerRecords(pageJson(page))) ? 0.6 : 0;
  },
  async extract(page: Page, fetchPage: FetchPage): Promise<RawSpeaker[]> {
    const records = speakerRecords(pageJson(page));
    if (records.length === 0) return [];
    const sessions = await fetchSiblingSessions(page.url, fetchPage);
    return speakersFromRecords(records, sessions === null ? undefined : parseJson(sessions));
  },
};
