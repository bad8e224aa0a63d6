/**
 * Wrong facts: each fact a draft states about its recipient is read against the
 * text it came from (the field's evidence span when extraction kept one, else the
 * dossier: bio, tagline, talks, research). The reading is this module's own, so a
 * value the extractor misread is not confirmed by the same misreading.
 */
import { type Reading, readIn } from './evidence-reading.js';
import { prepareKnown } from './grounding.js';
import { englishRoleWords } from './role-words.js';
import { AGENDA_WORDS, isFurniture, isHeading, isSessionKind, isTopicWord } from './lexicon.js';
import { type StatedFact, maskQuotes, statedFacts } from './stated.js';
import { Memo, PerSequence, STOPWORDS, flat, fold, stem, withoutEvents, words } from './text.js';
import type { Evidence, QaInput, QaSpeaker } from './types.js';

interface Support {
  evidence: Evidence;
  /** Every text the recipient's facts may rest on. */
  all: string;
  talks: readonly string[];
  /** The sender's own text: names there are the sender's facts. */
  sender: string;
  /** The speaker's job title, which a tagline may put right before the company. */
  title: string;
  /** The speaker's name: a card may read "Jos Poortvliet Nextcloud". */
  name: string;
  /** What the speaker's own texts say, without the event's name: "Global Azure" makes no one's work about Azure. */
  own: string;
}

const supports = new PerSequence<Support>();

/** Made once for a sequence: its slots share every part of it. */
const supportOf = (input: QaInput): Support => supports.get(input, () => makeSupport(input));

function makeSupport(input: QaInput): Support {
  const evidence = input.speaker.evidence ?? {};
  const talks = input.speaker.talks ?? [];
  const all = [input.grounding, input.speaker.company ?? '', input.speaker.title ?? '', ...talks, ...Object.values(evidence)].join('\n');
  const sender = [
    input.campaign.pitch ?? '',
    input.campaign.senderName ?? '',
    input.campaign.senderCompany ?? '',
    input.campaign.senderRole ?? '',
    ...input.campaign.competitors,
  ].join('\n');
  const title = [input.speaker.title ?? '', evidence.title ?? ''].find((t) => t.trim()) ?? '';
  return { evidence, all, talks, sender, title, name: input.speaker.name, own: withoutEvents(all, input.speaker) };
}

const pageText = (v: string): boolean => isFurniture(v) || isHeading(v);

/** Prefers the field's own evidence; falls back to the whole dossier when the span does not hold the value. */
function reading(value: string, spans: Array<string | undefined>, all: string): Reading {
  const own = spans.filter((s): s is string => Boolean(s)).join('\n');
  if (own) {
    const r = readIn(value, own);
    if (r.kind !== 'absent') return r;
  }
  return readIn(value, all);
}

function readingProblem(v: string, r: Reading, known: string): string | null {
  // "ZeTeCo" of "Programm ZeTeCo": the name without the page heading read into it is the name.
  if (r.kind === 'cut' && headed(r.longer) && flat(r.longer.replace(/^\S+\s+/, '')) === flat(v)) return null;
  if (r.kind === 'cut') return `"${v}" is cut from "${r.longer}"`;
  if (r.kind === 'whole') return null;
  // Words the dossier lacks altogether are ungrounded_claim's finding; words it has, put together anew, are a misreading.
  const have = prepareKnown(known).words;
  const ws = words(v);
  return ws.length > 0 && ws.every((w) => have.has(w)) ? `"${v}" is not written so in the evidence` : null;
}

function orgProblem(v: string, sup: Support): string | null {
  if (pageText(v)) return `"${v}" where the company or event belongs is page text`;
  const furniture = eventFurniture(v);
  if (furniture) return furniture;
  if (isSessionKind(v)) return `"${v}" where the company or event belongs is a kind of session`;
  if (isTopicWord(v)) return `"${v}" is a topic, not a company or event`;
  const f = flat(v);
  const isTalk = sup.talks.some((t) => flat(t) === f || (words(v).length >= 3 && flat(t).includes(f)));
  if (isTalk && readIn(v, [sup.evidence.company, sup.evidence.event].filter(Boolean).join('\n')).kind !== 'whole') {
    return `"${v}" is a talk title, not a company`;
  }
  if (readIn(v, sup.sender).kind === 'whole') return null;
  const r = reading(v, [sup.evidence.company, sup.evidence.event, sup.evidence.title], sup.all);
  if (r.kind === 'cut' && (titledOrg(v, r.longer, sup.title) || titledOrg(v, r.longer, sup.name))) return null;
  return readingProblem(v, r, sup.all);
}

