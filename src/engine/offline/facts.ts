/**
 * The facts a message may state, taken only from signals (plus the speaker's first
 * name). Anything a template cannot fill from here is left out rather than guessed.
 */
import type { CampaignBrief, Signal, SpeakerInput } from '../types.js';
import { titleHead } from './angle.js';
import { hasLink, hasPlaceholder } from './guard.js';
import { compileIcp } from './icp.js';
import { findHits, hasHit, type PhraseMatcher } from './matcher.js';
import { greetingName } from './names.js';
import { fold, isShouting, squash } from './text.js';
import { THEME_MATCHER } from './themes.js';
import { isFurniture, isHeading, isSessionKind as qaSessionKind } from '../../qa/lexicon.js';
import { englishRole } from '../../qa/role-words.js';
import { withoutTrailingUrl } from '../../scrape/normalize-org.js';

export interface Facts {
  first: string;
  /** A talk title exactly as a talk_topic signal holds it. */
  talk: string | null;
  /** What the page calls that session when it is not one person's talk ("panel", "workshop"). */
  talkKind?: string;
  /** The event the speaker's page names. */
  conference: string | null;
  themes: string[];
  /** The themes a talk title of theirs names ("Angular" of "Scaling Angular apps"): what they spoke on, not an area they are known to work in. */
  talkThemes?: string[];
  role: string | null;
  /** The employer's name as a company_fact signal holds it. */
  company: string | null;
  /** An intent lead's latest LinkedIn action, as its intent_activity signal words it. */
  activity: string | null;
  /** The same action as a noun phrase ("your comment on replica lag"), when it reads as one. */
  activityRef?: string | null;
  /** What the action was about ("replica lag", "PGConf EU"), when the signal names it. */
  activityTopic?: string | null;
}

