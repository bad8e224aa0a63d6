/**
 * Speaker lists kept as YAML, chiefly Jekyll `_data/speakers.yml` (GDG Zeppelin:
 * name + surname, company, title, social[]), joined to a sibling sessions.yml
 * whose sessions name speakers by id.
 */
import { parse } from 'yaml';
import type { Extractor, FetchPage, Page, RawSpeaker } from '../types.js';
import { fetchSiblingSessions, looksLikeSpeakerList, speakerRecords, speakersFromRecords } from './speaker-records.js';

const YAML_TYPES = /(^|[/+-])ya?ml$/;

function isYamlPage(page: Page): boolean {
  let path = '';
  try {
    path = new URL(page.url).pathname;
  } catch {
    // An unparseable URL still leaves the media type to go by.
  }
  return YAML_TYPES.test(page.contentType) || /\.ya?ml$/i.test(path);
}

const parsed = new WeakMap<Page, unknown>();

export function parseYaml(text: string): unknown {
  try {
    // Jekyll data files are plain YAML; unique keys are not enforced there, so neither here.
    return parse(text, { uniqueKeys: false, maxAliasCount: 100 }) as unknown;
  } catch {
    return undefined;
  }
}

function pageYaml(page: Page): unknown {
  if (!parsed.has(page)) parsed.set(page, isYamlPage(page) ? parseYaml(page.body) : undefined);
  return parsed.get(page);
}

export const yamlSpeakers: Extractor = {
  name: 'yaml-speakers',
  detect(page: Page): number {
    return looksLikeSpeakerList(speakerRecords(pageYaml(page))) ? 0.7 : 0;
  },
  async extract(page: Page, fetchPage: FetchPage): Promise<RawSpeaker[]> {
    const records = speakerRecords(pageYaml(page));
    if (records.length === 0) return [];
    const sessions = await fetchSiblingSessions(page.url, fetchPage);
    return speakersFromRecords(records, sessions === null ? undefined : parseYaml(sessions));
  },
};