const LEGAL_FORM =
  /^(?:GmbH|AG|SE|KG|Inc\.?|Ltd\.?|LLC|LLP|plc|Corp\.?|Co\.?|S\.?p\.?A\.?|SpA|Spa|Srl|S\.r\.l\.?|S\.?A\.?|B\.?V\.?|N\.?V\.?|Oy|AB|ASA|Pty(?: Ltd)?)$/;

/**
 * "Presidente Peuterey" read as one name is the speaker's title followed by the company:
 * a tagline puts them side by side. A legal form after it ("Rosenthal GmbH") is the
 * same company said shorter.
 */
function titledOrg(v: string, longer: string, title: string): boolean {
  const at = longer.lastIndexOf(v);
  if (at < 0) return false;
  const before = longer.slice(0, at).trim();
  const after = longer.slice(at + v.length).trim();
  if (after && !LEGAL_FORM.test(after)) return false;
  if (!before) return true;
  // "CTO of AideRSS", "Senior Staff Engineerat Slack" (a page that lost the space): the role, then where.
  const role = fold(before)
    .replace(/(?<=\p{L}{4})at$/u, '')
    .replace(/\s+(?:of|at|for|de|di|del|bei|chez|en|in)$/u, '')
    .trim();
  if (ROLE_END.test(role)) return true;
  const t = fold(title).trim();
  return t.length > 0 && (t === role || t === fold(before) || t.endsWith(fold(before)) || fold(before).endsWith(t));
}

/** A job title's last word: what stands before an employer in "CTO of X", "Engineer at X". */
const ROLE_END =
  /(?:^|\s)(?:ceo|cto|cfo|coo|cio|cdo|cmo|ciso|vp|svp|evp|founder|co-?founder|owner|president|presidente|chair(?:man|woman)?|director|directeur|direttore|directora?|head|lead|manager|engineer|developer|architect|scientist|researcher|professor|lecturer|student|designer|analyst|consultant|advocate|evangelist|officer|partner|principal|fellow|editor|writer|journalist|periodista|founder and ceo|maintainer|intern|gerente|ingeniero|ingegnere|entwickler|gesch[aä]ftsf[uü]hrer)$/u;

/** "Programm ZeTeCo": a page heading read into the event's name. */
const headed = (v: string): boolean => {
  const [first, ...rest] = v.split(/\s+/);
  return rest.length > 0 && isHeading(first as string);
};

/** "ExpertDay 2019.2 Xamarin": a release-style number, then the name of a track or room, read into the event's name. */
const VERSION_TRACK_RE = /\b(?:19|20)\d\d\.\d{1,2}\s+\p{Lu}/u;

/** Why an event's name carries page furniture (a heading before it, a track after its edition), or null. */
function eventFurniture(v: string): string | null {
  if (headed(v)) return `"${v}" as the event starts with the page heading "${v.split(/\s+/)[0]}"`;
  if (VERSION_TRACK_RE.test(v)) return `"${v}" as the event carries an edition number and a track name`;
  return null;
}

function eventProblem(raw: string, sup: Support): string | null {
  const v = raw.replace(/^the\s+/i, '').trim();
  if (pageText(v)) return `"${v}" as the event is a page heading`;
  const furniture = eventFurniture(v);
  if (furniture) return furniture;
  if (isTopicWord(v)) return `"${v}" is a topic, not an event`;
  if (!/\p{Lu}/u.test(v) || readIn(v, sup.sender).kind === 'whole') return null;
  return readingProblem(v, reading(v, [sup.evidence.event], sup.all), sup.all);
}

/** "Scaling Postgres + Jane Doe": a co-speaker the page listed after the title, read into it. */
const CO_SPEAKER_RE = /\s\+\s*\p{Lu}[\p{Ll}'-]+(?:\s+\p{Lu}[\p{Ll}'-]+)+\s*$/u;

function talkProblem(v: string): string | null {
  if (isSessionKind(v)) return `"${v}" as the talk is a kind of session, not a title`;
  if (CO_SPEAKER_RE.test(v)) return `"${v}" as the talk carries a co-speaker's name after "+"`;
  if (pageText(v)) return `"${v}" as the talk is page text`;
  return null;
}

const ROLE_SKIP = /(?:ly|ing)$/;

