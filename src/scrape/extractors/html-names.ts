/**
 * How much a short text reads like a person's displayed name. The generic
 * extractor uses it to find the repeated element that carries names; it is a
 * score, not a verdict, because repetition across cards settles the rest.
 */

import { withoutTitles } from '../normalize.js';

/** Lower-case words that appear inside names ("Ludwig van Beethoven", "Mike and Rachel"). */
const CONNECTORS = new Set([
  'and',
  '&',
  'van',
  'von',
  'der',
  'den',
  'de',
  'da',
  'das',
  'di',
  'do',
  'dos',
  'du',
  'del',
  'della',
  'la',
  'le',
  'el',
  'y',
  'e',
  'bin',
  'ibn',
  'al',
  'ten',
  'ter',
  'zu',
  'af',
  'av',
  'st.',
]);

/** Words of menus, buttons and headings; a text made of them is navigation, not a person. */
const UI_WORDS = new Set([
  'about',
  'accepted',
  'agenda',
  'all',
  'archive',
  'back',
  'blog',
  'book',
  'buy',
  'call',
  'cfp',
  'close',
  'code',
  'conduct',
  'conference',
  'contact',
  'copyright',
  'day',
  'details',
  'download',
  'event',
  'events',
  'faq',
  'follow',
  'gallery',
  'get',
  'home',
  'hotel',
  'info',
  'join',
  'keynote',
  'keynotes',
  'learn',
  'less',
  'location',
  'login',
  'logout',
  'media',
  'menu',
  'more',
  'news',
  'next',
  'overview',
  'page',
  'papers',
  'partners',
  'photos',
  'policy',
  'press',
  'previous',
  'privacy',
  'profile',
  'program',
  'programme',
  'proposed',
  'read',
  'register',
  'registration',
  'reserved',
  'rights',
  'schedule',
  'search',
  'see',
  'session',
  'sessions',
  'share',
  'show',
  'sign',
  'speaker',
  'speakers',
  'sponsor',
  'sponsors',
  'submit',
  'subscribe',
  'talk',
  'talks',
  'team',
  'terms',
  'tickets',
  'track',
  'travel',
  'venue',
  'videos',
  'view',
  'website',
  'workshop',
  'workshops',
]);

/** Words that open titles and sentences but not names. */
const STOP_WORDS = new Set([
  'the',
  'a',
  'an',
  'of',
  'for',
  'in',
  'on',
  'with',
  'to',
  'your',
  'our',
  'my',
  'how',
  'why',
  'what',
  'when',
  'is',
  'are',
  'from',
  'by',
  'at',
  'into',
  'using',
  'building',
  'introduction',
  'intro',
]);

/** Endings that mark organisations rather than people. */
const ORG_WORDS = new Set([
  'inc',
  'inc.',
  'ltd',
  'ltd.',
  'llc',
  'gmbh',
  'gmbh.',
  'corp',
  'corp.',
  'ag',
  'sa',
  'bv',
  'plc',
  'limited',
  'university',
  'institute',
  'group',
  'solutions',
  'technologies',
  'software',
  'consulting',
  'labs',
  'systems',
  'bank',
  'company',
  'foundation',
  'agency',
  'studio',
  'college',
  'school',
  'academy',
  'association',
  // Words of a public body's or a charity's name ("Greater Boston Legal Services", "Pew Charitable Trusts",
  // "New England Innocence Project", "Philadelphia Legal Assistance"): no person is called so.
  'services',
  'trusts',
  'project',
  'assistance',
  'center',
  'centre',
  'council',
  'ministry',
  'hospital',
  'lab',
  'programs',
  'programmes',
  'design',
  'modernization',
  'modernisation',
]);

