/**
 * Splits a speaker's free-text line into job title and company. Conference taglines
 * mix "Role at Company" with slogans ("Little Fluffy Clouds"), so a company is only
 * reported on an unambiguous separator and a title only when it reads like a role.
 */

import { companyProblem, isAward, namesOrganisation, titleProblem } from './normalize-org.js';

export interface TaglineParts {
  title: string | null;
  company: string | null;
}

const ROLE_WORDS = new Set([
  'engineer',
  'developer',
  'programmer',
  'architect',
  'designer',
  'lead',
  'leader',
  'head',
  'director',
  'manager',
  'founder',
  'cofounder',
  'ceo',
  'cto',
  'cio',
  'cfo',
  'coo',
  'cpo',
  'cso',
  'cmo',
  'cdo',
  'ciso',
  'dba',
  'consultant',
  'evangelist',
  'advocate',
  'scientist',
  'researcher',
  'professor',
  'lecturer',
  'teacher',
  'student',
  // "PhD Candidate", "JD Candidate": a degree candidate is a post in academic speaker lists.
  'candidate',
  'analyst',
  'officer',
  'vp',
  'svp',
  'evp',
  'president',
  'advisor',
  'adviser',
  'partner',
  'owner',
  'mvp',
  'gde',
  'principal',
  'intern',
  'associate',
  'specialist',
  'administrator',
  'sre',
  'strategist',
  'technologist',
  'writer',
  'author',
  'editor',
  'trainer',
  'coach',
  'instructor',
  'maintainer',
  'chair',
  'chairman',
  'chairwoman',
  'secretary',
  'executive',
  'fellow',
  'expert',
  'tester',
  'statistician',
  'journalist',
  'postdoc',
  'phd',
  'ambassador',
  'organizer',
  'organiser',
  'freelancer',
  'entrepreneur',
  'craftsman',
  'technician',
  'producer',
  'devrel',
  'hacker',
  'mentor',
  'dean',
  'chief',
  'staff',
  'sdet',
  'trainerin',
  'beraterin',
  'berater',
  'coordinator',
  'enthusiast',
  'minister',
  'senator',
  'mayor',
  'councillor',
  'councilor',
  'governor',
  'scientist',
  'economist',
  'physicist',
  'chemist',
  'activist',
  'artist',
  'therapist',
  'linguist',
  'columnist',
  'novelist',
  'creator',
  'co-creator',
  'cocreator',
  'inventor',
  'commissioner',
  'deputy',
  'chancellor',
  'vice-chancellor',
  'provost',
  'rector',
  'registrar',
  'nurse',
  'physician',
  'surgeon',
  'librarian',
  'curator',
  // Common non-English role words seen on European and Latin American conference sites.
  'ingeniero',
  'ingeniera',
  'desarrollador',
  'desarrolladora',
  'desenvolvedor',
  'desenvolvedora',
  'programador',
  'programadora',
  'fundador',
  'fundadora',
  'diretor',
  'diretora',
  'directora',
  'gerente',
  'arquiteto',
  'arquitecto',
  'entwickler',
  'entwicklerin',
  'gründer',
  'gründerin',
  'geschäftsführer',
  'ingénieur',
  'développeur',
  'développeuse',
  'fondateur',
  'fondatrice',
  'directeur',
  'directrice',
  'sviluppatore',
  'ingegnere',
  'programista',
  'inżynier',
  'prezes',
  'presidente',
  'président',
  'présidente',
  'präsident',
  'präsidentin',
  'vicepresidente',
  'direttore',
  'direttrice',
  'consigliere',
  'amministratore',
  'responsabile',
  'avvocato',
  'avvocata',
  'estudante',
  'estudiante',
  'étudiant',
  'étudiante',
  'analista',
  'tutor',
  'professora',
  'professore',
  'professoressa',
  'professeur',
  'docente',
  'investigador',
  'investigadora',
  'pesquisador',
  'pesquisadora',
  'chercheur',
  'chercheuse',
  'ricercatore',
  'ricercatrice',
  'fondatrice',
  'créatrice',
  'créateur',
  'cofondateur',
  'cofondatrice',
  'cofundador',
  'cofundadora',
  'socio',
  'socia',
  'sócio',
  'sócia',
  'jefe',
  'jefa',
  'coordinador',
  'coordinadora',
  'coordenador',
  'coordenadora',
  'coordinatore',
  'coordinatrice',
  'consultor',
  'consultora',
  'consulente',
  'periodista',
  'journaliste',
  'giornalista',
  'leiter',
  'leiterin',
  'vorstand',
  'inhaber',
  'inhaberin',
  'informatiker',
  'informatikerin',
  'kierownik',
  'kierowniczka',
  'dyrektor',
  'badacz',
  'badaczka',
  'projektant',
  'projektantka',
  'specjalista',
  'architekt',
  'ontwikkelaar',
  'adviseur',
  'eigenaar',
  'oprichter',
  // Czech and Slovak.
  'programátor',
  'programátorka',
  'vývojář',
  'vývojářka',
  'novinář',
  'novinářka',
  'zakladatel',
  'zakladatelka',
  'spoluzakladatel',
  'spoluzakladatelka',
  'šéfredaktor',
  'šéfredaktorka',
  'ředitel',
  'ředitelka',
  'konzultant',
  'konzultantka',
  'vedoucí',
  'enginyer',
  'desenvolupador',
  'investigadora',
  'catedrático',
  'catedrática',
  'técnico',
  'técnica',
  'ingénieure',
  'délégué',
  'déléguée',
  'consultante',
  'conseiller',
  'conseillère',
  'chargé',
  'chargée',
  'rédacteur',
  'rédactrice',
  // Film and broadcast trades: "Cadreur - Monteur" is two jobs, not a job and an employer.
  'cadreur',
  'cadreuse',
  'monteur',
  'monteuse',
  'réalisateur',
  'réalisatrice',
  'producteur',
  'productrice',
  'responsable',
  'gestor',
  'gestora',
  'diseñador',
  'diseñadora',
  'designer',
  // More of the same trades in the languages conference pages are written in.
  'engenheiro',
  'engenheira',
  'arquiteta',
  'arquitecta',
  'cientista',
  'científico',
  'científica',
  'líder',
  'fondatore',
  'cofondatore',
  'cofondatrice',
  'sviluppatrice',
  'ingegnera',
  'architetto',
  'dirigente',
  'architecte',
  'professorin',
  'doktorand',
  'doktorandin',
  'wissenschaftler',
  'wissenschaftlerin',
  'mitgründer',
  'mitgründerin',
  'geschäftsführerin',
  'medeoprichter',
  'założyciel',
  'założycielka',
  'współzałożyciel',
  'współzałożycielka',
  'utvecklare',
  'grundare',
  'utvikler',
  'udvikler',
  'konsulent',
  'forsker',
  'rådgiver',
  'разработчик',
  'инженер',
  'основатель',
  'руководитель',
  'директор',
  'архитектор',
  'розробник',
  'засновник',
  'керівник',
  'geliştirici',
  'mühendis',
  'kurucu',
]);