function roleProblem(v: string, sup: Support): string | null {
  if (pageText(v) || isSessionKind(v)) return `"${v}" as the role is page text`;
  const known = prepareKnown(sup.all).words;
  // "a researcher at CNRS" of a page that says "Chercheur": the role as English says the page's title.
  const knownStems = new Set([...known, ...englishRoleWords(sup.all)].map(stem));
  const missing = words(v).filter((w) => !STOPWORDS.has(w) && w !== 'as' && !ROLE_SKIP.test(w) && !knownStems.has(stem(w)));
  return missing.length > 0 ? `the role "${v}" is not in the evidence (${missing.join(', ')})` : null;
}

/** Where a stem or a close form of it ("distribution" for "distributional") stands in the text. */
function placesOf(st: string, positions: Map<string, number[]>): number[] {
  const exact = positions.get(st) ?? [];
  if (st.length < 7) return exact;
  const out = [...exact];
  for (const [k, list] of positions) {
    if (k !== st && k.length >= 7 && k.startsWith(st.slice(0, 7)) && (st.startsWith(k) || k.startsWith(st))) out.push(...list);
  }
  return out;
}

/** Whether every content word of the phrase stands in the text, near each other. */
function nearTogether(phrase: string, text: string): boolean {
  const stems = [
    ...new Set(
      words(phrase)
        .filter((w) => !STOPWORDS.has(w) && w.length > 1)
        .map(stem),
    ),
  ];
  if (stems.length === 0) return true;
  const positions = prepareKnown(text).positions();
  const lists = stems.map((s) => placesOf(s, positions));
  if (lists.some((l) => l.length === 0)) return false;
  const [first, ...rest] = lists as [number[], ...number[][]];
  return first.some((p) => rest.every((l) => l.some((q) => Math.abs(q - p) <= 4)));
}

function themeProblem(v: string, sup: Support): string | null {
  if (pageText(v)) return `"${v}" as the area of work is page text`;
  if (nearTogether(v, sup.own)) return null;
  return nearTogether(v, sup.all)
    ? `the area of work "${v}" comes from the event's name, not from anything of theirs`
    : `the area of work "${v}" is not in the evidence`;
}

function problemOf(f: StatedFact, sup: Support): string | null {
  switch (f.kind) {
    case 'org':
      return orgProblem(f.value, sup);
    case 'event':
      return eventProblem(f.value, sup);
    case 'talk':
      return talkProblem(f.value);
    case 'role':
      return roleProblem(f.value, sup);
    case 'theme':
      return themeProblem(f.value, sup);
  }
}

const QUOTED_RE = /"([^"\n]{2,200})"|\u201c([^\u201d\n]{2,200})\u201d/g;

/**
 * A quoted title of the recipient's own talk, as the draft gives it, that the page does not:
 * a co-speaker's "+" left at its end, or the title cut where the rest of its sentence goes
 * on ("Artificial Intelligence?" of "Artificial Intelligence? - more like Artificial
 * Stupidity!"). A main title cut before its subtitle (at a colon, or a dash and a capital) is
 * how people name a talk.
 */
function quotedTalkProblem(content: string, talks: readonly string[]): string | null {
  if (talks.length === 0) return null;
  for (const m of content.matchAll(QUOTED_RE)) {
    const v = (m[1] ?? m[2] ?? '').trim();
    const f = flat(v);
    const own = talks.filter((t) => flat(t).startsWith(f) || f.startsWith(flat(t)));
    if (own.length === 0) continue;
    if (/\s[+&]$/.test(v)) return `the talk "${v}" ends in the "${v.slice(-1)}" that joined a co-speaker's name on the page`;
    if (own.some((t) => flat(t) === f)) continue;
    for (const t of own) {
      const at = t.indexOf(v);
      const rest = at === 0 ? t.slice(v.length) : '';
      if (/^\s*[-\u2013\u2014]\s*\p{Ll}/u.test(rest)) return `the talk "${v}" is cut from "${t}", whose sentence goes on`;
    }
  }
  return null;
}

/** What joins two speakers' names on a programme line: "A + B", "A & B", "A, B", "A and B". */
const JOINED_TO = /^\s*(?:[+&,/]|and|und|y|e|et)\s+/iu;

/**
 * A quoted talk that ends in another speaker's name: the page's line runs "Title Burak Arikan +
 * Zeyno Ustun" and the title was cut before the "+", not before the first name. The page's span
 * shows the recipient's own name joined right after the quoted words, and the quote ends in two
 * capitalised words.
 */
