/**
 * Pentabarf `schedule.xml` as published by FOSDEM and by pretalx/frab exports:
 * <schedule><day><room><event><title/><abstract/><persons><person id="..">Name</person>.
 */
import * as cheerio from 'cheerio';
import type { Extractor, Page, RawSpeaker } from '../types.js';

function looksLikePentabarf(page: Page): boolean {
  const head = page.body
    .slice(0, 4096)
    .replace(/^\uFEFF/, '')
    .trimStart();
  const xmlish = /xml/.test(page.contentType) || head.startsWith('<?xml') || head.startsWith('<schedule');
  return xmlish && /<schedule[\s>]/.test(head) && /<event[\s>]/.test(page.body) && /<persons[\s>]/.test(page.body);
}

/** Reads each distinct person (by id, else by name) with the titles of their events. */
export function readPentabarfXml(xml: string): RawSpeaker[] {
  const $ = cheerio.load(xml, { xml: true });
  const people = new Map<string, RawSpeaker>();
  $('schedule event').each((_, event) => {
    const $event = $(event);
    const title = $event.children('title').first().text().trim();
    const abstract = $event.children('abstract').first().text().trim() || $event.children('description').first().text().trim();
    $event.find('persons > person').each((__, person) => {
      const $person = $(person);
      const name = $person.text().replace(/\s+/g, ' ').trim();
      if (!name) return;
      const id = $person.attr('guid') ?? $person.attr('id');
      const key = id ? `id:${id}` : `name:${name.toLowerCase()}`;
      const known = people.get(key) ?? { name, talks: [], sourceId: id };
      if (title && !known.talks?.some((t) => t.title === title)) {
        known.talks?.push(abstract ? { title, abstract } : { title });
      }
      people.set(key, known);
    });
  });
  return [...people.values()];
}

export const pentabarfXml: Extractor = {
  name: 'pentabarf-xml',
  detect(page: Page): number {
    return looksLikePentabarf(page) ? 0.95 : 0;
  },
  async extract(page: Page): Promise<RawSpeaker[]> {
    return readPentabarfXml(page.body);
  },
};