/** First-person or verb-led text is a sentence about the speaker, not a job line. */
const SENTENCE = /(^|\s)(i|i'm|i’m|my|me|we|our|you|your|is|am|are|was|were|has|have|loves?|likes?)(\s|$)/i;
const TRUNCATED = /(\.\.\.|…)\s*$/;
const MAX_TITLE_WORDS = 10;
const MAX_COMPANY_WORDS = 8;

function words(text: string): string[] {
  return text.toLocaleLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Chinese and Japanese write roles without spaces; these endings make a phrase a job. */
const CJK_ROLE =
  /(?:架构师|咨询师|工程师|总监|經理|经理|专家|專家|顾问|顧問|创始人|創辦人|负责人|負責人|主管|教练|研究员|研究員|副总裁|总裁|首席|合伙人|讲师|講師|教授|开发者|布道师|董事|总经理|社長|部長|エンジニア|デザイナー|マネージャー|代表|取締役|研究者|開発者)/u;

/** German compounds ending in a role ("Referatsleiterin", "Geschäftsführer", "Softwareentwickler"). */
const ROLE_COMPOUND =
  /^\p{L}{3,}(?:leiter(?:in)?|führer(?:in)?|referent(?:in)?|beauftragte[rn]?|berater(?:in)?|entwickler(?:in)?|architekt(?:in)?|ingenieur(?:in)?|manager(?:in)?|direktor(?:in)?|vorständin|vorstand)$/u;

/** Occupations named by their ending: "Cryptographer", "Biologist", "Physician". */
const ROLE_ENDING = /^\p{Ll}{3,}(?:ographer|ologist|ician)$/u;

/**
 * "Scrum Master", "Scientific Data Meister": a capitalised "Master" ending a line of two to four
 * capitalised words is a role; never "Master Class", "git master" or "From Apprentice to Master".
 */
const ROLE_LAST = /^(?:\p{Lu}[\p{L}-]*\s+){1,3}(?:Master|Meister)$/u;

/**
 * A role word, or an honour a community gives ("Java Champion", "Oracle ACE Director"):
 * not a job, but written where the job goes, with the employer after it.
 */
function hasRoleWord(text: string): boolean {
  const ws = words(text);
  // The ending counts only on the last word: "Data Journalist", never "Ebenezer Baptist Church".
  const last = ws[ws.length - 1] ?? '';
  const lastRole = ROLE_ENDING.test(last) || ROLE_LAST.test(text.trim());
  return ws.some((w) => ROLE_WORDS.has(w) || ROLE_COMPOUND.test(w)) || lastRole || CJK_ROLE.test(text) || isAward(text);
}

function trimPunctuation(text: string): string {
  // Pictographs at either end ("Data Engineer @ Kelpware 🚀") decorate the line, no part of a name.
  return text.replace(/^[\s,;:|•·\-–—\p{Extended_Pictographic}\uFE0F\u200D]+|[\s,;:|•·\-–—\p{Extended_Pictographic}\uFE0F\u200D]+$/gu, '');
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter((w) => w.length > 0).length;
}

/** True when the text plausibly is a job title: a role word, short, not a sentence, not cut off. */
export function looksLikeJobTitle(text: string): boolean {
  const t = trimPunctuation(text);
  return t.length > 0 && wordCount(t) <= MAX_TITLE_WORDS && !TRUNCATED.test(t) && !SENTENCE.test(t) && hasRoleWord(t);
}

function plausibleTitleSide(text: string): boolean {
  return text.length > 0 && wordCount(text) <= MAX_TITLE_WORDS && !TRUNCATED.test(text) && !SENTENCE.test(text);
}

/**
 * Organisation names are short and carry a capital or a digit ("Acme", "N-iX", "42 Inc"),
 * and are none of the things speaker lines list beside them: awards, years, pronouns, places.
 */
/**
 * "le Do It Yourself de vos bureaux", "la revue de code en équipe": an article in lower case opening
 * four words or more starts a phrase, not a name ("la Poste" stays; "the" is cut later).
 */
const LOWER_ARTICLE = /^(?:le|la|les|l['’]|un|une|des|el|los|las|il|lo|gli|una|der|die|das|ein|eine)\s*(?<=\s|['’])/u;

function plausibleCompanySide(text: string): boolean {
  return (
    text.length > 0 &&
    !(LOWER_ARTICLE.test(text) && wordCount(text) >= 4) &&
    !/^@?[\p{Ll}\d_]+$/u.test(text) &&
    wordCount(text) <= MAX_COMPANY_WORDS &&
    /[\p{Lu}\p{N}]/u.test(text) &&
    !SENTENCE.test(text) &&
    !looksLikeJobTitle(text) &&
    companyProblem(text) === null
  );
}

/**
 * "Senior Consultant IoT, Microsoft Azure MVP": the award is not the employer. Trailing
 * segments that are only an award or pronouns (where the company would stand) are dropped
 * before the line is split; an award earlier in the line stays part of the title.
 */
function withoutAwards(text: string): string {
  // "Senior Engineer at Fjordpay | GDE": an honour after a bar or a dot is set apart from the role line.
  const apart = /^(.+?)\s*[|·•]\s*([^|·•]+)$/.exec(text);
  if (apart && isAward(apart[2] as string)) return withoutAwards(apart[1] as string);
  const segments = commaParts(text);
  let end = segments.length;
  while (end > 1 && (isAward(segments[end - 1] as string) || /^\(?(?:he|she|they)\/\w+\)?$/i.test(segments[end - 1] as string))) end--;
  return end < segments.length ? segments.slice(0, end).join(', ') : text;
}

interface Cut {
  left: string;
  right: string;
  /** More than one separator of this kind: the line is a list unless the left side is a role. */
  repeated: boolean;
}

/** Whether the position is inside an open round or square bracket. */
function insideBrackets(text: string, at: number): boolean {
  let depth = 0;
  for (let i = 0; i < at; i++) {
    const c = text[i];
    if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && depth > 0) depth--;
  }
  return depth > 0;
}

function cutAt(text: string, pattern: RegExp, useLast: boolean): Cut | null {
  // "Cloud Architect Azure (MCSD, MCSE & MCT)": a separator inside brackets parts nothing.
  const matches = [...text.matchAll(new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`))].filter(
    (m) => !insideBrackets(text, m.index ?? 0),
  );
  if (matches.length === 0) return null;
  const m = useLast ? matches[matches.length - 1] : matches[0];
  const start = m.index ?? 0;
  let right = text.slice(start + m[0].length);
  if (!useLast && matches.length > 1) {
    const next = matches[1];
    right = text.slice(start + m[0].length, next.index);
  }
  return {
    left: trimPunctuation(text.slice(0, start)),
    right: trimPunctuation(right),
    repeated: matches.length > 1,
  };
}

/** Accepts a cut when both sides look right; a truncated company still yields the title. */
function judge(cut: Cut | null, needsRole: boolean): TaglineParts | null {
  if (!cut) return null;
  const { left, right } = cut;
  if (!plausibleTitleSide(left)) return null;
  if ((needsRole || cut.repeated) && !hasRoleWord(left)) return null;
  // "Cafeto Software S.A.S. / Universidad Nacional": an organisation on the left is no job title.
  if (namesOrganisation(left) && !hasRoleWord(left)) return null;
  if (TRUNCATED.test(right)) return hasRoleWord(left) ? { title: left, company: null } : null;
  if (!plausibleCompanySide(right)) return null;
  return { title: left, company: right };
}

/**
 * "Role at Company"; but "University of Illinois at Urbana-Champaign" is one
 * organisation's name, not a role at a place: a left side that names an organisation
 * and no role is not cut.
 */
/** "Engineer @ heart": words that follow "@" in a phrase, never an employer. */
const AT_PHRASE =
  /^(?:heart|home|night|day|large|work|play|scale|times|best|core|last|present|random|least|most|first|once|all|ease|rest|sea|school|university|college|church|length|will|hand|risk|peace|war)$/;

function judgeAt(cut: Cut | null, sign = false, word = false): TaglineParts | null {
  if (cut && namesOrganisation(cut.left) && !hasRoleWord(cut.left)) return null;
  // "Frontend Engineer @ quiltdata": after a free-standing "@" a role's employer may be written in lower case ("@name" is a handle).
  if (
    sign &&
    cut &&
    !cut.repeated &&
    hasRoleWord(cut.left) &&
    plausibleTitleSide(cut.left) &&
    /^[\p{Ll}\d][\p{Ll}\d.-]{2,40}$/u.test(cut.right) &&
    !AT_PHRASE.test(cut.right) &&
    companyProblem(cut.right) === null
  ) {
    return { title: cut.left, company: cut.right };
  }
  // "Cybersecurity Specialist at mnemonic", "Consultant chez octo": one word in lower case after "at" (or its kin)
  // is the employer when the line before it is a role ending in its role word ("at scale" is a phrase).
  const last = cut?.left.split(/\s+/).pop() ?? '';
  if (
    word &&
    cut &&
    !cut.repeated &&
    hasRoleWord(last) &&
    looksLikeJobTitle(cut.left) &&
    /^\p{Ll}[\p{Ll}\d.-]{2,30}$/u.test(cut.right) &&
    !AT_PHRASE.test(cut.right) &&
    companyProblem(cut.right) === null
  ) {
    return { title: cut.left, company: cut.right };
  }
  return judge(cut, false);
}

/** "Company | Title": an organisation on the left, the role on the right. */
function judgeSwapped(cut: Cut | null): TaglineParts | null {
  if (!cut || cut.repeated) return null;
  const { left, right } = cut;
  if (hasRoleWord(left) || !looksLikeJobTitle(right) || !plausibleCompanySide(left)) return null;
  return { title: right, company: left };
}

/** " @ ", "@ ", " @", and "Engineer@Kelpware": an "@" between a word and a capitalised name (not an e-mail address, with no dot after it). */
const AT_SIGN = /\s+@\s*|\s*@\s+|(?<=\p{Ll})@(?=\p{Lu}[^@.\s]*(?:\s[^@.]*)?$)/u;
const SLASHES = /\s*\/\/\s*|\s+\/\s+|\s*[·•]\s*/;
/** "at" and the word for it in the languages role lines are written in. */
const AT_WORD = /\s+(?:at|bei|chez|presso|bij)\s+/i;
/**
 * "CTO en Quillstone", "Desenvolvedora na Globo", "Programista w Allegro", "CEO v Kelpware",
 * "Разработчик в Яндексе": the word for "in" that some languages write where English writes
 * "at". It also joins a degree to its field ("Ingeniero en Sistemas"), so it counts only after
 * a role and before a name that is not a field of study.
 */
const IN_WORD = /\s+(?:en|na|no|em|w|v|ve|в|во)\s+/;
const STUDY_FIELDS = new Set([
  'sistemas',
  'informática',
  'informatica',
  'computación',
  'computacion',
  'ciencias',
  'ciência',
  'ciências',
  'física',
  'química',
  'matemáticas',
  'matemática',
  'biología',
  'biologia',
  'derecho',
  'direito',
  'economía',
  'economia',
  'telecomunicaciones',
  'telecomunicações',
  'electrónica',
  'eletrônica',
  'datos',
  'dados',
  'computação',
  'desarrollo',
  'desenvolvimento',
  'informatyka',
  'ingeniería',
  'engenharia',
  'educación',
  'educação',
  'salud',
  'saúde',
  'ti',
  'tecnologia',
  'tecnología',
  'seguridad',
  'segurança',
  'inteligencia',
  'inteligência',
  'diseño',
  'comunicación',
  'comunicação',
  'gestión',
  'gestão',
  'proyectos',
  'projetos',
  'innovación',
  'inovação',
  'investigación',
  'pesquisa',
  'robótica',
  'estadística',
  'estatística',
  'medicina',
  'psicología',
  'psicologia',
  'filosofía',
  'filosofia',
  'historia',
  'história',
  'arquitectura',
  'arquitetura',
  'artes',
  'letras',
  'humanidades',
  'periodismo',
  'jornalismo',
  'negocios',
  'negócios',
  'administración',
  'administração',
]);

function judgeIn(cut: Cut | null): TaglineParts | null {
  // "Periodista de datos en El Español.": a sentence of a bio, not a role line.
  if (!cut || cut.repeated || !hasRoleWord(cut.left) || /\.$/.test(cut.right)) return null;
  const first = (cut.right.split(/\s+/)[0] ?? '').toLocaleLowerCase();
  if (STUDY_FIELDS.has(first) || FIELD_WORDS.has(first)) return null;
  // "Étudiante en alternance": a word in lower case after "en" goes on with the role; an employer is named ("Globo", "bol.com").
  if (!/^(?:\p{Lu}|\p{N}|\S+\.\p{L}{2,})/u.test(cut.right)) return null;
  return judge(cut, true);
}

const PIPE = /\s*\|\s*/;
const DASH = /\s+-\s+|\s*[–—]\s*/;
const COMMA = /\s*,\s*/;

function firstOf(text: string, patterns: RegExp[]): Cut | null {
  let best: { cut: Cut; index: number } | null = null;
  for (const pattern of patterns) {
    const index = text.search(pattern);
    if (index < 0) continue;
    const cut = cutAt(text, pattern, false);
    if (cut && (!best || index < best.index)) best = { cut, index };
  }
  return best?.cut ?? null;
}

/**
 * "Title at Company", "Title @ Company", "Title | Company", "Title - Company" and
 * "Title, Company" (the last comma separates the company), and the same with the
 * company first when only the right side reads as a role. Anything else leaves
 * the company null and keeps the line as title only when it reads like a role.
 */
/** "UNET, @ada_lind", "@ada_lind · Kelpware": a social handle standing as a part of its own is neither job nor company. */
const HANDLE_PART = /(?:^|\s*[,|·•]\s*)@[\p{L}\p{N}_.]{2,30}(?=\s*(?:[,|·•]|$))/gu;

export function withoutHandles(text: string): string {
  const rest = text
    .replace(HANDLE_PART, '')
    .replace(/^\s*[,|·•]\s*/u, '')
    .trim();
  return rest.length > 0 ? rest : text;
}

/** The parts between commas, a comma inside brackets parting nothing ("Architect (MCSD, MCT)"). */
function commaParts(text: string): string[] {
  const parts: string[] = [];
  let from = 0;
  for (const m of text.matchAll(/\s*,\s*/g)) {
    if (insideBrackets(text, m.index ?? 0)) continue;
    parts.push(text.slice(from, m.index));
    from = (m.index ?? 0) + m[0].length;
  }
  parts.push(text.slice(from));
  return parts;
}

/**
 * "Fjordpay, Norway", "Researcher, Brightwater Institute, Germany": a place after the
 * last comma says where, not who. It is dropped; what stood before it alone, when it is
 * no role, is the organisation the place belongs to.
 */
export function withoutPlace(text: string): { text: string; dropped: boolean } {
  const segments = commaParts(text);
  let end = segments.length;
  while (end > 1 && companyProblem(segments[end - 1]) === 'a place') end--;
  return end < segments.length ? { text: segments.slice(0, end).join(', '), dropped: true } : { text, dropped: false };
}

/**
 * "CTO at Stroomnet and Advisor at Larkspur", "Security Lead at Kelpware, President at
 * Fjordpay": a second role with its own "at" names a second employer, and no one of
 * them is the company (nor one of the roles the title).
 */
export function severalEmployers(text: string): boolean {
  const cut = cutAt(text, new RegExp(`${AT_WORD.source}|${AT_SIGN.source}`, 'i'), false);
  return !!cut && cut.repeated && hasRoleWord(cut.left) && hasRoleWord(cut.right) && !namesOrganisation(cut.right);
}

/** "Larkspur Health.": the full stop closing a role line is no part of the name ("Acme Ltd." keeps its own). */
function withoutFullStop(parts: TaglineParts): TaglineParts {
  return parts.company ? { ...parts, company: parts.company.replace(/(?<=\p{L}{4})\.$/u, '') } : parts;
}

/**
 * "Associate, Aleada Consulting, Fmr. Fellow, Lantern Center": what follows "Fmr.", "Former", "ex-"
 * or "previously" after a comma is a past post; the line is read without it.
 */
function withoutPastPosts(text: string): string {
  const cut = text.search(/[,;|]\s*(?:fmr\.?|former(?:ly)?|ex-|ex\s|previously|prev\.|ehemals?|ancien(?:ne)?|antes|anteriormente)(?=[\s\p{L}])/iu);
  return cut > 0 ? text.slice(0, cut).trim() : text;
}

/** A full stop that ends a sentence: after a word in lower case, before a capital ("VMware. Generalist"), not after "Inc." or "Ltd.". */
const SENTENCE_END =
  /(?<![\s.](?:[Ii]nc|[Ll]td|[Cc]orp|[Cc]o|[Ss]t|[Dd]r|[Jj]r|[Ss]r|[Mm]rs?|[Mm]s|[Pp]rof|[Dd]ept|[Uu]niv|[Nn]o|vs|etc))(?<=\p{Ll}{2})\.\s+(?=\p{Lu})/gu;
/** "Role at Organisation" as one segment of a headline. */
const ROLE_AT = /^\S.*\s(?:at|@)\s+\S/i;

/**
 * The part of a headline that is the role line: "Solution Architect VMware. Generalist for
 * Cloud, …": the first sentence, when it is short and holds a role word and the line is no prose
 * (prose ends on a full stop: "Periodista miembro del ICIJ. Ha trabajado en …." is a bio); "Azure and System
 * Center specialist | Managing Consultant at Insight24": the one segment between bars (or
 * semicolons) that says a role at an organisation. Else the line as it is.
 */
function roleSegment(text: string, prose: boolean): string {
  const first = text.split(SENTENCE_END)[0]?.trim() ?? text;
  if (!prose && first !== text && first.split(/\s+/).length <= 8 && hasRoleWord(first)) return first;
  const bars = text.split(/\s+\|\s+|\s*;\s+/);
  if (bars.length >= 2) {
    const roleAt = bars.filter((b) => ROLE_AT.test(b) && hasRoleWord(b.split(/\s(?:at|@)\s/i)[0] ?? ''));
    if (roleAt.length === 1) return roleAt[0] as string;
  }
  return text;
}

/** "Microsoft MVP, Senior Consultant at Kelpware": an honour before the role line is set apart from it. */
function withoutLeadingAward(text: string): string {
  const m = /^([^,]+),\s+(.+)$/.exec(text);
  return m && isAward(m[1] as string) && ROLE_AT.test(m[2] as string) ? (m[2] as string) : text;
}

/** A line wholly inside quotation marks, straight or curly. */
const QUOTED_WHOLE = /^(?:"[^"]+"|\u201c[^\u201d]+\u201d|\u201e[^\u201c\u201d]+[\u201c\u201d]|\u00ab[^\u00bb]+\u00bb)$/u;

export function splitTagline(tagline: string | null | undefined): TaglineParts {
  const whole = withoutPastPosts(withoutAwards(trimPunctuation(withoutHandles((tagline ?? '').replace(/\s+/g, ' ').trim()))));
  if (!whole) return { title: null, company: null };
  // '"Web Application Security - A Hands on Testing Challenge"': a line in quotation marks is a title quoted, never a role and an employer.
  if (QUOTED_WHOLE.test(whole)) return { title: null, company: null };
  const line = withoutLeadingAward(roleSegment(whole, /\.\s*$/.test(tagline ?? '')));
  if (line !== whole) return splitTagline(line);
  if (severalEmployers(whole)) return { title: null, company: null };
  const { text, dropped } = withoutPlace(whole);
  // "Militant @ LFI / NUPES": the employer's slot names two organisations; the role stands, no company.
  const at = /^(.+?)\s+(?:@|at)\s+(.+)$/i.exec(text);
  if (at && companyProblem(at[2] as string) === 'two organisations')
    return { title: titleProblem(at[1] as string) === null ? (at[1] as string) : null, company: null };
  if (dropped && !/,/.test(text) && !hasRoleWord(text) && plausibleCompanySide(text)) return { title: null, company: text };
  // "Fjordpay / Universidad del Valle": two organisations side by side, no role before them.
  const slash = /^(.+?)\s+\/\s+(.+)$/.exec(text);
  if (slash && !hasRoleWord(slash[1] as string) && companyProblem(text) === 'two organisations') return { title: null, company: null };
  return withoutUnitTitle(withoutArticle(withoutTopic(withoutDepartment(withoutFullStop(splitParts(text))))));
}

/**
 * "… at the University of Bari", "… at the University of Primorska in Koper": the article written in
 * lower case after "at" and the town after an institution's name are no part of the name ("The
 * Guardian" keeps its capital article).
 */
function withoutArticle(parts: TaglineParts): TaglineParts {
  if (!parts.company) return parts;
  const company = withoutBracketAside(parts.company)
    .replace(/^the\s+(?=[\p{Lu}\d])/u, '')
    .replace(/^(.+?)\s+in\s+\p{Lu}[\p{L}-]+$/u, (whole, org: string) => (namesOrganisation(org) ? org : whole));
  return company === parts.company ? parts : { ...parts, company };
}

/** "Kelpware (Berlin)", "Kelpware (ex-Fjordpay)": a town or a past employer in brackets after the name is no part of it. */
function withoutBracketAside(company: string): string {
  const m = /^(.+?)\s*\(([^()]+)\)$/.exec(company);
  if (!m) return company;
  const aside = (m[2] as string).trim();
  return /^(?:ex-|ex\s|former(?:ly)?\s|previously\s|prev\.\s)/i.test(aside) || companyProblem(aside) === 'a place' ? (m[1] as string) : company;
}

/** Units that are never a post ("Chair of …" is a professorship, and stays). */
const UNIT_ONLY =
  /^(?:the\s+)?(?:department|dept\.?|faculty|division)\s+(?:of|for)\s|^(?:dipartimento|departamento|departament|d[ée]partement|fachbereich|fakult[äa]t)\s/iu;

/** "Faculty of Mathematics, … at the University of Primorska": a unit of the institution where the role goes is no role. */
function withoutUnitTitle(parts: TaglineParts): TaglineParts {
  return parts.title && UNIT_ONLY.test(parts.title) ? { ...parts, title: null } : parts;
}

/** "Sr. Software Developer, .Net": a platform after the role ("…, .NET & DDD") is what they work in, no part of the job. */
function withoutTopic(parts: TaglineParts): TaglineParts {
  const role = parts.title?.replace(/,\s*\.\p{L}[^,]*$/u, '').trim();
  return role && role !== parts.title && looksLikeJobTitle(role) ? { ...parts, title: role } : parts;
}

/** "Department of Physics", "Dept. of CS", "Dipartimento di Informatica": the unit of an institution, not a role. */
const UNIT =
  /^(?:(?:the\s+)?(?:department|dept\.?|faculty|school|division|chair)\s+(?:of|for)\s|dipartimento\s|departamento\s|departament\s|d[ée]partement\s|fachbereich\s|fakult[äa]t\s|lehrstuhl\s)/iu;

/**
 * "Professor, Department of Physics, Northmoor University": with the institution as the
 * company, the department after the role leaves the title.
 */
function withoutDepartment(parts: TaglineParts): TaglineParts {
  if (!parts.title || !parts.company) return parts;
  const cut = parts.title.lastIndexOf(',');
  if (cut <= 0) return parts;
  const role = parts.title.slice(0, cut).trim();
  return UNIT.test(parts.title.slice(cut + 1).trim()) && looksLikeJobTitle(role) ? { ...parts, title: role } : parts;
}

/**
 * "Lead Engineer - Platform and Observability, Fjordpay": a dash inside the role, the employer after
 * the last comma. The dash cuts the role line only when no comma follows it.
 */
function dashBeforeComma(text: string): boolean {
  const dash = text.search(DASH);
  return dash >= 0 && /,\s*\S/.test(text.slice(dash));
}

/**
 * "Institute of Political Economy and Governance, IPEG": an organisation followed by its own
 * initials is one name, after a role or alone.
 */
function namedWithInitials(text: string): TaglineParts | null {
  const m = /^(?:(.+),\s*)?([^,]+?),\s*\(?(\p{Lu}{2,6})\)?$/u.exec(text);
  if (!m) return null;
  const [role, name, abbr] = [m[1]?.trim(), m[2] as string, m[3] as string];
  const initials = name
    .split(/\s+/)
    .filter((w) => /^\p{Lu}/u.test(w))
    .map((w) => w[0])
    .join('');
  if (initials !== abbr || hasRoleWord(name)) return null;
  const company = `${name}, ${abbr}`;
  // "Director, Institute of …, IPEG": the role before the name stays the title.
  if (!role) return { title: null, company };
  return hasRoleWord(role) && plausibleTitleSide(role) ? { title: role, company } : null;
}

function splitParts(text: string): TaglineParts {
  const parts =
    namedWithInitials(text) ??
    domainCompany(text) ??
    judgeAt(firstOf(text, [AT_SIGN, AT_WORD]), /^[^@]+\s@\s+[^@\s]+$/.test(text), !text.includes('@')) ??
    judgeIn(cutAt(text, IN_WORD, false)) ??
    judge(cutAt(text, SLASHES, false), false) ??
    judgeSwapped(cutAt(text, SLASHES, false)) ??
    judge(cutAt(text, PIPE, false), false) ??
    judgeSwapped(cutAt(text, PIPE, false)) ??
    judge(dashBeforeComma(text) ? null : cutAt(text, DASH, false), false) ??
    judgeSwapped(cutAt(text, DASH, false)) ??
    organisationFirst(text) ??
    judge(cutAt(text, COMMA, true), true) ??
    judgeSwapped(cutAt(text, COMMA, true)) ??
    roleForOrganisation(text) ??
    bracketedCompany(text) ??
    roleOfOrganisation(text) ??
    roleThenOrganisation(text);
  if (parts) return parts;
  return { title: looksLikeJobTitle(text) ? text : null, company: null };
}

/**
 * "Elastic, Principal Security Architect, Security Evangelist": the employer first, then two roles
 * or more, each with a role word; the employer is what comes before the first comma.
 */
function organisationFirst(text: string): TaglineParts | null {
  const parts = text.split(/\s*,\s+/);
  if (parts.length < 3) return null;
  const [first, ...roles] = parts as [string, ...string[]];
  // A sentence ("Doctor en Periodismo por la Complutense, periodista y profesor, consultor de X.") is no role line.
  if (/\.$/.test(text) || first.split(/\s+/).length > 4) return null;
  if (hasRoleWord(first) || !plausibleCompanySide(first) || !roles.every((r) => hasRoleWord(r) && plausibleTitleSide(r))) return null;
  return { title: roles.join(', '), company: first };
}

/** What a bracket after a role says besides an employer: how or where the person works. */
const NOT_EMPLOYER =
  /^(?:remote|freelance|freelancer|retired|emeritus|emerita|volunteer|intern|part[- ]time|full[- ]time|contract|contractor|self[- ]employed|independent|ret\.?|he\/\w+|she\/\w+|they\/\w+)$/i;

/** "Senior Engineer (Quillstone)": a role with its employer in brackets. */
function bracketedCompany(text: string): TaglineParts | null {
  const m = /^([^()]+?)\s*\(([^()]+)\)$/u.exec(text);
  if (!m) return null;
  const [title, company] = [(m[1] as string).trim(), (m[2] as string).trim()];
  if (!hasRoleWord(title) || !plausibleTitleSide(title) || NOT_EMPLOYER.test(company) || hasRoleWord(company)) return null;
  if (company.split(/\s+/).every((w) => FIELD_WORDS.has(w.toLowerCase()))) return null;
  return plausibleCompanySide(company) ? { title, company } : null;
}

/**
 * "Co-fondatrice du Mouton Numérique", "Délégué général de la Fing", "Direttore della
 * Fondazione Lumen": the article joined to "of" before a capital opens an organisation's
 * name, never a field ("Ingeniero de Software" takes no article and is left whole).
 */
const OF_THE = /^(.+?)\s+(?:du|de la|della|dello)\s+(?=[\p{Lu}\d])(.+)$/u;

function roleOfOrganisation(text: string): TaglineParts | null {
  const m = OF_THE.exec(text);
  if (!m) return null;
  const [title, company] = [m[1] as string, m[2] as string];
  if (!looksLikeJobTitle(title) || hasRoleWord(company) || FIELD_WORDS.has((company.split(/\s+/)[0] ?? '').toLowerCase())) return null;
  return plausibleCompanySide(company) ? { title, company } : null;
}

/** Roles that are held of a firm ("Founder and CEO of Paladin"); "Director of Engineering" names a field instead. */
const HEAD_OF_FIRM = /^(?:ceo|cto|coo|cfo|cio|cmo|cpo|founder|co-?founder|cofounder|president|owner|chair(?:man|woman|person)?)$/i;
const OF_OR_FOR = /^(.+?)\s+(of|for)\s+(the\s+)?(?=[\p{Lu}\d])(.+)$/u;

/**
 * "Founder and CEO of Theory and Principle", "Director of the Tubman Project", "Spec Hacker for
 * Fjordpay", "Backend Developer for Center for Legal Instruction (CLI)": a role, then "of" or "for"
 * and a capitalised organisation. "of" gives the employer after a firm's head ("CEO", "Founder") or
 * before "the"; "for" after any role word. A field ("Head of Product", "Director of Engineering"),
 * a unit ("Director of Clinical Programs" is read as a field by its first word) or a second role
 * after the preposition gives none.
 */
function roleForOrganisation(text: string): TaglineParts | null {
  const m = OF_OR_FOR.exec(text);
  if (!m) return null;
  const [title, prep, article, company] = [m[1] as string, m[2] as string, m[3], m[4] as string];
  const last = title.split(/\s+/).pop() ?? '';
  if (!hasRoleWord(last) || !looksLikeJobTitle(title) || /[,|;]/.test(title)) return null;
  if (prep === 'of' && !article && !HEAD_OF_FIRM.test(last)) return null;
  if (hasRoleWord(company) || FIELD_WORDS.has((company.split(/\s+/)[0] ?? '').toLowerCase()) || UNIT.test(company)) return null;
  return plausibleCompanySide(company) ? { title, company } : null;
}

/** "Node.js", "ASP.NET": names of software, written like a web address. */
const SOFTWARE_NAME = /\.js$|^(?:asp|ado|vb)\.net$/i;

/** "Engineer @ hakibenita.com", "Staff Engineer, bol.com": a web address after "@", "at" or a comma is the company, in any case. */
function domainCompany(text: string): TaglineParts | null {
  const m = /^(.+?)(?:\s+(?:@|at)\s+|\s*,\s*)((?:www\.)?[\p{L}\d-]+(?:\.[\p{L}\d-]+)*\.[a-z]{2,})$/iu.exec(text);
  if (!m || SOFTWARE_NAME.test(m[2] as string)) return null;
  return plausibleTitleSide(m[1] as string) && hasRoleWord(m[1] as string) ? { title: m[1] as string, company: m[2] as string } : null;
}

/** Words that name a field or a department after a role ("Product Manager Growth"), not an employer. */
const FIELD_WORDS = new Set([
  'growth',
  'platform',
  'platforms',
  'infrastructure',
  'security',
  'mobile',
  'web',
  'frontend',
  'backend',
  'cloud',
  'data',
  'design',
  'research',
  'marketing',
  'sales',
  'product',
  'products',
  'operations',
  'engineering',
  'emea',
  'apac',
  'europe',
  'americas',
  'devops',
  'ai',
  'ml',
  'ux',
  'ui',
  'qa',
  'it',
  'innovation',
  'strategy',
  'technology',
  // A university officer's portfolio: "Deputy Vice-Chancellor (Academic)", "Pro Vice-Chancellor (Learning)".
  'academic',
  'learning',
  'teaching',
  'education',
  'students',
  // Languages and platforms follow roles too ("Senior Developer Java"); they employ nobody.
  'java',
  'javascript',
  'typescript',
  'python',
  'ruby',
  'rails',
  'php',
  'android',
  'ios',
  'kotlin',
  'swift',
  'scala',
  'react',
  'angular',
  'vue',
  'node',
  'node.js',
  '.net',
  'dotnet',
  'c#',
  'c++',
  'golang',
  'go',
  'rust',
  'elixir',
  'clojure',
  'haskell',
  'sql',
  'azure',
  'aws',
  'gcp',
  'kubernetes',
  'linux',
  'open',
  'source',
  'xamarin',
  'flutter',
  'digital',
  'finance',
  'hr',
  'legal',
  'communications',
  'partnerships',
  'business',
  'customer',
  'analytics',
  'software',
  'health',
  'education',
  'transport',
  'energy',
  'justice',
  'affairs',
  'science',
  'policy',
  'vendite',
  'ventas',
  'vertrieb',
  'ventes',
  'comunicazione',
  'comunicación',
  'kommunikation',
  'finanza',
  'finanzas',
]);
const LINKING = new Set(['of', 'and', '&', 'for', 'de', 'di', 'del', 'der', 'des', 'du', 'la', 'le', 'und', 'et', 'y', 'e', 'i']);

const isRemitWord = (token: string): boolean => {
  const w = token.toLowerCase();
  return FIELD_WORDS.has(w) || companyProblem(token) === 'a place';
};

/**
 * Where a role's remit ends: "Director Marketing", "Head of Digital", "Director Sales
 * Italy & Malta" go on after the role word with fields and places, joined by "of" or "&".
 */
function afterRemit(tokens: string[], from: number): number {
  let i = from;
  while (i < tokens.length) {
    const token = tokens[i] as string;
    if (isRemitWord(token)) i += 1;
    else if ((LINKING.has(token.toLowerCase()) || token === '&') && i + 1 < tokens.length && isRemitWord(tokens[i + 1] as string)) i += 2;
    else break;
  }
  return i;
}

/**
 * "CEO Rosenthal", "Chief Digital Officer Allianz SE": a role with no separator before
 * the employer. The line is cut after a role word where the rest is a short run of
 * capitalised words with no role word in it ("& Partner" names a firm) and no field name.
 */
function roleThenOrganisation(text: string): TaglineParts | null {
  const tokens = text.split(' ');
  for (let r = 1; r < tokens.length; r++) {
    const prev = tokens[r - 1] as string;
    if (!hasRoleWord(prev) || LINKING.has(prev.toLowerCase())) continue;
    const i = afterRemit(tokens, r);
    const rest = tokens.slice(i);
    if (rest.length === 0) continue;
    if (rest.length > 4 || !/^[\p{Lu}\d]/u.test(rest[0] as string)) continue;
    const restText = rest.join(' ');
    const firm = restText.replace(/\s*&\s*partners?$/i, '');
    if (hasRoleWord(firm) || rest.some((w) => FIELD_WORDS.has(w.toLowerCase()))) continue;
    const title = tokens.slice(0, i).join(' ');
    if (!plausibleTitleSide(title) || !plausibleCompanySide(firm)) continue;
    return { title, company: restText };
  }
  return null;
}
