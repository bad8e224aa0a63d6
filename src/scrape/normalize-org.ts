/**
 * Whether a phrase reads as an employer or as a job title. Speaker lines hold awards
 * ("Microsoft Azure MVP"), years of experience, pronouns and home towns beside the
 * employer; a draft that names one of those as the company ("what you see at 9?")
 * tells the reader it was written by a machine. Used by the tagline splitter, by
 * enrichment (which leaves the company empty when unsure) and by the QA gate.
 */

/** Recognition programmes and community titles: who honoured someone, not who employs them. */
const AWARD =
  /(?<![\p{L}\p{N}])(?:MVPs?|GDEs?|RD|MCT|MCTs|Most Valuable Professional|Regional Director|(?:Google )?Developer Experts?|Certified Trainer|Champions?|Ambassadors?|Java Champion|Docker Captain|AWS (?:Hero|Community Builder)|Oracle ACE(?: Director| Pro| Associate)?|ACE (?:Director|Pro|Associate)|GitHub Star|Insider)(?![\p{L}\p{N}])/u;
const YEARS = /\b\d+\+?\s*(?:years?|yrs?)\b|\byears? of\b|\bexperience\b/i;
const BARE_NUMBER = /^[\d\s+.,%-]+$/;
const PRONOUN = /(?<![\p{L}])(?:he|him|his|she|her|hers|they|them|their|pronouns?)(?![\p{L}])/iu;
/** A sentence's own words; a word inside a web name ("You.com", "Me.dm") is none. */
const SENTENCE = /(?<![\p{L}'’.])(?:i|i'm|i’m|my|me|we|our|you|your|is|am|are|was|were|has|have|loves?|likes?|based|passionate|working)(?![\p{L}'’]|\.\p{L})/iu;
const TRUNCATED = /(?:\.\.\.|…)\s*$/;

/** Words that make a phrase a job, never an employer's name. */
const JOB_WORD =
  /(?<![\p{L}])(?:engineers?|developers?|programmers?|architects?|managers?|directors?|founders?|co-?founders?|ceo|cto|cio|cfo|coo|cpo|ciso|dba|sre|vp|consultants?|evangelists?|advocates?|scientists?|researchers?|professors?|lecturers?|students?|analysts?|specialists?|trainers?|trainerin|designers?|interns?|freelancers?|entwickler(?:in)?|berater(?:in)?|ingenieur(?:in)?)(?![\p{L}])/iu;

const COMPANY_SUFFIX = /(?<![\p{L}])(?:inc|ltd|llc|gmbh|ag|corp|corporation|limited|plc|s\.?a|b\.?v|srl|oy|kg)\.?(?![\p{L}])/iu;

/** Countries and cities seen as "Company" in speaker lines ("Developer, Berlin"). */
const PLACES = new Set(
  `remote worldwide europe asia africa america americas usa us uk eu emea apac latam
  austria belgium brazil bulgaria canada china croatia czechia denmark estonia finland france germany greece hungary
  india ireland israel italy japan latvia lithuania mexico netherlands norway poland portugal romania russia serbia
  slovakia slovenia spain sweden switzerland turkey ukraine england scotland wales australia argentina chile colombia
  nigeria kenya egypt singapore korea taiwan vietnam indonesia philippines pakistan iran
  malta cyprus luxembourg iceland monaco andorra liechtenstein albania bosnia montenegro macedonia moldova belarus georgia armenia
  amsterdam athens barcelona belfast belgrade berlin bern bratislava brussels bucharest budapest cologne copenhagen
  dresden dublin edinburgh frankfurt geneva graz hamburg helsinki karlsruhe kharkiv kiev kyiv krakow kraków lisbon
  linz ljubljana london lviv lyon madrid milan munich odesa odessa oslo paris porto prague riga rome sofia stockholm
  stuttgart tallinn vienna vilnius warsaw wroclaw wrocław zagreb zurich zürich
  austin bangalore boston chicago cincinnati cleveland columbus denver dallas detroit houston seattle portland toronto
  vancouver montreal tokyo sydney melbourne singapore seoul beijing shanghai delhi mumbai pune hyderabad chennai
  california texas ohio washington new york san francisco bay area silicon valley los angeles
  deutschland österreich schweiz spanien großbritannien grossbritannien frankreich italien niederlande schweden dänemark
  norwegen polen tschechien ungarn belgien irland griechenland kroatien vereinigte staaten königreich kanada brasilien
  españa francia alemania reino unido estados unidos brasil méxico suiza italia suecia holanda países bajos
  allemagne espagne angleterre royaume-uni royaume uni états-unis états unis suisse italie belgique pays-bas suède
  germania spagna regno svizzera olanda paesi bassi stati uniti polska niemcy wielka brytania hiszpania francja włochy
  nederland duitsland frankrijk spanje belgië engeland verenigd koninkrijk
  hong kong macau macao new zealand perth brisbane adelaide auckland united states kingdom arab emirates
  eeuu ee.uu eua e.u.a u.s u.s.a r.u perú peru uruguay paraguay bolivia ecuador venezuela cuba panamá panama guatemala
  honduras nicaragua`.split(/\s+/),
);

/** A country or a city ("Canada", "Hong Kong", "Perth, Australia", "Columbus OH"), never an organisation. */
export function isPlace(text: string): boolean {
  // "Columbus OH", "Lyon FR": a two-letter region or country code after the place.
  const words = text
    .replace(/(?<=\p{L}{3,})\s+[A-Z]{2}\.?$/u, '')
    .toLowerCase()
    .split(/[\s,/()-]+/)
    .filter((w) => w && w !== 'and' && w !== 'the' && w !== 'n.' && w !== 'n');
  return words.length > 0 && words.every((w) => PLACES.has(w.replace(/\.$/, '')));
}

const memo = { company: new Map<string, string | null>(), title: new Map<string, string | null>() };

/** Every stage asks about the same few phrases again; the answers are kept (bounded). */
function remembered(kind: 'company' | 'title', text: string, judge: (t: string) => string | null): string | null {
  const cache = memo[kind];
  const known = cache.get(text);
  if (known !== undefined) return known;
  if (cache.size >= 4000) cache.clear();
  const answer = judge(text);
  cache.set(text, answer);
  return answer;
}

/** "14:00~14:20", "9:30 – 10:00 CEST": when a slot happens, never who employs anyone. */
const CLOCK = /^\d{1,2}[:.h]\d{2}(?:\s*[~–—-]\s*\d{1,2}[:.h]\d{2})?(?:\s*\p{Lu}{2,5})?$/u;
/** "Soy un alma libre.", "I am a maker": a line the person writes about themselves opens with "I am" in their language. */
const FIRST_PERSON = /^(?:I am|I'm|Soy|Estoy|Je suis|Ich bin|Sono|Sou|Estou|Ik ben|Jestem)\s+\p{Ll}/u;
/** "Member", "Mitglied": the badge of a club's own members beside their names, no organisation. */
const MEMBERSHIP = /^(?:(?:core|club|team|community|board)\s+)?(?:members?|mitglied(?:er)?|membres?|miembros?|membros?|membri|leden|lid|cz[lł]onek)$/iu;

/** Why `text` does not read as an employer's name, or null when it does. */
export function companyProblem(text: string | null | undefined): string | null {
  return remembered('company', (text ?? '').trim(), judgeCompany);
}

/** That no one is named: "No institution", "None", "N/A". */
const NO_EMPLOYER = /^(?:no\s+(?:institution|affiliation|company|organi[sz]ation)|none|n\/?a)$/iu;

/** A flag, an icon or a mark: no letter or digit in it. */
const NO_WORD = /^[^\p{L}\p{N}]*$/u;
/** "Org https://org.example", "ORG (https://org.example/)", "Org - www.org.example": a web address after the name. */
const TRAILING_URL = /(?:\s*\(\s*|\s+[-–—|·]\s*|\s+)(?:https?:\/\/|www\.)[^\s()]+\s*\)?$/i;
/** "Fjordpay / Northmoor University", "Brightwater y Cobalt Systems": two organisations in one slot. */
const TWO_ORGANISATIONS = /\s\/\s|\s(?:y|e|et|und|i|oraz)\s+\p{Lu}/u;

/**
 * "Twitter: handle", "Google scholar: …", "Research Commons GitHub: repo": a label naming where
 * to find the person, then its value. Such a line is a link written out, never an employer or a talk.
 */
const LABEL_VALUE =
  /^(?:[\p{L}'’.-]+\s+){0,2}(?:twitter|x|github|gitlab|codeberg|google scholar|scholar|linkedin|website|web ?site|web ?page|web|site|homepage|home page|blog|e-?mail|mail|mastodon|bluesky|orcid|researchgate|instagram|facebook|youtube|twitch|slides|phone|tel)\s*[:：]\s*\S/iu;

export function isLabelValue(text: string): boolean {
  return LABEL_VALUE.test(text.trim());
}

/** The company line without a web address appended to the name. */
export function withoutTrailingUrl(text: string): string {
  const rest = text.replace(TRAILING_URL, '').trim();
  return rest.length >= 2 ? rest : text;
}

/**
 * "Python para MacGyvers", "Desplegando webapps con Django en Kubernetes", "Tester avec Playwright": a
 * lower-case "for", "with", "about" (in the languages pages use) joins the words of a talk's
 * title, not of an employer's name. An organisation's kind word keeps the phrase a name ("Fundación
 * para la Innovación", "Institut für Informatik").
 */
const TALK_JOINER = /\s(?:para|con|com|pour|avec|sobre|sur|desde|with|without|about)\s/u;

/** Degrees and post-nominals a name carries ("J.D., Ph.D", "PhD, MBA", "Ed.D."). */
const DEGREE = new Set(['phd', 'jd', 'md', 'edd', 'mba', 'msc', 'ms', 'ma', 'ba', 'bsc', 'llm', 'dphil', 'mph', 'msw', 'cpa', 'dds', 'psyd']);
const PLAIN_DEGREE = new Set(['phd', 'mba', 'dphil', 'edd', 'llm', 'mph', 'msw', 'psyd']);

/** A line made only of degrees, dotted or plainly so ("BA" alone may be an airline): the person's letters, no employer. */
function onlyDegrees(t: string): boolean {
  const parts = t
    .split(/\s*[,;&]\s*|\s+/)
    .filter(Boolean)
    .map((p) => p.toLowerCase().replace(/[.\s]/g, ''));
  return parts.length > 0 && parts.every((p) => DEGREE.has(p)) && (t.includes('.') || parts.some((p) => PLAIN_DEGREE.has(p)));
}

function judgeCompany(t: string): string | null {
  if (!t) return 'empty';
  if (onlyDegrees(t)) return 'degrees, not an employer';
  if (NO_WORD.test(t)) return 'no word (a flag, an icon or a mark)';
  if (/^(?:https?:\/\/|www\.)\S+$/i.test(t)) return 'a web address alone';
  if (TRAILING_URL.test(t)) return 'a web address appended';
  if (TWO_ORGANISATIONS.test(t) && /^\p{Lu}/u.test(t)) return 'two organisations';
  if (NO_EMPLOYER.test(t)) return 'no employer';
  if (isLabelValue(t)) return 'a label and its value (a link written out)';
  if (twoNamedOrganisations(t)) return 'two organisations';
  if (/^[@#]\S*$/.test(t)) return 'a social handle or a bare mark';
  // "Canal Youtube - @somebody": a channel and its handle, a link written out.
  if (/\s[-–—|·:]\s+@[\p{L}\p{N}_.]+$/u.test(t)) return 'a social handle after a label';
  // ".Net", ".NET & DDD": a platform the person works in, not who employs them.
  if (/^\.\p{L}/u.test(t)) return 'a technology, not an employer';
  if (AWARD.test(t)) return 'an award or community title, not an employer';
  if (BARE_NUMBER.test(t) || YEARS.test(t)) return 'a number or years of experience';
  if (CLOCK.test(t)) return 'a time of day';
  if (MEMBERSHIP.test(t)) return 'a membership, not an employer';
  if (FIRST_PERSON.test(t)) return 'a sentence about oneself';
  if (PRONOUN.test(t)) return 'pronouns';
  if (isPlace(t)) return 'a place';
  if (JOB_WORD.test(t) && !COMPANY_SUFFIX.test(t)) return 'a job title';
  if (TALK_JOINER.test(t) && !namesOrganisation(t)) return "a talk's title, not an employer";
  if (SENTENCE.test(t) || TRUNCATED.test(t) || t.split(/\s+/).length > 8) return 'part of a sentence';
  return null;
}

/** Why `text` does not read as a job title, or null when it does. Slogans are left to the reader. */
export function titleProblem(text: string | null | undefined): string | null {
  return remembered('title', (text ?? '').trim(), judgeTitle);
}

function judgeTitle(t: string): string | null {
  if (!t) return 'empty';
  if (/(?:https?:\/\/|www\.)\S/i.test(t)) return 'a web address';
  if (NO_WORD.test(t)) return 'no word (a flag, an icon or a mark)';
  if (BARE_NUMBER.test(t) || YEARS.test(t)) return 'a number or years of experience';
  if (CLOCK.test(t)) return 'a time of day';
  if (PRONOUN.test(t)) return 'pronouns';
  if (isPlace(t)) return 'a place';
  if (COMPANY_SUFFIX.test(t) && !JOB_WORD.test(t)) return 'a company name';
  if (/\p{L}{3,}[.!?]\s+\S/u.test(t)) return 'several sentences';
  if (SENTENCE.test(t) || TRUNCATED.test(t) || t.split(/\s+/).length > 10) return 'part of a sentence';
  return null;
}

/** True for an award or community title ("Microsoft MVP", "GDE"), which a speaker line may list beside the job. */
export function isAward(text: string): boolean {
  return AWARD.test(text);
}

/** Words that make a phrase an organisation's name: "Stanford University", "Department of Energy". */
const ORGANISATION_WORD =
  /(?<![\p{L}])(?:universit(?:y|ies|ät|é|à|at|ad|ade|eit)|universidad(?:e)?|hochschule|college|institut(?:e|o)?|school|academy|akademie|department|ministry|agency|foundation|fundación|fondazione|stiftung|company|corporation|inc|ltd|llc|gmbh|limited|plc|pvt|corp|s\.a\.s\.?|sas|s\.a\.|s\.l\.|srl|sarl|b\.v\.|labs?|laborator(?:y|ies)|hospital|council|society|association|bank|centre|center|museum|library|observatory)(?![\p{L}])/iu;

/** "Technische Universität Darmstadt and forText lab": "and" between two names that each say they are an organisation. */
function twoNamedOrganisations(t: string): boolean {
  const sides = t.split(/\s+(?:and|&)\s+/iu);
  return sides.length === 2 && sides.every((side) => namesOrganisation(side));
}

/** True when the phrase names an organisation by one of its kind words ("… University", "Department of …"). */
export function namesOrganisation(text: string): boolean {
  return ORGANISATION_WORD.test(text);
}
