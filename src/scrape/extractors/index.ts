/**
 * Every extractor the dispatcher consults, in tie-break order. Adding one is one
 * import and one entry. Scores: platform extractors answer 0.8–1 on their
 * documented structure, generic data-list readers (JSON, YAML) 0.6–0.7, and
 * HTML heuristics stay at or below 0.3 (tables with a header row 0.3, "Title (Name)" programmes 0.2, cards 0.1, labelled speaker fields 0.05) so they only win when nothing specific
 * recognises the page.
 */
import type { Extractor } from '../types.js';
import { sessionizeApi } from './sessionize-api.js';
import { pretalxApi } from './pretalx-api.js';
import { frabSchedule } from './frab-schedule.js';
import { pentabarfXml } from './pentabarf-xml.js';
import { yamlSpeakers } from './yaml-speakers.js';
import { jsonSpeakers } from './json-speakers.js';
import { htmlSessionizeEmbed } from './html-sessionize-embed.js';
import { htmlPretalx } from './html-pretalx.js';
import { htmlSched } from './html-sched.js';
import { htmlWordcamp } from './html-wordcamp.js';
import { htmlSchemaOrg } from './html-schema-org.js';
import { htmlTable } from './html-table.js';
import { htmlAgendaLinks } from './html-agenda-links.js';
import { htmlGeneric } from './html-generic.js';
import { htmlLabelledSpeakers } from './html-labelled-speakers.js';

export const extractors: Extractor[] = [
  sessionizeApi,
  pretalxApi,
  frabSchedule,
  pentabarfXml,
  yamlSpeakers,
  jsonSpeakers,
  htmlSessionizeEmbed,
  htmlPretalx,
  htmlSched,
  htmlWordcamp,
  htmlSchemaOrg,
  htmlTable,
  htmlAgendaLinks,
  htmlGeneric,
  htmlLabelledSpeakers,
];