const FORBIDDEN = /[0-9@#:;|/\\<>=_{}[\]!?©®™•…+*%$€]|https?|www\./i;

/** Scripts without letter case (Han, kana, Hangul, Arabic, Hebrew, Thai...): every word counts as capitalised. */
const CASELESS =
  /^["'“‘(]?[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Thai}\p{Script=Devanagari}]/u;
/** Han or Hangul: names are written without spaces, two to four characters (kana words are more often UI). */
const CJK_NAME = /^[\p{Script=Han}\p{Script=Hangul}]{2,4}$/u;

const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** "BFFのDeveloper": Latin letters and Han, kana or Hangul in one word; no name is written so. */
function mixesScripts(token: string): boolean {
  return /\p{Script=Latin}/u.test(token) && CJK_CHAR.test(token);
}

function isCapitalised(token: string): boolean {
  return /^["'“‘(]?\p{Lu}/u.test(token) || CASELESS.test(token);
}

/** "isis lovecruft", "don-E merson": two or three lower-case words of letters only. */
function isLowerCaseName(tokens: string[]): boolean {
  return (
    tokens.length >= 2 &&
    tokens.length <= 3 &&
    tokens.every((t) => /^\p{Ll}[\p{L}'’-]*$/u.test(t) && !CONNECTORS.has(t) && !STOP_WORDS.has(t) && !UI_WORDS.has(t))
  );
}

/** A word in lower case with a capital after a hyphen or inside it ("don-E", "deShawn"). */
const INNER_CAPITAL = /^\p{Ll}{2,}-?\p{Lu}\p{L}*$/u;

function isInitial(token: string): boolean {
  return /^["'“‘(]?\p{Lu}\.?["'”’)]?$/u.test(token);
}

function isShouting(token: string): boolean {
  const letters = token.replace(/[^\p{L}]/gu, '');
  return letters.length > 2 && letters === letters.toLocaleUpperCase();
}

function lengthFactor(words: number): number {
  if (words === 1) return 0.3;
  if (words <= 3) return 1;
  if (words === 4) return 0.8;
  return 0.5;
}

/** Words of job titles: "Senior Design Engineer" is a role, whatever its capitals. */
const JOB_WORDS = new Set([
  'senior',
  'junior',
  'lead',
  'principal',
  'staff',
  'chief',
  'head',
  'engineer',
  'developer',
  'designer',
  'architect',
  'manager',
  'director',
  'founder',
  'co-founder',
  'cofounder',
  'ceo',
  'cto',
  'cio',
  'cfo',
  'coo',
  'vp',
  'consultant',
  'scientist',
  'researcher',
  'professor',
  'lecturer',
  'analyst',
  'evangelist',
  'advocate',
  'officer',
  'president',
  'intern',
  'student',
  'specialist',
  'strategist',
  'programmer',
  'freelancer',
  // A university's officers, written after a name in a programme's speaker column.
  'deputy',
  'chancellor',
  'vice-chancellor',
  'provost',
]);

/**
 * Words of a programme's own rows and columns: breaks, meals, ceremonies, the time
 * column and the days ("Snacks Provided", "Closing Ceremony", "Monday (Hall A)").
 */
const PROGRAMME_WORDS = new Set([
  'lunch',
  'coffee',
  'break',
  'breakfast',
  'dinner',
  'snacks',
  'drinks',
  'provided',
  'ceremony',
  'prizes',
  'awarding',
  'certificates',
  'networking',
  'reception',
  'doors',
  'time',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  // The same rows and columns in the other languages programmes are written in.
  'session',
  'sessions',
  'sessão',
  'sessões',
  'sesión',
  'sesiones',
  'sitzung',
  'título',
  'titulo',
  'titre',
  'titel',
  'titolo',
  'almoço',
  'almuerzo',
  'intervalo',
  'credenciamento',
  'encerramento',
  'clausura',
  'receso',
  'cerimônia',
  'ceremonia',
  'cerimonia',
  'cérémonie',
  'zeremonie',
  // Session kinds: "Palestra de Abertura", "Opening Keynote", "Mesa Redonda 2" head a slot, they name no one.
  'keynote',
  'keynotes',
  'panel',
  'workshop',
  'workshops',
  'tutorial',
  'lecture',
  'fireside',
  'lightning',
  'palestra',
  'palestras',
  'abertura',
  'redonda',
  'minicurso',
  'minicursos',
  'oficina',
  'ponencia',
  'charla',
  'taller',
  'vortrag',
  'atelier',
  'conférence',
  'conferência',
  'conferencia',
  'inaugural',
  'apertura',
  // Welcome and opening rows: "Bienvenida-Inauguración", "Accueil", "Benvenuto".
  'bienvenida',
  'bienvenidos',
  'inauguración',
  'inauguracion',
  'inauguração',
  'inauguration',
  'bienvenue',
  'accueil',
  'benvenuto',
  'benvenuti',
  'begrüßung',
  'eröffnung',
  'recepção',
  'recepción',
  'coquetel',
  'cóctel',
  'cocktail',
  'mittagspause',
  // The evening and the close: dinner, farewell, the closing contest.
  'dinner',
  'farewell',
  'jantar',
  'abendessen',
  'dîner',
  'despedida',
  'concurso',
  'déjeuner',
  'pranzo',
  'cena',
  // Breaks, meals and registration in Korean, Japanese and Chinese programmes ("쉬는 시간", "休憩", "茶歇").
  '쉬는',
  '휴식',
  '점심',
  '점심시간',
  '등록',
  '휴식시간',
  '休憩',
  '昼食',
  'ランチ',
  '受付',
  '開場',
  '懇親会',
  '茶歇',
  '午餐',
  '午休',
  '休息',
  '签到',
  '簽到',
]);

/** Penalty for words that show the text is navigation, a title or an organisation. */
function vocabularyFactor(tokens: string[]): number {
  let factor = 1;
  const lower = tokens.map((t) => t.toLocaleLowerCase().replace(/^["'“‘(]|["'”’),.]$/g, ''));
  // "Bienvenida-Inauguración": a programme's row may join its words with a hyphen.
  const parts = lower.flatMap((t) => t.split('-'));
  if (parts.some((t) => UI_WORDS.has(t) || PROGRAMME_WORDS.has(t))) factor *= 0.2;
  if (lower.some((t) => t.length > 1 && STOP_WORDS.has(t))) factor *= 0.3;
  if (lower.some((t) => ORG_WORDS.has(t))) factor *= 0.4;
  if (lower.some((t) => JOB_WORDS.has(t))) factor *= 0.3;
  return factor;
}

/** 0 (not a name) to 1 (reads exactly like "Firstname Lastname"). */
export function nameScore(raw: string): number {
  // "Prof. Dr. Ada Lind", "Ada Lind, PhD", "The Hon Ada Lind MP": the titles are not what is scored.
  const text = withoutTitles(raw.replace(/\s+/g, ' ').trim()).replace(/,?\s+(?:Jr|Sr)\.?$/, '');
  if (CJK_NAME.test(text)) return 0.8;
  if (text.length < 3 || text.length > 60 || FORBIDDEN.test(text)) return 0;
  if (!/\p{L}/u.test(text) || /[.,]$/.test(text.replace(/\b\p{Lu}\.$/u, ''))) return 0;
  // "Monday (Wallenberg": a bracket left open is a cell cut at a line break, not a name.
  if ((text.match(/\(/g) ?? []).length !== (text.match(/\)/g) ?? []).length) return 0;
  const tokens = text.split(' ');
  if (tokens.length > 6 || tokens.some(mixesScripts)) return 0;
  const words = tokens.filter((t) => !CONNECTORS.has(t.toLocaleLowerCase()) || isCapitalised(t));
  // Names written all in lower case are names, but weaker evidence than capitals: repetition decides.
  if (isLowerCaseName(tokens)) return 0.5 * vocabularyFactor(tokens);
  // "don-E Merson": a given name written with a capital inside it stands beside a capitalised one.
  const inner = words.filter((t) => !isCapitalised(t));
  if (words.length === 0 || inner.some((t) => !INNER_CAPITAL.test(t)) || inner.length >= words.length) return 0;
  let score = lengthFactor(words.length) * vocabularyFactor(tokens) * (inner.length > 0 ? 0.8 : 1);
  const shouting = words.filter(isShouting).length;
  if (shouting > 0) score *= shouting === words.length ? 0.7 : 0.5;
  if (words.every(isInitial)) score *= 0.5;
  return score;
}

/**
 * A handle rather than a name: one token, lower case or with dots, digits or underscores. A word
 * of a script without letter case ("藤本竜之介") is never "lower case": it is a name.
 */
export function looksLikeUsername(raw: string): boolean {
  const text = raw.trim();
  if (text.length === 0 || /\s/.test(text)) return false;
  return (/\p{Ll}/u.test(text) && text === text.toLocaleLowerCase()) || /[._\d]/.test(text);
}

/**
 * Joiners between the names of one session's speakers: commas, "&", "+", "and" in the languages pages use,
 * and a full stop after a word of three letters or more ("… e Sunniva Berg. Malik Haddad"); "St." and "Jr." join nothing.
 */
const NAME_JOINER = /\s*(?:[,;]|(?<=\p{Ll}{3})\.\s|\s&\s|\s\+\s|\s(?:and|und|et|y|e|i|en|og|och|és|ve)\s)\s*/iu;

/**
 * "Priya Natarajan, Tomasz Wielgus & Anouk de Ruiter": the names of a list that
 * holds two or more people, each written in full; otherwise the text alone.
 */
export function splitNameList(raw: string): string[] {
  const text = raw.replace(/\s+/g, ' ').trim();
  const parts = text
    .split(NAME_JOINER)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length < 2) return [text];
  const full = (p: string) => p.split(' ').length >= 2 && nameScore(p) >= 0.5;
  return parts.every(full) ? parts : [text];
}

const WITH_AFFILIATION = /([^,;&+()]+?)\s*\(([^()]+)\)/gu;
const LEADING_JOINER = /^(?:(?:and|und|et|y|e|i|en)\s+)+/iu;

/**
 * "Ada Lind (Quillstone), Bo Berg (Kelpware) & Cy Dunn (Larkspur)": each entry a name with
 * its affiliation in brackets, joined by commas, "&", "+" or "and", and nothing else.
 */
export function bracketedNames(line: string): Array<{ name: string; affiliation: string }> | undefined {
  const found = [...line.matchAll(WITH_AFFILIATION)];
  const rest = line.replace(WITH_AFFILIATION, ' ').replace(/[\s,;&+]+|\b(?:and|und|et|y|e|i|en)\b/giu, '');
  if (found.length === 0 || rest.length > 0) return undefined;
  return found.map((m) => ({ name: (m[1] as string).trim().replace(LEADING_JOINER, ''), affiliation: (m[2] as string).replace(/\s+/g, ' ').trim() }));
}

/** How much a text reads as a person's name, or as a list of full names (then as its weakest name). */
export function nameOrListScore(text: string): number {
  const names = splitNameList(text);
  return names.length > 1 ? Math.min(...names.map(nameScore)) : nameScore(text);
}
