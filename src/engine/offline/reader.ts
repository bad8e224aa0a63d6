/**
 * Who the follow-ups are written to: where the reader stands (a student is asked about
 * their own work, a professor about their group, an engineer about their team), whether
 * the sender's product is anywhere near their field (a poor fit is never asked whether they
 * "run into" the product's problem), and a second fact about them that the first message
 * did not use: a point of their abstract, what their bio says they work on, another
 * session, their role. Every fact is read from the page's own words, never guessed.
 */
import { switchesField } from '../../qa/topics.js';
import type { CampaignBrief, Signal, SpeakerInput } from '../types.js';
import { isBroad, roleRef, sessionRef, sessionWord, type Angle } from './angle.js';
import { missionOf, leadingOf, postOf, samePlace, teachingOf } from './bio-lines.js';
import { type Facts } from './facts.js';
import { hasLink, hasPlaceholder } from './guard.js';
import { compileIcp, matchIcp } from './icp.js';
import { framePitch } from './pitch.js';
import { fold, isShouting, squash } from './text.js';

export type Standing = 'student' | 'academic' | 'practitioner' | 'leader' | 'maker' | 'other';

export interface Detail {
  /** A noun phrase about the reader, said mid-sentence: "your research on plasma turbulence". */
  ref: string;
  /** Whether it names their employer, so a message does not name it twice. */
  namesCompany: boolean;
}

export interface Reader {
  standing: Standing;
  /** Whose work a question is about: "your team", "your group", or the reader alone ("you"). */
  unit: string;
  /** The product's problem is anywhere near their work. */
  fit: boolean;
  /** The talk is about people (careers, diversity, community), not about work the product touches. */
  softTalk: boolean;
  /** The page puts them in another field (a journalist, a curator, an event on permaculture): the product is known to be far from them. */
  elsewhere: boolean;
  detail: Detail | null;
}