function coSpeakerTail(content: string, span: string | null | undefined, name: string): string | null {
  const first = name.trim().split(/\s+/)[0];
  if (!span || !first) return null;
  for (const m of content.matchAll(QUOTED_RE)) {
    const v = (m[1] ?? m[2] ?? '').trim();
    const at = span.indexOf(v);
    if (at < 0) continue;
    const joined = JOINED_TO.exec(span.slice(at + v.length));
    if (!joined || !span.slice(at + v.length + joined[0].length).startsWith(first)) continue;
    const tail = /(\p{Lu}[\p{L}'-]+\s+\p{Lu}[\p{L}'-]+)$/u.exec(v);
    if (tail) return `the talk "${v}" ends in a co-speaker's name ("${tail[1]}"), which the page joins to yours`;
  }
  return null;
}

/** A session that is a discussion, not a talk: a title opening with one names a round table the person sat on. */
const DISCUSSION_RE =
  /^(?:mesa redonda|round[- ]?table|table ronde|tavola rotonda|podiumsdiskussion|panel(?: discussion)?|roda de conversa|fireside chat|debate)\b/iu;

/** A session where the audience asks and a group answers: "Azure - Ask us Anything", an AMA, a Q&A. */
const OPEN_QUESTIONS_RE = /\b[Aa]sk (?:us|me|[Uu]s|[Mm]e) [Aa]nything\b|\bAMA\b|\bQ ?& ?A\b/;

const isDiscussion = (t: string): boolean => DISCUSSION_RE.test(t.trim()) || OPEN_QUESTIONS_RE.test(t);

/**
 * A hands-on session, not a talk: a title that opens or closes on its kind ("EventStorming
 * Masterclass", "Taller sobre herramientas …", "Minicurso: …"), in the languages programmes use.
 */
const HANDS_ON = '(?:workshop|master ?class|mini-?curso|oficina|taller|atelier|tutorial|bootcamp|hackathon|hands-on lab)';
const HANDS_ON_TITLE = new RegExp(`^${HANDS_ON}\\b|\\b${HANDS_ON}$`, 'iu');

/**
 * The kind a page's own line gives a session before its title ("Mesa Redonda 2: Formação
 * Docente …", "Workshop: …"): the span the scraper read the talk from keeps it when the title
 * was cleaned of it.
 */
const KIND_LEAD = new RegExp(
  `^\\s*(?:(mesa[- ]redonda|round[- ]?table|table[- ]ronde|tavola rotonda|panel(?: discussion)?|podiumsdiskussion|roda de conversa)|(${HANDS_ON}))(?:\\s+(?:\\d{1,2}|[IVX]{1,4}))?\\s*[:：.–—-]\\s*`,
  'iu',
);

/** The kinds the page gives sessions that are no one person's talk, as the record holds them. */
const PAGE_KINDS: Readonly<Record<string, 'discussion' | 'hands-on' | 'shared'>> = {
  panel: 'discussion',
  session: 'shared',
  workshop: 'hands-on',
  tutorial: 'hands-on',
  masterclass: 'hands-on',
};

/** What the session is when the page says it is no talk of theirs: 'discussion', 'hands-on', 'shared' or null. */
function sessionKind(title: string, span: string | undefined, pageKind: string | undefined): 'discussion' | 'hands-on' | 'shared' | null {
  const t = title.trim();
  const given = pageKind ? PAGE_KINDS[pageKind] : undefined;
  if (given) return given;
  if (isDiscussion(t)) return 'discussion';
  if (HANDS_ON_TITLE.test(t)) return 'hands-on';
  const at = span ? fold(span).indexOf(fold(t)) : -1;
  if (at < 0 || !span) return null;
  const lead = KIND_LEAD.exec(span);
  if (lead) return lead[1] ? 'discussion' : 'hands-on';
  // "Imparte: Taller sobre herramientas …": the kind said just before the title the record keeps.
  return KIND_BEFORE.test(fold(span).slice(0, at)) ? 'hands-on' : null;
}

/** A hands-on kind right before a title, joined by "on", "sobre", "de" or a colon. */
const KIND_BEFORE = new RegExp(`\\b${HANDS_ON}(?:\\s+(?:on|about|sobre|de|del|di|su|sur|zu|uber|über))?\\s*[:\u2013\u2014-]?\\s*$`, 'iu');