const MAX_TALK = 110;
const MAX_CONFERENCE = 60;
const MAX_THEME = 40;
const MAX_ROLE = 60;
const MAX_COMPANY = 40;
const MAX_ACTIVITY = 120;
const QUOTE_CHARS = /["“”]/;

type Usable = (text: string | null | undefined, max: number) => text is string;

/**
 * A value may go into a message when it is short, holds no link or template token,
 * and names none of the campaign's exclusions or competitors (those are for a
 * person to judge, not for a draft to repeat).
 */
function usableFor(c: CampaignBrief | undefined): Usable {
  const icp = c ? compileIcp(c.icp) : null;
  const banned: Array<PhraseMatcher | null> = icp ? [icp.exclusions, icp.competitors] : [];
  return (text, max): text is string => !!text && text.length <= max && !hasLink(text) && !hasPlaceholder(text) && !banned.some((m) => hasHit(m, text));
}

/** What a programme calls a slot, not what anyone titled a talk: never quoted as a title. */
const SESSION_KIND =
  /^(?:(?:opening|closing|morning|afternoon|evening|day \d+|main|final|guest|special)\s+)?(?:keynote(?: speech| talk| session)?|panel(?: discussion)?|lightning talks?|workshop|fireside chat|talk|session|q\s*&\s*a|ama|tutorial|presentation|discussion|round ?table|break|lunch|welcome|opening|closing(?: remarks)?|ceremony|opening ceremony|closing ceremony|award ceremony|registration|networking)(?:\s*#?\d+)?$/i;

export function isSessionKind(title: string): boolean {
  return SESSION_KIND.test(squash(title)) || qaSessionKind(title);
}

/** Swearing a speaker put in a title for effect reads as the sender's own word when quoted back to them. */
const PROFANE = /\b(?:f+u+c+k\w*|motherf\w*|shit\w*|bullshit|bitch\w*|crap|asshole|wtf)\b/i;

/** Talk titles go in quotes, so one that already holds quotes, shouts or swears is not quoted. */
function quotableTalk(signals: readonly Signal[], usable: Usable, s: SpeakerInput): string | null {
  // "by Evan Czaplicki - Creator of Elm" is the page's byline, not a title.
  const surname = fold(squash(s.name).split(' ').slice(-1)[0] ?? '');
  // A session they share with the floor ("Azure - Ask us Anything") says less of them than a talk of their own.
  const titles = signals.filter((sig) => sig.kind === 'talk_topic').map((sig) => withoutCoSpeaker(sig.value));
  for (const v of [...titles.filter((t) => !OPEN_FLOOR.test(t)), ...titles.filter((t) => OPEN_FLOOR.test(t))]) {
    const byline =
      /^by\s/i.test(v) || (surname.length > 2 && new RegExp(`(?<![\\p{L}])${surname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'u').test(fold(v)));
    // A title's own closing full stop would end the sentence it is quoted in ("…Problems." is why): it is left off.
    // "Resiliência em micro-serviços: … na Globo.com": a title that names a site is said by its head, so no address is quoted.
    const head = hasLink(v) && !/https?:|www\.|\//i.test(v) ? titleHead(v, MAX_TALK) : null;
    if (head && usable(head, MAX_TALK) && !isSessionKind(head) && !byline) return head;
    // "Relatore CdL in ...": a title the page cut short names no talk.
    if (usable(v, MAX_TALK) && !/(?:\.\.\.|\u2026)$/.test(v) && !QUOTE_CHARS.test(v) && !isShouting(v) && !PROFANE.test(v) && !isSessionKind(v) && !byline)
      return v.replace(/(?<!\.)\.$/, '');
  }
  return null;
}

/** A session of questions from the floor rather than a talk. */
const OPEN_FLOOR = /\bask (?:us|me) anything\b|\bAMA\b|\bQ\s?&\s?A\b|\boffice hours\b|\bmeet the (?:speakers?|experts?|team)\b/i;

/** "Creative Use of Networks Burak Arikan +": a programme's "+ co-speaker" left on the title is no part of it. */
export function withoutCoSpeaker(title: string): string {
  return title.replace(/(?:\s+\p{Lu}[\p{L}'-]+){2}\s+\+\s*$/u, '').replace(/\s+\+\s*$/, '');
}

/** "Java" or "Android" as an employer is a topic word a parser took for one. */
function isTopicWord(text: string): boolean {
  const hits = findHits(THEME_MATCHER, text);
  return hits.some((h) => h.text.length === text.trim().length);
}

/** "Rings Around Things in the Cloud" of the talk "eSDP – Rings Around Things in the Cloud" is the talk, not an employer. */
function subtitleOfTalk(company: string, s: SpeakerInput): boolean {
  const c = fold(company);
  return (s.talks ?? []).some((t) => {
    const title = fold(t.title);
    const at = title.indexOf(c);
    return at >= 0 && (at === 0 ? title === c : /(?:\s[-–—:|]|[:|])\s*$/.test(title.slice(0, at)));
  });
}

/**
 * An employer as a page decorates it, plainly: "JUNIPER (https://www.juniper.net/)" is Juniper,
 * "Canal Youtube - @alexarizanet" has a handle where a name would be. A shouted one-word name
 * longer than an acronym ("SFEIR" stays) is said as a name ("FLEXOPTICS" → "Flexoptics").
 */
export function plainOrg(name: string): string {
  const bare = squash(withoutTrailingUrl(name))
    .replace(/\s*(?:[-|\u2013\u2014]\s*)?@[\w.]+$/u, '')
    .trim();
  return /^[A-Z]{7,}$/.test(bare) ? bare[0] + bare.slice(1).toLowerCase() : bare;
}

function companyFact(signals: readonly Signal[], s: SpeakerInput, usable: Usable): string | null {
  const want = s.company ? fold(plainOrg(s.company)) : null;
  for (const sig of signals) {
    if (sig.kind !== 'company_fact') continue;
    const v = plainOrg(sig.value);
    // What is left of a handle's decoration is a channel, not an employer ("Canal Youtube").
    if (v !== squash(sig.value) && /\b(?:youtube|twitch|podcast|channel|canal|blog)\b/i.test(v)) continue;
    // "Australian Information Industry Association (AIIA)": too long to say whole, said by the short form its brackets give.
    // An acronym ("MITS", "IBM") is a name, not shouting.
    if (
      !(usable(v, MAX_COMPANY) || (usable(v, MAX_COMPANY * 2) && sayableOrg(v) !== v && usable(sayableOrg(v), MAX_COMPANY))) ||
      !dotsAreNamed(v) ||
      // "video slides: pdf": a label and its value are page furniture, not an employer.
      /:\s/.test(v) ||
      (isShouting(v) && !/^[A-Z0-9&-]{2,6}$/.test(v)) ||
      isTopicWord(v) ||
      QUOTE_CHARS.test(v) ||
      subtitleOfTalk(v, s)
    )
      continue;
    // "华为公司" in an English sentence is left out rather than said untranslated.
    if (!/\p{Script=Latin}/u.test(v)) continue;
    if (want === null || fold(v) === want) return sayableOrg(withoutLegalForm(v));
  }
  return null;
}

/** A legal form after a name ("Delivery Hero Holding GmbH", "Mirantis Inc."): people say the name without it. */
const LEGAL_TAIL =
  /,?\s+(?:Holdings?\s+)?(?:GmbH|AG|SE|KG|Inc\.?|Ltd\.?|LLC|LLP|plc|Corp\.?|S\.?p\.?A\.?|SpA|Srl|S\.r\.l\.?|S\.A\.?|B\.V\.?|N\.V\.?|Oy|AB|ASA|Pty(?: Ltd)?)\.?$/;

/** Countries the firm has offices in, joined after its name: "47 Degrees USA y España" is 47 Degrees. */
const COUNTRY =
  '(?:USA|US|UK|Espa\u00f1a|Spain|Europe|EMEA|LATAM|M\u00e9xico|Mexico|Brasil|Brazil|Portugal|Deutschland|Germany|France|Italia|Italy|Canada|India)';
const COUNTRY_LIST = new RegExp(`\\s+${COUNTRY}(?:\\s*(?:,|&|\\by\\b|\\band\\b|\\be\\b|\\bet\\b|\\bund\\b)\\s*${COUNTRY})+$`, 'u');

/** The name without its legal form or its list of countries, unless nothing would be left but one short word. */
export function withoutLegalForm(name: string): string {
  const bare = name.replace(COUNTRY_LIST, '').replace(LEGAL_TAIL, '').trim();
  return bare.length >= 2 && bare !== name ? bare : name.replace(LEGAL_STOP, '$1');
}

/** A full stop a legal form ends on ("Mirantis Inc.", "McKinsey & Co."): a sentence would end there, so it is left off. */
const LEGAL_STOP = /\b(Inc|Co|Ltd|Corp|Bros|GmbH|AG|LLC|Pty)\.$/;
/** A name that is a web address ("Goryiludzie.pl", "rowdy.codes"): one word, dots between letters. */
const DOMAIN_NAME = /^[\p{L}\d][\p{L}\d-]*(?:\.[\p{L}\d-]+)*\.\p{L}{2,10}$/u;

/**
 * Whether every full stop in an organisation's name belongs to the name: a web address, a
 * legal form or initials ("S.A.", "e.V."). A stop anywhere else means a sentence or a list
 * was read as the name ("Speaker. Works at Acme").
 */
function dotsAreNamed(name: string): boolean {
  if (!name.includes('.')) return true;
  if (DOMAIN_NAME.test(name)) return true;
  return !name
    .replace(LEGAL_STOP, '$1')
    .replace(/(?:^|[\s(])(?:\p{L}\.){1,3}(?=\s|$|\))/gu, ' ')
    .includes('.');
}

/** A heading word a page puts before the event's name: "Programm ZeTeCo", "Speakers – JSDay". */
const HEADING_WORD =
  '(?:programm[ea]?|program|programa|programação|programmation|schedule|agenda|speakers|referenten|sprekers|ponentes|relatori|orateurs|palestrantes|convidados|invitados|invités|ospiti|guests|timetable|talks)';
// "Programação e Palestrantes Women Dev Summit 2019": heading words, joined or not, before the event's name.
const FURNITURE_LEAD = new RegExp(`^${HEADING_WORD}(?:\\s+(?:e|and|&|y|et|und|i|en)\\s+${HEADING_WORD})?(?:\\s*[-–—|:»]\\s*|\\s+)(?=\\S{3})`, 'iu');
/** The page's heading words alone ("Programação e Convidados"): no event. */
const ONLY_HEADING = new RegExp(`^${HEADING_WORD}(?:\\s+(?:e|and|&|y|et|und|i|en)\\s+${HEADING_WORD})*$`, 'iu');

/**
 * The event the speaker's own page names (its title, a schema.org Event, the platform's
 * event name): read from the page the speaker was found on, so it is a fact about them.
 */
function pageConference(s: SpeakerInput, usable: Usable): string | null {
  // "Programm ZeTeCo": the page's own heading word before the event's name is not part of it.
  const name = s.conferenceName ? squash(s.conferenceName).replace(FURNITURE_LEAD, '') : '';
  // "Programação", "» Speakers": the page's heading names no event.
  if (isHeading(name) || isFurniture(name) || ONLY_HEADING.test(name) || isHeading(name.split(/\s+[-–—|:]\s+/)[0] ?? '')) return null;
  // "领域驱动设计峰会DDD-China": in an English sentence only the part in Latin letters is said;
  // "Philly Code Camp 2019.2 Progressive Web App": a release number and a track after the edition are left off.
  const said = latinPart(name).replace(/^(.*?\b(?:19|20)\d\d)\.\d{1,2}\s+\p{Lu}.*$/u, '$1');
  return said && usable(said, MAX_CONFERENCE) && !isShouting(said) ? said : null;
}

/** The run of Latin letters in a name that mixes scripts, or '' when there is none worth saying. */
function latinPart(name: string): string {
  if (!/[^\p{Script=Latin}\p{N}\p{P}\p{S}\s]/u.test(name)) return name;
  const runs = name.match(/[\p{Script=Latin}\p{N}][\p{Script=Latin}\p{N}\s.&'-]*[\p{Script=Latin}\p{N}]/gu) ?? [];
  const best = runs.sort((a, b) => b.length - a.length)[0] ?? '';
  return (best.match(/\p{L}/gu) ?? []).length >= 3 ? best.trim() : '';
}

/**
 * An organisation as a sentence can say it: "Italo-Germanica (AHK Italien)" by the short
 * form its brackets give, a name with no bracket as it is.
 */
function sayableOrg(name: string): string {
  const short = /^(.+?)\s*\(([^()]{2,30})\)$/.exec(name);
  if (!short) return name;
  return /\p{Lu}{2,}/u.test(short[2]) ? short[2] : short[1];
}

/** Words that are common nouns in a topic: lower case mid-sentence ("notes on cloud native"). */
const COMMON_WORDS = new Set(
  `cloud native multi-cloud hybrid machine learning deep data science engineering design performance security testing web mobile
  development developer online computing scientific distributed systems system leadership infrastructure platform platforms
  observability monitoring tracing reliability serverless frontend backend front-end back-end database databases analytics
  architecture software automation simulation simulations optimization modeling modelling statistics programming functional
  open source community education research privacy accessibility agile management product products apps applications app
  artificial intelligence intelligence networking network networks embedded devices games game quantum physics biology
  chemistry visualization visualisation numerical computational high differential equations linear algebra parallel
  business digital transformation productivity experience ux user users teams team career careers culture microservices
  containers devices internet things hardware robotics astronomy climate finance health healthcare image processing
  language languages natural vision audio signal streaming search graphs graph compilers compiler types type cryptography
  strategy innovation marketing sales growth ethics policy governance quality process processes operations leadership site code`.split(/\s+/),
);

/** Topic words said mid-sentence: names keep their capitals, common nouns lose them. */
export function topicCase(topic: string): string {
  return topic
    .split(' ')
    .map((w) => (COMMON_WORDS.has(w.toLowerCase()) && /^\p{Lu}\p{Ll}*(?:-\p{L}\p{Ll}*)?$/u.test(w) ? w.toLowerCase() : w))
    .join(' ');
}

/**
 * A role as a sentence says it: the first of several ("Founder, Coordinator"), and a
 * single word or a sentence-case tagline in lower case ("a founder", "a software developer").
 */
export function roleCase(role: string): string {
  // "Senior Partner e Managing Director": the Italian, Spanish, German or French "and" joins two titles too.
  const parts = role.split(/\s*(?:,|\/|\s&\s|\||;)\s*|\s+(?:e|y|und|et)\s+(?=\p{Lu})/u);
  // "Data & Solutions Architect": a first part without a job noun shares the last part's.
  const lone = parts.length > 1 && !JOB_NOUN.test(fold(parts[0] ?? ''));
  const whole = squash(lone ? role : (parts[0] ?? role));
  // "Software Architect (Lead" of "Software Architect (Lead/Principal)": a bracket the split left open is dropped.
  const open = whole.lastIndexOf('(');
  const first = open > 0 && whole.indexOf(')', open) < 0 ? whole.slice(0, open).trim() : whole;
  // "a 3rd year PhD student": the article is the sentence's to add, not the role's.
  const bareRole = first.replace(/^(?:an?|the)\s+/i, '');
  if (bareRole !== first) return roleCase(bareRole);
  const words = first.split(' ');
  const sentenceCase = words.slice(1).every((w) => w === w.toLowerCase());
  if (!sentenceCase || /^\p{Lu}{2,}/u.test(first)) return first;
  return first[0].toLowerCase() + first.slice(1);
}

/** The job noun a role ends in ("Data" alone is not a role; "Data Architect" is). */
const JOB_NOUN =
  /\b(?:engineer|developer|manager|director|head|lead|leader|architect|(?:co-?)?founder|ceo|cto|cfo|coo|cio|cpo|vp|president|officer|consultant|professor|lecturer|researcher|scientist|student|fellow|designer|analyst|advocate|evangelist|specialist|partner|owner|coach|trainer|teacher|instructor|editor|writer|author|journalist|maintainer|programmer|administrator|strategist|associate|assistant|intern|member|chair|organi[sz]er|curator|producer|artist|entrepreneur|investor|advis[eo]r|mentor|executive|coordinator|technologist|mathematician|physicist|economist|statistician|librarian|dean|rector|doctor|nurse|dietitian|nutritionist|therapist|lawyer|attorney|postdoc|candidate|speaker|host)s?\b/;

/** Words an English role is made of; a role with none of them ("Starszy badacz UX", "Tutor Web") is not said in an English sentence. */
const ROLE_WORDS = new Set(
  `engineer engineering developer development manager management director head lead leader senior staff principal chief architect founder
  co-founder cofounder ceo cto cfo coo cio cpo vp vice president officer consultant professor lecturer researcher research scientist student
  phd postdoc postdoctoral fellow designer analyst advocate evangelist specialist partner owner coach trainer teacher instructor editor
  writer author journalist maintainer contributor programmer administrator admin sre devops product program programme project owner
  expert strategist associate assistant intern member chair organizer organiser curator producer artist entrepreneur investor advisor
  adviser mentor executive coordinator technologist scientist mathematician physicist economist statistician engineer librarian
  dean rector doctor nurse dietitian nutritionist therapist lawyer attorney software web frontend backend full-stack fullstack data
  security cloud platform mobile ios android machine learning ai ux ui qa test quality solutions solution technical tech sales marketing
  community developer-relations devrel team group`.split(/\s+/),
);

function readsAsRole(role: string): boolean {
  if (/[^\p{Script=Latin}\p{N}\p{P}\p{S}\s]/u.test(role)) return false;
  const words = fold(role).match(/[\p{L}-]+/gu) ?? [];
  const known = words.filter((w) => ROLE_WORDS.has(w)).length;
  // "Tutor Web": one known word of two is a foreign title with an English word in it.
  return known > 0 && known * 2 > words.length - words.filter((w) => ['of', 'and', 'at', 'for', 'the', 'in', 'on', '&'].includes(w)).length;
}

/** A role as an English sentence says it: as the page wrote it, or a title of another language in plain English ("researcher" of "Chercheur"); else none. */
function saidRole(role: string): string | null {
  return readsAsRole(role) ? roleCase(role) : englishRole(role);
}

/** A theme the speaker chose to talk or title themselves about; a word in a bio is no expertise. */
function claimable(sig: Signal, s: SpeakerInput): boolean {
  const src = sig.sourceText;
  const elsewhere = [s.title, s.tagline, ...(s.talks ?? []).flatMap((t) => [t.title, t.abstract ?? ''])];
  return (elsewhere.some((f) => f && f.includes(src)) || !(s.bio ?? '').includes(src)) && writtenIn(sig.value, src);
}

/** "computing" and "computer" are one word to a reader; plurals and -ing forms too. */
function wordStem(w: string): string {
  if (w.length <= 4) return w;
  return w
    .replace(/ies$/, 'y')
    .replace(/(?<=.{3})(?:ing|ed)$/, '')
    .replace(/(?<=(?:ss|x|ch|sh))es$/, '')
    .replace(/(?<!s)s$/, '');
}

const THEME_FILLER = new Set(['and', 'of', 'the', 'for', 'in', 'on']);

/**
 * A topic label is said only when the text it came from writes its words, close
 * together: "scientific computing" from "numerical methods" is a guess at expertise.
 */
function writtenIn(label: string, text: string): boolean {
  const toks =
    fold(text)
      .match(/[\p{L}\p{N}.#+]+/gu)
      ?.map((w) => wordStem(w.replace(/\.$/, ''))) ?? [];
  const need = (fold(label).match(/[\p{L}\p{N}.#+]+/gu) ?? []).filter((w) => !THEME_FILLER.has(w)).map(wordStem);
  if (need.length === 0) return false;
  const places = need.map((w) => toks.flatMap((t, i) => (t === w ? [i] : [])));
  if (places.some((p) => p.length === 0)) return false;
  return places[0].some((p) => places.every((l) => l.some((q) => Math.abs(q - p) <= 4)));
}

/**
 * An intent action said as a noun phrase a later message can refer back to ("your comment
 * on a post about replica lag", "your new role at Acme"); null when it has no object.
 */
function activityRef(activity: string | null): { ref: string | null; topic: string | null } {
  if (!activity) return { ref: null, topic: null };
  const topic = / about (.+)$/.exec(activity)?.[1] ?? /^you (?:signed up for|attended|registered for|went to) (?!an? )(.+)$/.exec(activity)?.[1] ?? null;
  if (/^your /.test(activity)) return { ref: activity, topic };
  const role = /^you started a new role at (.+)$/.exec(activity);
  if (role) return { ref: `your new role at ${role[1]}`, topic: null };
  const post = /^you (?:reacted to|liked|shared) an? (post .+)$/.exec(activity);
  if (post) return { ref: `the ${post[1]}`, topic };
  const event = /^you (?:signed up for|attended|registered for|went to) (.+)$/.exec(activity);
  if (event) return { ref: /^an? /.test(event[1]) ? event[1].replace(/^an? /, 'the ') : event[1], topic };
  return { ref: null, topic };
}

export function factsFrom(s: SpeakerInput, signals: readonly Signal[], c?: CampaignBrief): Facts {
  const usable = usableFor(c);
  const themes: string[] = [];
  let role: string | null = null;
  for (const sig of signals) {
    const theme = topicCase(sig.value);
    if (sig.kind === 'theme' && usable(sig.value, MAX_THEME) && !isShouting(sig.value) && !themes.includes(theme) && claimable(sig, s)) {
      themes.push(theme);
    }
    if (sig.kind === 'role' && !role && usable(sig.value, MAX_ROLE) && !isShouting(sig.value)) role = saidRole(sig.value);
  }
  const activity = signals.find((x) => x.kind === 'intent_activity' && usable(x.value, MAX_ACTIVITY))?.value ?? null;
  const { ref, topic } = activityRef(activity);
  const talk = quotableTalk(signals, usable, s);
  const talkKind = talk ? s.talks?.find((t) => withoutCoSpeaker(t.title).replace(/(?<!\.)\.$/, '') === talk)?.kind : undefined;
  return {
    first: greetingName(s),
    talk,
    ...(talkKind ? { talkKind } : {}),
    conference: pageConference(s, usable),
    themes,
    talkThemes: themes.filter((t) => (s.talks ?? []).some((x) => fold(x.title).includes(fold(t)))),
    role,
    company: companyFact(signals, s, usable),
    activity,
    activityRef: ref,
    activityTopic: topic,
  };
}