const STUDENT =
  /\b(?:ph\.?d\.?\s+(?:student|candidate|researcher)|doctoral\s+(?:student|candidate|researcher)|graduate student|grad student|master'?s student|msc student|undergrad(?:uate)?|student|intern)\b/i;
/** The same as pages in other languages write it: "Estudante", "Estudiante de ingeniería", "Étudiante". */
const STUDENT_ANY =
  /(?:^|[^\p{L}])(?:estudante|estudiante|[ée]tudiant[e]?|studentin|studierende[rn]?|student[ae]ssa|alun[oa]|doctorand[ae]?|doutorand[oa]|mestrand[oa])(?![\p{L}])/iu;
const ACADEMIC =
  /\b(?:professor|prof\.|lecturer|postdoc\w*|post-doc\w*|research(?:er| scientist| fellow| associate)|scientist|principal investigator|faculty|group leader|lab head|head of (?:the )?(?:lab|group))\b/i;
const PRACTITIONER =
  /\b(?:coach|dietitian|dietician|nutritionist|therapist|trainer|physician|doctor|nurse|consultant|freelancer?|independent|self-employed|author|writer|journalist|artist)\b/i;
const LEADER = /\b(?:founder|co-founder|cofounder|ceo|cto|cio|coo|vp|vice president|head|director|manager|chief|owner|lead)\b/i;
const MAKER = /\b(?:engineer|developer|programmer|architect|sre|devops|designer|analyst|administrator|hacker|maintainer)\b/i;

/** Talks about people and careers: a product pitch does not follow from them. */
const SOFT_TALK =
  /\b(?:divers\w*|inclusi\w*|underrepresent\w*|under-represent\w*|women|woman|gender|equity|equality|careers?|mentor\w*|well-?being|mental health|burn-?out|impost[eo]r|ethic\w*|activis\w*|art|arts|artist\w*|music\w*|poetry|poems?|stor(?:y|ies)|journey|lessons? (?:learned|learnt)|life|motherhood|parent\w*|kids|children|family|welcome|opening remarks|closing remarks|round ?table|fireside|networking|panel)\b/i;

function standingOf(s: SpeakerInput, f: Facts): Standing {
  const lead = (s.bio ?? '').slice(0, 300);
  const said = [f.role, s.title, s.tagline].filter(Boolean).join(' | ');
  for (const text of [said, lead]) {
    if (!text) continue;
    if (STUDENT.test(text) || STUDENT_ANY.test(text)) return 'student';
    if (ACADEMIC.test(text)) return 'academic';
    if (LEADER.test(text)) return 'leader';
    if (MAKER.test(text)) return 'maker';
    if (PRACTITIONER.test(text)) return 'practitioner';
  }
  return 'other';
}

function unitOf(standing: Standing, f: Facts): string {
  if (standing === 'student' || standing === 'practitioner') return 'you';
  if (standing === 'academic') return 'your group';
  return f.company ? 'your team' : 'you';
}

/** Work a product for teams that build or run things is no part of: said in a title, a tagline or the bio's first line. */
const OTHER_TRADE =
  /\b(?:journalist|reporter|editor|writer|novelist|poet|artist|musician|composer|painter|actor|actress|film-?maker|photographer|creative director|lawyer|attorney|solicitor|barrister|counsel|paralegal|politician|activist|priest|chef|curator|historian|philosopher|illustrator|(?:school )?teacher)\b/i;
/**
 * The same trades as the page writes them in other languages, and subjects of the arts and
 * letters, read in the bio's first sentence: "Comissària i historiadora de l'art",
 * "Periodista especializada en datos", "Si occupa di letteratura straniera".
 */
const OTHER_TRADE_ANY =
  /(?:^|[^\p{L}])(?:periodista|giornalista|journaliste|journalistin|redattore|redattrice|comiss[àa]ri[ao]|comisari[ao]|curatore|curatrice|commissaire d'exposition|historiador[a]?|storic[oa] dell'arte|art historian|escritor[a]?|scrittore|scrittrice|[ée]crivain[e]?|schriftsteller\p{L}*|poeta|insegnante|teacher|permacultur\p{L}*|permakultur\p{L}*|letteratura|literatura|litt[ée]rature|literature|gestor[a]? cultural|educaci[óo] cultural|cultural education|abogad[oa]|avvocat[oa]|rechtsanw[äa]lt\p{L}*|politician|activista|attivista|militante?|aktivist\p{L}*|blogueu(?:r|se))(?![\p{L}])/iu;
const SCHOOL = /\b(?:high|middle|primary|elementary|secondary|charter|grammar) school\b|\bacademy for (?:girls|boys)\b/i;
/** An event of another field by its name: a talk there is not on the software or research trade. */
const OTHER_EVENT = /\b(?:periodismo|journalism|giornalismo|journalisme|journalismus|permacultur\w*|permakultur\w*|literary|poetry|film festival)/i;

/** Talks about the arts: no place to hang a product for engineers or labs. */
const ARTS_TALK = /\b(?:opera|theat(?:re|er)|film|cinema|dance|literature|novel|poem|painting|sculpture|exhibition)\b/i;

/** An event of the software trade by its name: a talk there is on the trade even when its title is in another language. */
const TECH_EVENT =
  /(?:\bpy(?:con|data)|\w+-?conf\b|\bjs\w*|devfest|\bdev(?:days?|ops|con|oxx)?\b|code|hack|rubykaigi|euruko|\bruby|\brails|python|\bjava|kotlin|android|\bgolang|\brust|\bphp|drupal|wordpress|linux|\bkube|cloud|\bdata\b|\bweb\b|software|tech|\bgdg\b|azure|\baws\b|xamarin|\.net\b|dotnet|bsides|owasp|frontend|backend|\bapi\b|\btesting\b|\bagile\b|craftsman)/i;

/**
 * Talk subjects of fields far from software and labs, in the languages pages are written in:
 * farming and gardens, politics and world affairs, war and law, history, the arts. A talk on
 * one of them with no topic the engine knows says where the speaker stands.
 */
const OTHER_FIELD_TALK =
  /(?:^|[^\p{L}])(?:permakultur|permacultur|gardening|g[äa]rten|agricultur|agroecolog|landwirtschaft|politi[ck]|politique|pol[ií]tic|geopoliti|weltordnung|world order|democra|demokrat|war crimes|kriegsverbrech|geschichte|literatur|poetry|theat(?:re|er)|opera|cinema|dance|painting|sculpture|baking|cooking)/iu;

/** Whether the page puts them in another trade or field: a title, a tagline, the bio's first lines, the event or their talk. */
function elsewhereOf(s: SpeakerInput, f: Facts, titled: boolean): boolean {
  const lead = /\bis an?\s+[^.]{0,60}/i.exec((s.bio ?? '').slice(0, 300))?.[0] ?? '';
  if (OTHER_TRADE.test([f.role, s.title, s.tagline, lead].filter(Boolean).join(' | '))) return true;
  // A school below university level is where teachers work, not a research group or an engineering team.
  if (SCHOOL.test(f.company ?? '')) return true;
  // A title of the trade outweighs a bio's first lines; without one, they say where the reader stands.
  const opening = (s.bio ?? '').slice(0, 200);
  if (!MAKER.test([f.role, s.title].filter(Boolean).join(' ')) && OTHER_TRADE_ANY.test([s.title, s.tagline, opening].filter(Boolean).join(' | '))) return true;
  if (titled || MAKER.test([f.role, s.title].filter(Boolean).join(' '))) return false;
  return OTHER_EVENT.test(f.conference ?? '') || (!!f.talk && f.themes.length === 0 && OTHER_FIELD_TALK.test(f.talk));
}

/**
 * Products made for one kind of buyer, said by the campaign's positioning and pitch, and the
 * readers who are not that buyer however near their subject is:
 * - for research groups and labs: someone whose employer is not a research place (a data
 *   scientist at a company, a teacher at a high school);
 * - for people who run a practice of clients (coaches, dietitians): anyone the page does not
 *   give such a role (an epidemiologist, a professor of nutrition, a journalist on health).
 * Such a reader is told what the sender does and asked who would care, never pitched as a buyer.
 */
const FOR_RESEARCH = /\b(?:research (?:groups?|labs?|teams?)|labs|laborator(?:y|ies)|researchers|scientists|academics)\b/i;
const RESEARCH_PLACE =
  /(?:universi|institut|college|colegio|laborator|\blabs?\b|observator|research|academ|\bcern\b|\bnasa\b|hospital|klinik|clinic|school of|faculty|facult|department|\bdept\b|centre for|center for|\bcnrs\b|\binria\b|max planck|fraunhofer|helmholtz|national lab)/i;
const FOR_PRACTICE = /\b(?:coach(?:es|ing)?|practices?|practitioners?|dietitians?|nutritionists?|therapists?|personal trainers?)\b/i;
const PRACTICE_ROLE =
  /\b(?:coach\w*|nutritionists?|dietitians?|dieticians?|trainers?|therapists?|physiotherapists?|practitioners?|clinicians?|naturopaths?|practice|owner|founder|co-founder|rdn?)\b/i;

/**
 * Someone who makes what the sender makes: their employer is one of the ICP's competitors, or
 * its name or a line about it gives the product's own kind ("Honeycomb, an observability
 * platform" to a sender of an observability tool). They know the field as a rival, not a buyer.
 */
function rivalOf(s: SpeakerInput, f: Facts, c: CampaignBrief, competitor: boolean): boolean {
  if (competitor) return true;
  const kind = rivalKind(c.pitch);
  return !!kind && (kind.name.test(f.company ?? '') || kind.vendor.test([s.tagline, (s.bio ?? '').slice(0, 300)].filter(Boolean).join(' | ')));
}

/** The product's own kind as patterns, read once per pitch (every speaker of a campaign asks). */
const rivalKinds = new Map<string, { name: RegExp; vendor: RegExp } | null>();
function rivalKind(pitch: string): { name: RegExp; vendor: RegExp } | null {
  let kind = rivalKinds.get(pitch);
  if (kind !== undefined) return kind;
  const said = (framePitch(pitch)?.offer?.split(/\s+for\s+/)[0] ?? '').replace(/^(?:an?|the)\s+/i, '').trim();
  const k = said.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  kind =
    said.length < 4 || said.split(' ').length > 3
      ? null
      : {
          name: new RegExp(`\\b${k}\\b`, 'i'),
          vendor: new RegExp(`\\b${k}\\b(?:\\s+\\w+)?\\s+(?:company|vendor|platform|startup|provider|product|service)\\b`, 'i'),
        };
  if (rivalKinds.size > 64) rivalKinds.clear();
  rivalKinds.set(pitch, kind);
  return kind;
}

function buyerOf(s: SpeakerInput, f: Facts, c: CampaignBrief): boolean {
  const aim = [c.positioning, c.pitch].filter(Boolean).join(' ');
  const said = [f.role, s.title, s.tagline, (s.bio ?? '').slice(0, 300)].filter(Boolean).join(' | ');
  if (FOR_PRACTICE.test(aim) && !FOR_RESEARCH.test(aim)) return PRACTICE_ROLE.test(said);
  if (FOR_RESEARCH.test(aim) && f.company) return RESEARCH_PLACE.test(f.company);
  return true;
}

/**
 * Whether the campaign's product touches their work: the campaign's ideal customer says so
 * (a title, a keyword), or they gave a talk or topic of the conference's own field and
 * nothing says they work in another trade. Knowing nothing of them is no fit.
 */
function fitOf(s: SpeakerInput, f: Facts, c: CampaignBrief, soft: boolean, standing: Standing): boolean {
  const icp = compileIcp(c.icp);
  const m = matchIcp(s, icp);
  if (m.exclusion) return false;
  // A student buys no tools for a team: unless the campaign asks for students, they are asked who would care, never pitched.
  if (standing === 'student' && !icp.levels.has('student') && !/\bstudents?\b/i.test(c.icp.titles.join(' '))) return false;
  if (elsewhereOf(s, f, !!m.title)) return false;
  if (!buyerOf(s, f, c) || rivalOf(s, f, c, !!m.competitor)) return false;
  if (m.title || m.keywords.some((k) => k.where !== 'bio')) return true;
  // A bio word alone is weak evidence; with a role it says what they do.
  if (m.keywords.length > 0 && (m.role || f.role)) return true;
  // A talk alone says they work near the product only when it is on a topic the engine knows
  // or their role is a technical one: a talk on permaculture or baking at the same kind of
  // conference is no reason to ask about the product's problem.
  if (f.talk) return !soft && !ARTS_TALK.test(f.talk) && (f.themes.length > 0 || m.technical || TECH_EVENT.test(f.conference ?? ''));
  // At an event of the software trade, a speaker with no other trade named is of it.
  return f.themes.length > 0 || (icp.empty && m.technical) || TECH_EVENT.test(f.conference ?? '');
}

const PRONOUN = /\b(?:i|me|my|we|our|us|you|your|he|she|his|her|him|they|their|them|it|its)\b/i;
const DANGLING = /\s(?:of|the|and|or|in|on|a|an|to|for|with|at|by|from|as|into|its|their|his|her)$/i;
/** Where a phrase stops reading as one thing: a clause, a list of asides. */
const PHRASE_END =
  /\s*(?:[,;:()\u2013\u2014]|\s-\s|\s(?:particularly|especially|including|as well as|which|where|who|while|whereas|since|because|as these|as part|so that|that|through which)\b|\s(?:and|but)\s+(?:also\s+)?(?:works|worked|is|was|has|had|leads|led|runs|ran|teaches|lives|loves|enjoys|holds|serves|spends|helps|speaks|writes|organi[sz]es)\b)/i;
const MAX_WORDS = 12;

/** A phrase cut to a few words where it still reads whole; null when no cut does. */
export function shortPhrase(text: string, max = MAX_WORDS): string | null {
  let t = squash(text).split(PHRASE_END)[0] ?? '';
  // "JRuby for many years", "Rails since 2008": how long is not what.
  t = t
    .replace(/[.!?]+$/, '')
    .replace(/\s+(?:for (?:many|several|a few|over \d+|more than \d+|the (?:last|past) \d+|\d+\+?) years|since (?:\d{4}|then))$/i, '')
    .trim();
  // A phrase too long to say whole is left out: cut short, it names something else
  // ("designing intermolecular forces to achieve desired structural").
  if (t.split(' ').filter(Boolean).length > max) return null;
  while (DANGLING.test(t)) t = t.replace(DANGLING, '');
  const n = t.split(' ').length;
  // "few other projects", "Android tablets installed", "cloud technologies and working": not a subject one can name.
  if (
    /^(?:an?\s+)?(?:few|several|many|some|other|various|different|multiple|numerous|lots|lot|number|couple|bunch|handful|variety|range|series)\b/i.test(t) ||
    /\s(?:\p{L}+ed|and \p{L}+ing)$/u.test(t)
  )
    return null;
  if (n < 2 || t.length < 8 || /['\u2019]s\b/.test(t) || PRONOUN.test(t) || hasLink(t) || hasPlaceholder(t) || isShouting(t) || /["\u201c\u201d]/.test(t))
    return null;
  return t;
}

/** What a bio or tagline says they work on: "focusing on X", "her research focuses on X". */
const FOCUS = [
  /\b(?:research|work|thesis|dissertation|phd|lab|group)\s+(?:interests?\s+)?(?:focus(?:es|ed)?|centers|centres|concentrates|is|are|lies)\s+(?:mainly\s+|mostly\s+|primarily\s+)?(?:on|in|around)\s+([^.;:!?]{6,160})/i,
  /\b(?:focus(?:es|ing)|specializ(?:es|ing)|specialis(?:es|ing)|concentrating)\s+(?:mainly\s+|mostly\s+|primarily\s+)?(?:on|in)\s+([^.;:!?]{6,160})/i,
  // "has focused her research during the last 30 years on X", "with a focus on X".
  /\bfocus(?:ed|sed)\s+(?:his|her|their|my)\s+(?:research|work)\s+(?:[^.;:!?]{0,40}?\s)?on\s+([^.;:!?]{6,160})/i,
  /\bwith\s+(?:a|an)\s+(?:\p{L}+\s+)?focus\s+on\s+([^.;:!?]{6,160})/iu,
  /\b(?:currently\s+)?(?:works?|working)\s+on\s+([^.;:!?]{6,160})/i,
  // "works as a developer dealing with Ruby on Rails applications", "responsible for the payments platform".
  /\b(?:dealing|deals)\s+with\s+([^.;:!?]{6,160})/i,
  /\b(?:is|are|currently)\s+responsible\s+for\s+([^.;:!?]{6,160})/i,
  /\bresearch\s+(?:interests|fields|areas|topics)\s+(?:include|includes|are|span|cover)\s+(?:the\s+)?([^.;:!?]{6,160})/i,
  // "her main area of expertise is X", "expertise in X".
  /\b(?:areas?\s+of\s+expertise|expertise)\s+(?:is|are|includes?|lies\s+in|in)\s+([^.;:!?]{6,160})/i,
  // "using his time to develop program analysis for code review automation".
  /\b(?:to\s+develop|develops|developing|builds|building)\s+((?:\p{Ll}[\p{L}-]*\s+){1,}(?:for|of)\s+[^.;:!?]{4,120})/iu,
];

/** What a bio says they care about: "deeply interested in X", "passionate about X". */
const INTEREST =
  /\b(?:is|am|are|been|being)\s+(?:deeply\s+|particularly\s+|especially\s+|very\s+|most\s+|mostly\s+|keenly\s+)?(?:interested\s+in|passionate\s+about)\s+([^.;:!?]{6,160})/i;

/** "investigating the role of X" is work on the role of X: the verb of the bio's sentence is not part of the topic. */
const STUDY_VERB = /^(?:investigating|exploring|understanding|studying|examining|analy[sz]ing|researching)\s+(?=\S+\s+\S+)/i;

/** A subject one can say someone works on: not a team, not one broad word ("software"), not a gerund clause ("how he codes"). */
function namable(phrase: string | null): phrase is string {
  return (
    !!phrase &&
    !/^(?:the|a|an)\s+(?:team|company|project|board|committee)\b/i.test(phrase) &&
    !/^(?:how|what|why|when|where|whether|helping|making|getting|being|doing)\b/i.test(phrase) &&
    !isBroad(phrase.replace(/^(?:the|a|an)\s+/i, ''))
  );
}

function focusOf(s: SpeakerInput): string | null {
  for (const text of [s.tagline, s.bio?.slice(0, 900)]) {
    if (!text) continue;
    for (const re of FOCUS) {
      const m = re.exec(text);
      const phrase = m ? shortPhrase(m[1].replace(STUDY_VERB, '')) : null;
      if (namable(phrase)) return withArticle(phrase);
    }
  }
  return null;
}

/** "applied micro-economics and causal inference" of "She is deeply interested in …", or null. */
function interestOf(s: SpeakerInput): string | null {
  for (const text of [s.tagline, s.bio?.slice(0, 900)]) {
    const m = text ? INTEREST.exec(text) : null;
    const phrase = m ? shortPhrase(m[1]) : null;
    if (namable(phrase)) return withArticle(phrase);
  }
  return null;
}

/** Words before "of" that count rather than name ("most of", "one of"): no "the" before them. */
const COUNTING = /^(?:most|all|some|none|one|each|both|part|lots|plenty|any|many|much|few|several|half|two|three)\s/i;
/** A singular thing a proper name can qualify ("OpenStack cloud platform"): said with "the". */
const NAMED_THING =
  /^\p{Lu}[\p{L}\d.+#-]*(?:\s\p{Lu}[\p{L}\d.+#-]*)*(?:\s\p{Ll}[\p{L}-]*)*\s(?:platform|framework|library|language|project|community|ecosystem|stack|engine|system|database|toolkit|tool|protocol|standard|runtime|compiler|kernel|service|plugin|extension|package|model|method|industry|sector|market|initiative|programme|program)$/u;

/**
 * A lifted bio phrase said with the article English wants: "the identification of X" for
 * "identification of X", "the OpenStack cloud platform" for "OpenStack cloud platform".
 */
export function withArticle(phrase: string): string {
  if (/^(?:the|a|an|this|that|their|his|her|its)\s/i.test(phrase)) return phrase;
  if ((/^\p{Ll}[\p{L}-]+\sof\s/u.test(phrase) && !COUNTING.test(phrase)) || NAMED_THING.test(phrase.split(/\s(?:and|or)\s/)[0] ?? '')) return `the ${phrase}`;
  return phrase;
}

/**
 * What a bio says they made or keep: "founder and lead developer of cURL", "co-creator of
 * DuckDB", "maintainer of Requests". The name must be a name (a capital, one to three
 * words) so "founder of a small agency" says nothing.
 */
/** A name as a bio gives it after "of": a capital (or a digit, or "cURL"), one to five words. */
const NAME_AFTER = String.raw`((?:\p{Lu}|\d|\p{Ll}+\p{Lu})[\p{L}\d.+#-]*(?:\s(?:\p{Lu}|\d)[\p{L}\d.+#-]*){0,4})(?!\s(?:\p{Lu}|\d))(?=[\s,;:\u2014\u2013)]|[.!?](?:\s|$)|$)`;

const MADE = new RegExp(
  String.raw`\b(?:co-?founder|founder|co-?creator|creator|inventor|maintainer|co-?maintainer|co-?author|author|(?:lead|core|original) (?:developer|author|maintainer))(?:\s+and\s+(?:lead\s+|core\s+|original\s+)?(?:developer|maintainer|author|architect))?\s+of\s+(?:the\s+)?` +
    NAME_AFTER,
  'u',
);

/** The same in the page's own language: "CEO y fundador de Chictravelling.com", "fondatrice de X", "Gründer von X". */
const MADE_ABROAD = new RegExp(
  String.raw`\b(?:[Cc]o-?fundador[a]?|[Ff]undador[a]?|[Cc]ofondat(?:eur|rice|ore)|[Ff]ondat(?:eur|rice|ore)|(?:[Mm]it)?[Gg]r\u00fcnder(?:in)?|[Cc]riador[a]?|[Cc]reador[a]?|[Cc]reat(?:ore|rice))\s+(?:de|di|du|da|do|del|von)\s+` +
    NAME_AFTER,
  'u',
);

function madeOf(s: SpeakerInput): string | null {
  for (const text of [s.tagline, s.bio?.slice(0, 900)]) {
    const m = text ? (MADE.exec(text) ?? MADE_ABROAD.exec(text)) : null;
    // A name ends where its sentence does ("Acme Inc. He named it" is Acme Inc).
    const name = m?.[1]?.split(/\.\s/)[0]?.replace(/[.]+$/, '');
    if (name && name.length >= 2 && !hasLink(name) && !isShouting(name)) return name;
  }
  return null;
}

/** A point an abstract makes: "how X", "why X", without the speaker's own pronouns. */
const POINT = /\b(how|why)\s+([^.;:!?]{12,160})/i;

function pointOf(s: SpeakerInput, talk: string | null): string | null {
  const t = (s.talks ?? []).find((x) => talk && fold(x.title) === fold(talk)) ?? (s.talks ?? [])[0];
  const abs = t?.abstract ?? '';
  if (!abs || abs.length < 40) return null;
  const m = POINT.exec(abs.slice(0, 700));
  if (!m) return null;
  const rest = shortPhrase(m[2], 10);
  // "why for several years now": a point opens on its subject, not a preposition or an adverb.
  if (rest && /^(?:for|in|on|at|of|to|with|by|from|as|and|or|but|so|now|then|this|that|it)\b/i.test(rest)) return null;
  return rest ? `${m[1].toLowerCase()} ${rest}` : null;
}

/** Another talk of theirs than the one the sequence is about. */
function otherTalk(signals: readonly Signal[], f: Facts): string | null {
  for (const sig of signals) {
    if (sig.kind !== 'talk_topic' || !f.talk || fold(sig.value) === fold(f.talk)) continue;
    const v = squash(sig.value).replace(/(?<!\.)\.$/, '');
    if (v.length <= 70 && !/["\u201c\u201d]/.test(v) && !isShouting(v) && !hasLink(v)) return v;
  }
  return null;
}

/** A role said as "your work as a ...": it must end on what the person is ("a data" is not one). */
const ROLE_NOUN =
  /\b(?:engineer|developer|manager|director|head|lead|leader|architect|founder|co-founder|owner|ceo|cto|cio|coo|vp|president|officer|consultant|professor|lecturer|researcher|scientist|student|candidate|postdoc|fellow|designer|analyst|advocate|evangelist|specialist|partner|coach|trainer|teacher|instructor|editor|programmer|administrator|maintainer|strategist|associate|mentor|executive|coordinator|technologist|dietitian|nutritionist|physician|chair|organizer|organiser)s?$/i;

function detailOf(s: SpeakerInput, signals: readonly Signal[], f: Facts, angle: Angle, standing: Standing, soft: boolean, turn: number): Detail | null {
  const point = angle.kind === 'talk' && !soft ? pointOf(s, f.talk) : null;
  if (point) return { ref: `what your abstract says about ${point}`, namesCompany: false };
  const ref = focusRef(s, standing, f, turn);
  // The first message's angle already says it: the follow-up looks for another fact.
  if (ref && !(angle.kind === 'focus' && angle.ref === ref)) return { ref, namesCompany: false };
  const other = otherTalk(signals, f);
  if (other) return { ref: sessionRef(sessionWord(other, s.talks?.find((t) => t.title === other)?.kind), other), namesCompany: false };
  // What they studied says more of them than the job title the first message named.
  const studied = angle.kind === 'talk' ? null : backgroundOf(s);
  if (studied) return { ref: `your background in ${studied}`, namesCompany: false };
  // A talk of theirs by its title says more than a job title or an employer: the follow-up stays on it.
  // A talk the message cannot name ("your DevFest talk") says less than their role.
  const namedTalk = angle.kind === 'talk' && [angle.short, angle.ref].some((r) => r?.includes('"'));
  // A line of their bio the first message named says more than their business card: the follow-ups stay on it.
  if (angle.kind !== 'role' && angle.kind !== 'company' && angle.kind !== 'focus' && !namedTalk && f.role && ROLE_NOUN.test(f.role) && f.company)
    return { ref: roleRef(f.role, f.company, turn), namesCompany: true };
  // No "your work on <theme>": a topic word from a title or bio invents an area of expertise.
  return null;
}

/** "degrees in Mathematics and Economics", "a PhD in Computer Science", "Master of Science in X". */
const DEGREE =
  /\b(?:degrees?|Ph\.?\s?D\.?|doctorate|master'?s(?:\s+degree)?|bachelor'?s(?:\s+degree)?|M\.?Sc\.?|B\.?Sc\.?|M\.?A\.?|B\.?A\.?|MBA|(?:Master|Bachelor|Doctor)\s+of\s+(?:Science|Arts|Engineering|Philosophy))\s+in\s+([^.;:!?()]{4,80})/;

/** What a bio says they studied ("Mathematics and Economics"), or null. */
function backgroundOf(s: SpeakerInput): string | null {
  const m = DEGREE.exec(s.bio?.slice(0, 900) ?? '');
  // "from Stanford in 2020": where and when are not what.
  const subject = m ? m[1].split(/\s+(?:from|at)\s+|\s+in\s+\d{4}|,/)[0]?.replace(/^both\s+/i, '') : null;
  const phrase = subject ? shortPhrase(subject, 6) : null;
  return phrase && /^\p{L}/u.test(phrase) && !/\d/.test(phrase) ? phrase : null;
}

/** "the Cambridge Software Craftsmanship Community": a name ending in a common noun of that kind takes "the". */
const theFor = (name: string): string =>
  /\s(?:Community|Foundation|Project|Association|Initiative|Society|Institute|Alliance|Consortium|Conference|Meetup|Network|Collective)$/.test(name)
    ? `the ${name}`
    : name;

/** A fact from their bio the first message can open on when nothing else of theirs is known: "your work on cURL". */
function focusRef(s: SpeakerInput, standing: Standing, f: Facts, turn: number): string | null {
  const made = madeOf(s);
  if (made) return `your work on ${theFor(made)}`;
  const focus = focusOf(s);
  if (focus) return `your ${standing === 'student' || standing === 'academic' ? 'research' : 'work'} on ${focus}`;
  const interest = interestOf(s);
  if (interest) return `your interest in ${interest}`;
  // "on a mission to bridge the gap between …", "teaches AP Physics 1 …", "leads the platform team …": said in their words.
  const mission = lifted(missionOf(s));
  if (mission) return `your mission to ${mission}`;
  const taught = lifted(teachingOf(s));
  if (taught) return `your work teaching ${taught}`;
  const leading = lifted(leadingOf(s));
  if (leading) return `your work ${leading}`;
  return postRef(s, f, turn);
}

/** A bio phrase said whole, or null: "the gap between game development and software engineering", never "the Center at Distributive". */
function lifted(phrase: string | null): string | null {
  const said = phrase ? shortPhrase(phrase) : null;
  return said && namable(said) && !/\s(?:to|and|or)$/.test(said) ? said : null;
}

/**
 * Their post as the bio states it ("Director of the Facilities and Project Management Division
 * at the Department of Energy", "president of ClearCode"), when the page gave no role of its
 * own or a shorter one. Where they hold it is the page's employer when the bio names the same place.
 */
function postRef(s: SpeakerInput, f: Facts, turn: number): string | null {
  const post = postOf(s);
  // A post the page's role already says ("Data Scientist" of "is a Data Scientist at Pinterest") adds nothing.
  if (!post || post.role.split(' ').length > MAX_WORDS || (f.role && (!fold(post.role).includes(fold(f.role)) || fold(post.role) === fold(f.role))))
    return null;
  const org = post.org && f.company && samePlace(post.org, f.company) ? f.company : (post.org ?? f.company);
  if (org && (hasLink(org) || isShouting(org))) return null;
  return roleRef(post.role, org, turn);
}

/** The same, for a first message that knows nothing else of them. */
export const bioFocus = (s: SpeakerInput, f: Facts, turn = 0): string | null => focusRef(s, standingOf(s, f), f, turn);

export function readerOf(s: SpeakerInput, signals: readonly Signal[], f: Facts, angle: Angle, c: CampaignBrief, turn = 0): Reader {
  const standing = standingOf(s, f);
  const softTalk = !!f.talk && SOFT_TALK.test(f.talk);
  const found = detailOf(s, signals, f, angle, standing, softTalk, turn);
  // A second fact in another field of technology than the first message's reads as a second template.
  const first = [f.talk, angle.ref, angle.topic].filter(Boolean).join(' ');
  const detail = found && !switchesField(first, found.ref) ? found : null;
  const fit = fitOf(s, f, c, softTalk, standing);
  return { standing, unit: unitOf(standing, f), fit, softTalk, detail, elsewhere: !fit && elsewhereOf(s, f, !!matchIcp(s, compileIcp(c.icp)).title) };
}
