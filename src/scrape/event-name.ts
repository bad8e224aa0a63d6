/**
 * The event a speaker page belongs to, as the page itself names it: a schema.org Event
 * in JSON-LD, the platform's own event name (frab/c3voc `conference.title`, a JSON
 * `event.name`), else the page title without its "Speakers |" decoration. Nothing is
 * guessed from a URL slug: a draft that names the conference must name it correctly.
 */
import { cleanText, isHtmlPage, loadHtml, parseJsonLoose } from './extractors/html-common.js';
import type { Page } from './types.js';

const MAX_NAME = 80;
/**
 * What a page calls its list or its programme, in the languages conference sites are written
 * in: a page title made of one of these ("Sprekers", "Programação", "Prelegenci") names the
 * page, not the event.
 */
const PAGE_WORDS =
  'speakers?|sessions?|schedule|programme|program|agenda|talks?|line-?up|presenters?|' +
  'ponentes|ponents|conferenciants|oradores|palestrantes|conferencistas|programa|programação|programacao|horario|cronograma|' +
  'orateurs|intervenants|conférenciers|conferenciers|programme|calendrier|' +
  'referenten|sprecher(?:innen)?|vortragende|programm|zeitplan|vorträge|' +
  'relatori|programma|sprekers|prelegenci|mówcy|' +
  'докладчики|спикеры|спікери|програма|программа|' +
  '講演者|登壇者|スピーカー|講師|プログラム|タイムテーブル|讲者|嘉宾|演讲嘉宾|议程|日程';
/** "Our", "all", "the" in the languages of PAGE_WORDS: what is left of "Nos intervenants" once the page word goes. */
const LEAD_WORDS =
  'our|all|the|meet the|featured|confirmed|nos|nuestros|nuestras|nossos|nossas|los|las|les|os|as|unsere|die|i nostri|le nostre|gli|i|nasi|onze|de|la|el|o';
/** Words a page title adds around the event's name, or all that is left of it. */
const GENERIC = new RegExp(`^(?:(?:${LEAD_WORDS})\\s+)?(?:${PAGE_WORDS}|home|people|call for (?:papers|speakers)|cfp)$|^(?:${LEAD_WORDS})$`, 'iu');
const EDGE_WORDS = new RegExp(`^(?:${PAGE_WORDS})\\s+(?:of|at|for|from|de|du|des|der|di|do|da)?\\s*|\\s+(?:${PAGE_WORDS})$`, 'iu');
/** Quotation marks and arrows a heading is dressed in ("« BSidesROC", "» Orateurs"). */
const DRESSING = /^[\s«»‹›"'“”„<>→←|•·:–—-]+|[\s«»‹›"'“”„<>→←|•·:–—-]+$/gu;
/** Platforms whose name sits in titles and site names without being the event. */
const PLATFORM = /^(?:sessionize|pretalx|sched|frab|indico|eventbrite|meetup|wordpress|wordcamp\.org|hoverboard)$/i;

function clean(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const text = cleanText(raw).replace(DRESSING, '');
  if (!text || text.length > MAX_NAME || !/\p{L}/u.test(text) || PLATFORM.test(text) || GENERIC.test(text)) return null;
  return text;
}

/** "Speakers | DrupalCamp Wrocław" gives "DrupalCamp Wrocław"; "DemoConf speakers" gives "DemoConf". */
export function eventFromTitle(title: string): string | null {
  const segments = cleanText(title)
    .split(/\s+[|•·–—-]\s+|\s*[|•·]\s*|:\s+/)
    .map((s) => s.replace(DRESSING, '').replace(EDGE_WORDS, '').trim())
    .filter((s) => s && !GENERIC.test(s) && !PLATFORM.test(s));
  return clean(segments[0]);
}

function isEventType(type: unknown): boolean {
  const types = Array.isArray(type) ? type : [type];
  return types.some((t) => typeof t === 'string' && /Event$/.test(t));
}

/** The first schema.org Event's name in the page's JSON-LD blocks, searched through @graph and lists. */
function jsonLdEvent(node: unknown, depth = 0): string | null {
  if (depth > 6 || node === null || typeof node !== 'object') return null;
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = jsonLdEvent(item, depth + 1);
      if (found) return found;
    }
    return null;
  }
  const record = node as Record<string, unknown>;
  if (isEventType(record['@type'])) {
    const name = clean(record.name);
    if (name) return name;
  }
  return jsonLdEvent(record['@graph'], depth + 1) ?? jsonLdEvent(record.superEvent, depth + 1);
}

function fromHtml(body: string): string | null {
  const $ = loadHtml(body);
  for (const el of $('script[type="application/ld+json"]').toArray()) {
    const found = jsonLdEvent(parseJsonLoose($(el).text()));
    if (found) return found;
  }
  const named = eventFromTitle($('title').first().text()) ?? clean($('meta[property="og:site_name"]').attr('content'));
  return named && withoutStaleYear(named, body);
}

const YEAR_RE = /(?<!\d)(?:19[89]\d|20\d\d)(?!\d)/g;
/** Another year stated this often in the page is the edition it is about. */
const OTHER_YEAR = 10;

/**
 * A conference site is often last year's copied over: its title still says "European Testing
 * Conference 2016" while every link and date on the page says 2017. A year the page states
 * nowhere but in its head, beside another it states a dozen times or more, is stale: the name
 * is kept without it rather than given a year the page does not support.
 */
export function withoutStaleYear(name: string, html: string): string {
  const years = name.match(YEAR_RE);
  if (!years || years.length !== 1) return name;
  const year = years[0] as string;
  const head = html.search(/<\/head>/i);
  const counts = new Map<string, number>();
  for (const y of html.slice(head < 0 ? 0 : head).match(YEAR_RE) ?? []) counts.set(y, (counts.get(y) ?? 0) + 1);
  if (counts.has(year) || Math.max(0, ...counts.values()) < OTHER_YEAR) return name;
  const bare = cleanText(name.replace(YEAR_RE, ' ').replace(/\s*[-–—,:]\s*$/, ''));
  return bare && /\p{L}/u.test(bare) ? bare : name;
}

function fromJson(body: string): string | null {
  // Parsing a large speaker list a second time costs memory; only a body that has one of
  // the keys read below is parsed.
  if (!/"(?:conference|event)"\s*:/.test(body)) return null;
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const at = (v: unknown, key: string): unknown => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined);
  // pretalx names are localised objects ({"en": "JuliaCon 2023"}).
  const localised = (v: unknown) => (v && typeof v === 'object' ? Object.values(v as Record<string, unknown>).find((x) => typeof x === 'string') : v);
  return (
    clean(at(at(at(data, 'schedule'), 'conference'), 'title')) ??
    clean(localised(at(at(data, 'event'), 'name'))) ??
    clean(at(at(data, 'conference'), 'title')) ??
    clean(at(at(data, 'conference'), 'name'))
  );
}

/** The event's name as the page states it, or null when it states none. */
export function eventNameOf(page: Page): string | null {
  try {
    if (/json/.test(page.contentType)) return fromJson(page.body);
    if (isHtmlPage(page)) return fromHtml(page.body);
  } catch {
    // A page that breaks this reader still has its speakers; it just names no event.
  }
  return null;
}