/** The message quotes the title's opening words ("Herramientas de Software Libre" of "Herramientas de Software Libre: Firebrand y Restrung"). */
function quotesPartOf(content: string, title: string): boolean {
  const t = fold(title);
  for (const m of content.matchAll(QUOTED_RE)) {
    const v = fold((m[1] ?? m[2] ?? '').trim());
    if (v.length >= 8 && t.startsWith(v)) return true;
  }
  return false;
}

/**
 * "Your talk" to someone whose every session on the page is a round table or a panel, or for
 * the one session the message names when the page gives it as a round table, a Q&A a group
 * answers, a workshop, a masterclass or a course (by its title, or by the kind the page's own
 * line puts before it); or null.
 */
function sessionAsTalk(
  content: string,
  talks: readonly string[],
  span: string | undefined,
  kinds: ReadonlyArray<{ title: string; kind: string }> = [],
): string | null {
  if (talks.length === 0 || !/\btalk\b/i.test(maskQuotes(content))) return null;
  if (talks.every((t) => DISCUSSION_RE.test(t.trim()))) return `"talk" for "${talks[0]}", a discussion the page lists, not a talk of theirs`;
  for (const t of talks) {
    if (t.trim().length < 8 || !(fold(content).includes(fold(t.trim())) || quotesPartOf(content, t))) continue;
    const kind = sessionKind(t, span, kinds.find((k) => k.title === t)?.kind);
    if (kind === 'discussion') return `"talk" for "${t}", a discussion or a Q&A the page lists, not a talk of theirs`;
    if (kind === 'hands-on') return `"talk" for "${t}", a workshop or a course the page lists, not a talk`;
    if (kind === 'shared') return `"talk" for "${t}", a session the page gives several people, not a talk of theirs`;
  }
  return null;
}

/** The first stated fact its evidence does not support, or null. */
/**
 * "Your research on applied micro-economics was a good read", "The Javafest programme was a good
 * read": reading claimed of work, a role or a programme, which are not texts. Only something
 * written (a post, a paper, an abstract) is read, and the page shows none of them here.
 */
const UNREAD_RE =
  /\b((?:your (?:work|research|role|job|interest)\b[^.?!\n]{0,80}?|(?:programme|program|schedule|agenda|line-?up|speaker list))\s+(?:was|is|made for) (?:a |an )?(?:good|great|fine|fascinating|interesting|enjoyable) read)\b/;

function unreadClaim(content: string): string | null {
  const m = UNREAD_RE.exec(fold(content));
  return m ? `"${m[1]}" claims a reading of something that is not a text the page shows` : null;
}

export function unsupportedFact(input: QaInput): string | null {
  // The event as the record holds it, wherever the draft names it ("your Programm ZeTeCo talk").
  for (const ev of [input.speaker.event, input.speaker.evidence?.event]) {
    const v = ev?.trim();
    const why = v ? eventFurniture(v) : null;
    if (why && v && fold(input.content).includes(fold(v))) return why;
  }
  const unread = unreadClaim(input.content);
  if (unread) return unread;
  const sup = supportOf(input);
  const talk =
    quotedTalkProblem(input.content, sup.talks) ??
    coSpeakerTail(input.content, sup.evidence.talk, input.speaker.name) ??
    sessionAsTalk(input.content, sup.talks, sup.evidence.talk, input.speaker.sessionKinds);
  if (talk) return talk;
  for (const f of statedFacts(input.content)) {
    const why = problemOf(f, sup);
    if (why) return `${why} ("${f.phrase}")`;
  }
  return null;
}

/** Why the recipient is not a person (an agenda row, a heading, a label), or null. */
export function notAPerson(speaker: QaSpeaker): string | null {
  const name = speaker.name.trim();
  if (!name) return null;
  // Asked once for each slot of one speaker's sequence.
  return personMemo.get(name, () => notAPersonWhy(name));
}

const personMemo = new Memo<string | null>(64);

function notAPersonWhy(name: string): string | null {
  if (pageText(name) || isSessionKind(name)) return `"${name}" is page text, not a person`;
  if (/\b\d{1,2}[:.]\d{2}\b/.test(name)) return `"${name}" holds a time, not a person's name`;
  const toks = fold(name)
    .split(/[^\p{L}&-]+/u)
    .filter(Boolean);
  if (toks.length > 0 && toks.every((t) => AGENDA_WORDS.has(t))) return `"${name}" reads as an agenda row, not a person`;
  return null;
}
