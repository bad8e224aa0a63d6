/**
 * What a talk title looks like on a page: a "Talk: …" line, a link to the session's
 * page, an element classed as the talk or session; and what is not one (a session
 * kind alone, a control, a heading naming a part of the page).
 */
import { type Element, classList, cleanText, textOf } from './html-common.js';
import { isStaffHeading } from './html-roles.js';
import { isLabelValue } from '../normalize-org.js';
import { looksLikeJobTitle } from '../normalize-tagline.js';

/** Labels that introduce a talk title, in the languages conference pages are written in. */
const LABEL_WORDS =
  '(?:(?:opening|closing|invited)\\s+)?keynote(?:\\s+(?:lecture|talk|address|speech))?|(?:invited|plenary)\\s+(?:talk|lecture)|title|' +
  'talks?|sessions?|session topic|topics?|workshops?|presenting|presentation|lecture|tutorial|title of (?:the )?talk|talk title|session title|' +
  'imparte|charla|ponencia|taller|palestra|sess[aã]o|sessie|lezing|vortrag|thema|titel|sessione|intervento|conférence|intervention|atelier|exposé|prelekcja|wykład|temat';
const TALK_LABEL = new RegExp(`^(?:${LABEL_WORDS})\\s*[:：]\\s*(.+)$`, 'i');
/** A label standing alone ("Sessie:"), with the title in the element after it. */
export const BARE_LABEL = new RegExp(`^(?:${LABEL_WORDS})\\s*[:：]?$`, 'i');
const TALK_PATH = /\/(?:sessions?|sessies|talks?|topics|presentations?|lectures?|events?|agenda|program(?:me)?|schedule)\/(?:[^/?#]+|#.+)/i;
const TALK_ANCHOR = /^#(?:session|talk|sessie|sesion|sessao|vortrag|lecture|presentation|workshop)s?[-_]?[\w-]+/i;
const TALK_QUERY = /[?&](?:session|talk|sessionid|talkid)s?=/i;
const PERSON_PATH = /\/(?:speakers?|people|persons?|profiles?|authors?|users?|members?|team)(?:\/|$)/i;
/** A talk's element classed in English or in the page's language ("conferencia", "palestra", "vortrag", "ponencia"). */
const TALK_CLASS =
  /^(?:[\w]+[-_]+)*(?:talks?|sessions?|topics?|presentations?|charlas?|ponencias?|conferencias?|palestras?|conferências?|vortr(?:a|ä)ge?|lezing(?:en)?|sessies?|prelekcj[ae])(?:[-_]+(?:title|name|link|heading|titulo|título|titel|titre))?$/i;
const NOT_TALK_CLASS = /time|date|room|track|level|speaker|info|list|items?$|wrapper|container|tag|type|format|duration/i;
const CONTROL =
  /^(read more|more|details|view( session| talk| details)?|see (session|talk)|session|talk|watch|slides|video|recording|(?:view|download|see|get)( the)? (?:presentation|slides|video|recording|pdf))$/i;
const QUOTES: Array<[string, string]> = [
  ['»', '«'],
  ['«', '»'],
  ['“', '”'],
  ['„', '“'],
  ['"', '"'],
  ["'", "'"],
  ['‘', '’'],
];
const MAX_TITLE = 200;

/**
 * What a programme writes before a title to tag it or give its state ("[Keynote] ",
 * "(cancelled) "): not part of the title.
 */
const TAG_PREFIX =
  /^(?:\[[^\]]{2,30}\]\s*|\((?:cancel+ed|annulé|annulée|abgesagt|entfällt|cancelado|cancelada|annullato|annullata|geannuleerd|odwołane)\)\s*)/iu;

/**
 * "(limited seats ~25)", "(sold out)", "(room 3)", "(max. 20 Plätze)": a bracket after the title giving the
 * slot's seats, booking state or room is the programme's logistics, never part of the title.
 */
const LOGISTICS_BRACKET = new RegExp(
  '\\s*[(\\[](?:[^()\\[\\]]*(?:\\b(?:seats?|plazas|vagas|plätze|posti|capacity)\\b|\\bmax\\.?\\s*\\d|\\d+\\s*(?:people|participants|attendees|places)\\b)[^()\\[\\]]*|' +
    '(?:sold out|fully booked|booked out|full|complet|agotado|esgotado|ausgebucht|waiting list|wait ?list|registration required|pre-?registration required|inscripción previa|inscrição prévia|' +
    '(?:room|sala|salle|raum|zaal|aula|hall|auditorium)\\s+[\\p{L}\\p{N}]{1,12}))[)\\]]$',
  'iu',
);

/**
 * "Opening Keynote, Drawing with Grids", "Keynote: Title": the keynote's kind before its
 * title is no part of it.
 */
const KIND_PREFIX = /^(?:(?:opening|closing|invited)\s+)?keynote\s*(?:[,:：]|\s[-–—])\s*/iu;

/**
 * "Panel: Title", "Workshop: Title", "Session Topic: Title", "Unconference: Title", "R Short Talk: Title":
 * the session's kind labelling its title (a short word for its track may lead it) is no part of it.
 */
const KIND_LABEL =
  /^(?:panel(?:\s+discussion)?|workshop|tutorial|fireside\s+chat|session\s+topic|unconference|bof|(?:[\p{L}\p{N}+#.]{1,12}\s+)?(?:lightning|short|long)\s+talk)\s*[:：]\s*/iu;

/** The session kinds a label before a title names, as a draft says them. */
const LABEL_KIND: ReadonlyArray<[RegExp, string]> = [
  [/^panel/i, 'panel'],
  [/^workshop/i, 'workshop'],
  [/^tutorial/i, 'tutorial'],
  [/^fireside/i, 'fireside chat'],
  [/^lightning/i, 'lightning talk'],
];

/**
 * The title without a kind labelling it ("Panel: Title"), unless that leaves a kind or next
 * to nothing, and the kind the label named ("panel"), so a draft never calls a panel "your talk".
 */
export function splitKindLabel(title: string): { title: string; kind?: string } {
  const counted = countedKind(title);
  if (counted) return counted;
  const badge = BADGE_KIND.exec(title);
  const unbadged = title.replace(BADGE_KIND, '');
  if (badge && unbadged.length >= 3 && !SESSION_KIND.test(unbadged)) {
    const kind = BADGE_KINDS.find(([re]) => re.test(badge[1] as string))?.[1];
    return kind ? { title: unbadged, kind } : { title: unbadged };
  }
  const label = KIND_LABEL.exec(title);
  const rest = title.replace(KIND_LABEL, '');
  if (!label || rest.length < 3 || SESSION_KIND.test(rest)) return { title };
  const kind = LABEL_KIND.find(([re]) => re.test(label[0]))?.[1];
  return kind ? { title: rest, kind } : { title: rest };
}

/**
 * "TALLER Controlando el mundo físico", "WORKSHOP Building …": a badge in capitals naming the session's
 * kind, in the page's language, run together with the title it stands before.
 */
const BADGE_KIND =
  /^(TALLER|WORKSHOP|TUTORIAL|PANEL|MESA REDONDA|TABLE RONDE|MINICURSO|OFICINA|ATELIER|KEYNOTE|CHARLA|PONENCIA|PALESTRA|CONFERENCIA|CONFÉRENCE|TALK|LIGHTNING TALK|VORTRAG)\s+(?=\p{Lu}|\p{N})/u;

const BADGE_KINDS: ReadonlyArray<[RegExp, string]> = [
  [/^(?:TALLER|WORKSHOP|MINICURSO|OFICINA|ATELIER)$/, 'workshop'],
  [/^(?:PANEL|MESA REDONDA|TABLE RONDE)$/, 'panel'],
  [/^TUTORIAL$/, 'tutorial'],
  [/^LIGHTNING TALK$/, 'lightning talk'],
];

/** Numbered kinds that are no talk of one person: a round table, a workshop or a course. */
const COUNTED_KIND: ReadonlyArray<[RegExp, string]> = [
  [/^(?:panel|mesa[- ]redonda|table[- ]ronde)/i, 'panel'],
  [/^(?:workshop|minicurso|oficina|taller|atelier)/i, 'workshop'],
  [/^tutorial/i, 'tutorial'],
];

/** "Mesa Redonda 2: Title" → the title and the kind ("panel"); null for any other title. */
function countedKind(title: string): { title: string; kind: string } | null {
  const m = NUMBERED_KIND.exec(title);
  const rest = title.replace(NUMBERED_KIND, '');
  const kind = m ? COUNTED_KIND.find(([re]) => re.test(m[0]))?.[1] : undefined;
  return kind && rest.length >= 3 && !SESSION_KIND.test(rest) ? { title: rest, kind } : null;
}

/** A session kind with its number before the title, in the languages programmes use. */
export const NUMBERED_KIND =
  /^(?:talk|session|panel|keynote|workshop|tutorial|lecture|palestra|mesa[- ]redonda|minicurso|oficina|confer[eêé]ncia|conferencia|charla|ponencia|sesi[oó]n|sess[ãa]o|taller|vortrag|sitzung|conf[ée]rence|atelier|table[- ]ronde|sessione|lezing|prelekcja)\s+(?:\d{1,2}|[IVX]{1,4})\s*[:：.–—-]\s*/iu;

/** A talk title without the quotes some sites wrap it in (»Title«, “Title”), nor a kind or state before it. */
export function cleanTalkTitle(raw: string): string {
  // "Thu, 10th May Open Hall 11:00 - 11:25 • Title": the schedule line before the title is not part of it.
  let text = cleanText(raw).replace(/^.*\d{1,2}[:.]\d{2}.*?\s[•|·]\s+/u, '');
  for (let before = ''; before !== text;) {
    before = text;
    const rest = text.replace(TAG_PREFIX, '');
    if (rest.length >= 3) text = rest;
  }
  // "Palestra 1: Title", "Mesa Redonda 2: Title", "Session III – Title": a numbered kind counts the sessions.
  // A round table or a workshop keeps its count for splitKindLabel, which records the kind.
  const uncounted = text.replace(NUMBERED_KIND, '');
  if (uncounted.length >= 3 && uncounted !== text && !SESSION_KIND.test(uncounted) && !countedKind(text)) text = uncounted;
  const kindless = text.replace(KIND_PREFIX, '');
  if (kindless.length >= 3 && kindless !== text && !SESSION_KIND.test(kindless)) text = kindless;
  // "Title [slides] [video]": the bracketed links to a session's material follow its title.
  const material = text.replace(/(?:\s*\[[^\]]{1,40}\])+$/u, '').trim();
  if (material.length >= 3) text = material;
  const unbooked = text.replace(LOGISTICS_BRACKET, '').trim();
  if (unbooked.length >= 3) text = unbooked;
  // "Title |": a separator the row put between the title and the speaker is no part of either.
  text = text.replace(/\s+[|·•]$/u, '');
  // "& : Title": what is left of a speaker line "A & B: Title" once the names are taken.
  text = text.replace(/^[\s&,;:–—-]+(?=\p{L})/u, '');
  for (const [open, close] of QUOTES) {
    if (text.length > 2 && text.startsWith(open) && text.endsWith(close)) text = text.slice(open.length, -close.length).trim();
  }
  return text;
}

/** The title in a "Talk: Title" line, or undefined when the line is not labelled as a talk. */
export function labelledTalk(text: string): string | undefined {
  const match = TALK_LABEL.exec(cleanText(text));
  const title = match ? cleanTalkTitle(match[1]) : '';
  return title.length > 0 && title.length <= MAX_TITLE && labelNamesTalk(cleanText(text), title) ? title : undefined;
}

/** "Title: Staff Engineer": a bare "Title" label over a role is the job, not the talk; every other talk label names the talk. */
export function labelNamesTalk(label: string, value: string): boolean {
  return !/^title\b\s*[:：]?/i.test(label) || /^title\s+of\b/i.test(label) || !looksLikeJobTitle(value);
}

/** "Century Tech. + others TBC", "Title TBA": a slot whose content is still to be announced names no talk. */
const PLACEHOLDER = /(?<![\p{L}])(?:TBC|TBA|TBD)(?![\p{L}])/u;

/** Session kinds ("Keynote", "Panel", "Lightning talk") alone are not titles. */
const SESSION_KIND =
  /^(?:keynote|opening keynote|closing keynote|panel(?: discussion)?|(?:open )?discussion(?: slot)?|lightning talks?|workshop|fireside chat|talk|session|q ?& ?a|tutorial|demos?|break|lunch|coffee break|(?:lightning(?: talks?)?|panel|workshop|keynote|poster|talk)s? sessions?)$/i;
/** The same badges in the other languages programmes are written in ("Oficina", "Palestra", "Conversa", "Taller", "Vortrag"). */
const SESSION_KIND_OTHER =
  /^(?:palestra|oficina|conversa|roda de conversa|mesa redonda|minicurso|charla|taller|ponencia|conversatorio|conférence|atelier|table ronde|vortrag|podiumsdiskussion|sessione|intervento|tavola rotonda)$/iu;

/**
 * "Welcome address", "Opening remarks", "Closing words", "Velkommen ved leder i …, Name": a speech that opens or
 * closes the day, or a welcome given by someone the line names, is programme furniture, no one's talk. A bare
 * "Welcome" or a "Welcome Note" heading a slot is left as the page's title for it.
 */
const OPENING_SPEECH =
  /^(?:(?:welcome|opening|closing|concluding|introductory)\s+(?:address|remarks|words|speech|ceremony)|palabras de (?:bienvenida|apertura|cierre)|mot d.accueil|discours d.ouverture|grußworte?)(?:\s+(?:by|from)\s+\S.*)?$/iu;
const WELCOME_BY =
  /^(?:welcome|bienvenida|bienvenue|boas-vindas|willkommen|begrüßung|benvenuto|velkommen|välkommen|welkom|opening|closing|apertura|abertura|ouverture|eröffnung)\s+(?:by|from|ved|av|von|durch|par|por|door|przez)\s+\S.*$/iu;

export function isSessionKind(text: string): boolean {
  const kind = cleanText(text).replace(/[.:!]+$/, '');
  return SESSION_KIND.test(kind) || SESSION_KIND_OTHER.test(kind) || OPENING_SPEECH.test(kind) || WELCOME_BY.test(kind);
}

/** "12PM - 1PM LUNCH Provided by …", "Coffee break": a programme's service row, after its time or not, is no talk. */
const SERVICE_ROW =
  /^(?:[\d:.]+\s*(?:[ap]\.?m\.?)?\s*[-–—]\s*[\d:.]+\s*(?:[ap]\.?m\.?)?\s+)?(?:lunch|coffee|break|breakfast|dinner|registration|doors open|snacks)\b/i;

/** "10:00 - 11:00", "9.30–10.15 am": a slot's time alone. */
const TIME_ONLY = /^[\d\s:.hH–—-]*\d[\d\s:.hH–—-]*(?:[ap]\.?m\.?)?$/i;

/** A slot's date, with its time and zone or not ("8 June 11am CET"). */
export function isDateLine(text: string): boolean {
  return DATE_LINE.test(cleanText(text));
}

export function isTimeOnly(text: string): boolean {
  return TIME_ONLY.test(cleanText(text));
}

/** "11/11/2024, sexta", "12/11 — Sábado", "03.05.": a day written in figures, its weekday after it or not. */
const NUMERIC_DAY = /^\d{1,2}[/.]\d{1,2}(?:[/.](?:\d{2}|\d{4}))?\.?(?:\s*[,–—-]?\s*\p{L}+(?:-feira)?)?$/u;
/** "2 horas", "45 min", "2 encontros de 3 horas": how long a slot lasts. */
const DURATION = /^\d+(?:[.,]\d+)?\s*(?:h|hrs?|hours?|horas?|heures?|std\.?|stunden?|ore|min\.?|mins?|minutes?|minutos?|minuten|minuti)\b/iu;

/** A day written in figures ("12/11 — Sábado"): the programme's, never a talk or a person. */
export function isNumericDay(text: string): boolean {
  return NUMERIC_DAY.test(cleanText(text));
}

/**
 * "Horário: 19h", "Data: 11/11/2024, sexta", "Duração: 2 horas", "Time: 10:30 - 11:00", or the value alone:
 * the slot's time, day or length. It says when, never who or for whom the person works.
 */
export function isSlotField(text: string): boolean {
  const value = /^[\p{L} ]{2,20}[:：]\s*(.+)$/u.exec(cleanText(text))?.[1] ?? cleanText(text);
  return isTimeOnly(value) || isDateLine(value) || isNumericDay(value) || DURATION.test(value);
}

const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|' +
  'janv(?:ier)?|f[ée]v(?:rier)?|mars|avr(?:il)?|mai|juin|juil(?:let)?|ao[uû]t|d[ée]c(?:embre)?|januar|februar|m[äa]rz|juni|juli|okt(?:ober)?|dez(?:ember)?|' +
  'ene(?:ro)?|feb(?:rero)?|abr(?:il)?|mayo|jun(?:io)?|jul(?:io)?|ago(?:sto)?|sept?(?:iembre)?|oct(?:ubre)?|dic(?:iembre)?)\\.?';
const CLOCK = '\\d{1,2}(?:[:.h]\\d{2})?\\s*(?:[ap]\\.?m\\.?)?';
/** "8 June 11am CET", "Sep 14, 2021 18:00", "Thu 3 June": a date, with its time and zone or not, is the slot's, not a title. */
const DATE_LINE = new RegExp(
  `^(?:\\p{L}{2,9}\\.?,?\\s+)?(?:\\d{1,2}\\.?\\s+${MONTH}|${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?)(?:,?\\s+\\d{4})?` +
    `(?:,?\\s*(?:[-–—@|]\\s*)?${CLOCK}(?:\\s*[-–—]\\s*${CLOCK})?)?(?:\\s+(?:utc|gmt|[cew]es?t|[a-z]{1,2}[sd]t|aes?dt|aest|nzs?dt|nzst|msk|ist|jst)(?:[+-]\\d{1,2})?)?$`,
  'iu',
);

/** "@handle", "/sessions/talk-3", "www.example.org": a handle or an address is no title. */
const HANDLE_OR_ADDRESS = /^(?:@[\p{L}\p{N}_.]+|\/\S*|www\.\S+)$/u;

/** "Ada Lind @adalind": a person's name and handle, a speaker's heading. */
const NAME_AND_HANDLE = /^\p{Lu}[\p{L}'’.-]*(?:\s+\p{L}[\p{L}'’.-]*){1,4}\s+@[\p{L}\p{N}_.]+$/u;

/** "Ada Lind @adalind": the person's own name (or a name) with a handle is their heading, not a title. */
function namedWithHandle(text: string, name: string): boolean {
  if (NAME_AND_HANDLE.test(text)) return true;
  if (name.length === 0 || !text.startsWith(name)) return false;
  const rest = text.slice(name.length).trim();
  return rest.length > 0 && HANDLE_OR_ADDRESS.test(rest);
}

/** "by Ada Lind", "von Ada Lind": a byline names the speaker, not the session. */
const BYLINE = /^(?:by|von|par|por|door|przez)\s/i;

/** A title that is neither a kind, a control, a link (or a "Twitter: handle" line), a byline nor the person's own name. */
/** Ideographs and kana: scripts written without spaces, where two characters weigh about a word. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;

/** How many words a phrase weighs: its spaced words, plus one per two characters of an unspaced script. */
export function phraseWords(text: string): number {
  return text.trim().split(/\s+/).length + Math.floor((text.match(UNSPACED)?.length ?? 0) / 2);
}

export function usable(text: string, name: string): boolean {
  return (
    text.length >= 3 &&
    !isSessionKind(text) &&
    text.length <= MAX_TITLE &&
    !CONTROL.test(text) &&
    text !== name &&
    !namedWithHandle(text, name) &&
    // "Ozone:", "Room:": a label introduces what follows it and is never a title itself.
    !/[:：]$/u.test(text) &&
    !/^https?:/i.test(text) &&
    !HANDLE_OR_ADDRESS.test(text) &&
    !DATE_LINE.test(text) &&
    !NUMERIC_DAY.test(text) &&
    !BYLINE.test(text) &&
    !SERVICE_ROW.test(text) &&
    !TIME_ONLY.test(text) &&
    !PLACEHOLDER.test(text) &&
    !isLabelValue(text)
  );
}

/** A link to a session page on the same site; without a base, any link whose path reads so. */
export function isTalkLink(el: Element, base?: string): boolean {
  if (el.name !== 'a' || !el.attribs.href) return false;
  try {
    const origin = base ?? 'http://page.invalid/';
    const url = new URL(el.attribs.href, origin);
    const local = base === undefined || url.host === new URL(base).host;
    if (!local || PERSON_PATH.test(url.pathname)) return false;
    // "/sessions/#43893": the sessions page with the session's anchor names that session.
    if (TALK_PATH.test(url.pathname + url.hash) && url.href.split('#')[0] !== origin.split('#')[0]) return true;
    // "#talk-3", "schedule.html#session-12", "?session=12": the session named in an anchor or a query.
    return TALK_ANCHOR.test(url.hash) || TALK_QUERY.test(url.search);
  } catch {
    return false;
  }
}

/**
 * A link as a whole tile to another page of the same site that is no person's page ("/topic/…",
 * "/2023/sessions/A1/"): in a timetable, the session the tile stands for.
 */
export function isSiteTile(el: Element): boolean {
  const href = el.name === 'a' ? el.attribs.href?.trim() : undefined;
  if (!href || href.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return false;
  return !PERSON_PATH.test(href.split(/[?#]/)[0] as string);
}

export function hasTalkClass(el: Element): boolean {
  return classList(el).some((c) => TALK_CLASS.test(c) && !NOT_TALK_CLASS.test(c));
}

/** True when an element of a card holds a talk title rather than a role line or a bio. */
export function isTalkElement(el: Element, base?: string): boolean {
  return labelledTalk(textOf(el)) !== undefined || isTalkLink(el, base) || hasTalkClass(el);
}

const SECTION_TITLE =
  /^(?:(?:our|the|featured|keynote|invited|guest|main|all|confirmed|lightning)\s+)*(?:speakers?|keynotes?|talks?|sessions?|conf[ée]rences|conferencias|confer[êe]ncias|conferenze|vortr[äa]ge|charlas|palestras|ponencias|ateliers|talleres|oficinas|panel(?:ists)?|workshops?|presenters?|line-?up|programm?e?|programa(?:ción|ção)?|programmi|schedule|agenda|timetable|zeitplan|ablauf|horaires?|calendario|harmonogram|day\s+\w+.*|track\s+\w+.*|(?:mon|tues|wednes|thurs|fri|satur|sun)day.*)$/i;

/** "Plenary Speakers", "Conference Dinner Speaker", "Breakout Session Contributors": a few words naming a group of people. */
const PEOPLE_GROUP =
  /^(?:[\p{L}'’&-]+\s+){0,3}(?:speakers?|keynote speakers?|panel(?:ists)?|presenters?|contributors?|moderators?|guests?|ponentes|relatori|referenten|sprekers|intervenants|vortragende|palestrantes|prelegenci)$/iu;

/** Headings that name a part of the page (a day, a track, "Speakers") rather than a session. */
export function isSectionTitle(text: string): boolean {
  return isStaffHeading(text) || SECTION_TITLE.test(text) || PEOPLE_GROUP.test(text);
}

/**
 * Headings of a card's parts, not of a session: "About", "Bio", "Abstract", "Talk" and their kin, and a
 * workshop description's own parts ("What you'll learn", "Who is it for?", "Requirements").
 */
const PART_HEADING =
  /^(?:about(?: me| the speaker)?|bio(?:graphy)?|abstract|summary|description|talk|session|the talk|my talk|what (?:you|you'll|you will|attendees will) (?:learn|get|need)|who (?:is it|is this|it's|this is) for\??|who should (?:attend|come)\??|(?:what (?:this|the) (?:workshop|talk|session|course) will cover)|requirements|prerequisites|pre-requisites|outline|agenda|takeaways|key takeaways|learning (?:objectives|outcomes)|à propos|biographie|résumé|sobre(?: mí)?|biograf[íi]a|resumen|über(?: mich)?|biografie|zusammenfassung|chi sono|biografia|riassunto)$/iu;

/** A heading that names a part of a card or of a session's description, not the session. */
export function isPartHeading(text: string): boolean {
  return PART_HEADING.test(cleanText(text));
}
