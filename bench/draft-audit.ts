/**
 * Reads drafted messages the way a reviewer would and counts what no professional would
 * send. Deliberately independent of the QA gate (src/qa): it is the yardstick the
 * gate and the offline engine are measured against, so it must not share their code.
 */

export interface AuditedSpeaker {
  name: string;
  company: string | null;
  page: string;
  /** The page's event, as a reader would name it (null when the page states none). */
  event: RegExp | null;
  /** The speaker's fields as stored, for reading a draft against its page. */
  source?: Record<string, string | null>;
  messages: Array<{ slot: number; content: string; approvable: boolean; hardFails?: string[]; reasons?: string[] }>;
}

const AWARD = /\b(?:MVP|GDE|RD|MCT|MVPs|Regional Director|Developer Expert|Champion|Ambassador|Hero|Insider|Influencer)\b/;
const YEARS = /\b\d+\+?\s*(?:years?|yrs?)\b|\bexperience\b|^\d+\+?$|(?:^|\s)\d+\+?(?:\s|$)/i;
const PRONOUN = /\b(?:he|him|his|she|her|hers|they|them|their|pronouns?)\b/i;
const SENTENCE_WORD = /\b(?:I|I'm|my|we|our|is|am|are|was|loves?|working|works|based)\b/;
const LOCATION =
  /\b(?:Remote|Switzerland|Ukraine|Germany|Austria|Poland|Portugal|Ireland|N\.? ?Ireland|Belfast|Dublin|London|Berlin|Munich|Vienna|Linz|Graz|Kyiv|Kiev|Lviv|Kharkiv|Wroc[lł]aw|Warsaw|Krak[oó]w|Lisbon|Porto|Paris|Amsterdam|Zurich|Z[uü]rich|Columbus|Cincinnati|Cleveland|Ohio|USA|United States|UK|United Kingdom|Europe|Canada|India|Brazil|Netherlands|Belgium|France|Spain|Italy|Sweden|Norway|Denmark|Finland|Bay Area|San Francisco|New York|Seattle|Boston|Chicago)\b/;
const ROLE_WORD =
  /\b(?:engineer|developer|manager|director|founder|co-?founder|ceo|cto|cio|coo|vp|architect|consultant|lead|head|evangelist|advocate|scientist|researcher|professor|student|trainer|owner|partner|president|officer|designer|analyst|programmer|specialist|administrator|admin|expert|principal|intern|freelancer|contractor|speaker|coach|teacher|lecturer)s?\b/i;
const COMPANY_SUFFIX = /\b(?:Inc|Ltd|LLC|GmbH|AG|S\.?A|Corp|Corporation|Limited|B\.?V|plc|SRL|Sp\. z o\.o)\b\.?/;

/** Why a phrase a draft states as someone's employer does not read as one, or null. */
export function badCompany(text: string): string | null {
  const t = text.trim();
  if (!t) return 'empty';
  if (AWARD.test(t)) return 'award';
  if (YEARS.test(t)) return 'number or years';
  if (PRONOUN.test(t)) return 'pronoun';
  if (t.split(/[\s,]+/).every((w) => LOCATION.test(w) || /^(?:N\.?|and)$/.test(w))) return 'location';
  if (ROLE_WORD.test(t)) return 'a job title (swapped)';
  if (SENTENCE_WORD.test(t) || t.split(/\s+/).length > 5) return 'sentence fragment';
  return null;
}

/** Why a phrase a draft states as someone's job title does not read as one, or null. */
export function badTitle(text: string): string | null {
  const t = text.trim();
  if (COMPANY_SUFFIX.test(t)) return 'a company (swapped)';
  if (/^\d|\b\d+\+?\s*years?\b/i.test(t)) return 'number or years';
  if (PRONOUN.test(t)) return 'pronoun';
  if (SENTENCE_WORD.test(t) || t.split(/\s+/).length > 8) return 'sentence fragment';
  if (!ROLE_WORD.test(t) && !/\b(?:MVP|GDE)\b/.test(t) && /^\p{Lu}/u.test(t) && t.split(/\s+/).length <= 2) return 'no role word (a company?)';
  return null;
}

/** Employers and titles a draft states, by the phrasings people use for them. */
export function statedFacts(content: string): { companies: string[]; titles: string[] } {
  const companies: string[] = [];
  const titles: string[] = [];
  const body = content.replace(/"[^"\n]*"|“[^”\n]*”/g, '"…"');
  // The employer runs from "at" over capitalised words (and a first word in any case, "at 9").
  for (const m of body.matchAll(/\bat ([^\s.?!,;:"]+(?:[ ,]+(?:[\p{Lu}\d&][^\s.?!,;:"]*))*)/gu)) {
    const place = m[1].trim();
    if (/^(?:the|a|an|this|that|your|my|our|all|least|first|once|some|times|work|home|scale|heart)$/i.test(place)) continue;
    companies.push(place);
  }
  for (const m of body.matchAll(/\b(?:you're|you are|[Aa]s) an? ([^.?!,;\n"]+?)(?= at |[.?!,;]|\n|$)/g)) titles.push(m[1].trim());
  return { companies, titles };
}

const SIGN_OFF = /(?:^|[^\n])[ \t]\b(?:Cheers|Best|Thanks|Regards|Best regards|Kind regards|Warm regards|Warmly|Talk soon|All the best|Sincerely),[ \t]*\n/;
const DANGLING = /\b(?:at|to|of|the|a|an|and|or|for|with|in|on|my|your|from|by|about)[?.!](?=\s|$)/i;
/** "Is that something you run into?" asks about a problem; after a pitch naming none it reads as a non sequitur. */
const PROBLEM_QUESTION = /\b(?:something you run into|something you encounter|run into this|encounter this)\b/i;
const PROBLEM_WORD =
  /\b(?:problem|pain|slow|slower|hard|harder|costly|cost|waste|struggle|struggling|tedious|broken|fail|fails|failing|outage|outages|toil|friction|bottleneck|risk|churn|manual|late|burn|debt|noise|noisy|flaky|lost|lose|without)\b/i;
const DOUBLED = /(?<!\.)([.,;:!?])[ \t]*[.,;:!?](?!\.)|[.!?]["”'’][.,]/;
const LOWER_START = /[.!?][ \t]+\p{Ll}/u;

/** What is broken in a message's text, or null. */
export function brokenText(content: string, pitch = ''): string | null {
  // A quoted talk title keeps its own punctuation; only its last mark meets the sentence's.
  const text = content
    .replace(/"([^"\n]*?)[.?!]*([.?!])"/g, '"Q$2"')
    .replace(/"([^"\n]*?)"/g, '"Q"')
    .replace(/“[^”\n]*?([.?!]?)”/g, '“Q$1”');
  if (SIGN_OFF.test(text)) return 'sign-off inside a sentence';
  if (DANGLING.test(text)) return 'ends mid-phrase';
  if (DOUBLED.test(text.replace(/\.\.\./g, '…'))) return 'doubled punctuation';
  if (LOWER_START.test(text.replace(/\b(?:e\.g|i\.e|etc|vs)\.\s/g, ''))) return 'fragment (sentence starts in lower case)';
  if (PROBLEM_QUESTION.test(text)) {
    const before = text.slice(0, text.search(PROBLEM_QUESTION));
    if (!PROBLEM_WORD.test(before) && !PROBLEM_WORD.test(pitch)) return 'asks about a problem no sentence named';
  }
  for (const s of text.split(/(?<=[.!?])\s+|\n+/)) {
    const words = s.trim().split(/\s+/).filter(Boolean);
    if (words.length === 1 && /^\p{Ll}/u.test(words[0])) return 'one-word fragment';
  }
  return null;
}

const GREETING = /^\s*(?:hi|hey|hello|dear|good (?:morning|afternoon|evening))\b[^,!.\n—–-]*[,!.—–-]?\s*/i;
const COMMON = new Set(
  `i i'm im you you're your we our my me a an the and or but of to in on at for with from by as is are was be been it its this that these those
  there here what how why when who which not no so up down out about into over after before more most some any all one just very really
  quick note saw see seen noticed caught eye attention talk session work working works looks look like liked topic schedule programme program
  speaker list conference great good glad thanks thank connecting connected connect follow following keen always given focus light thought
  made made think worth sharing mention interest interesting relevant useful handy fits fit connects relates closely subject last further
  brief follow-up message one also could would might may can will shall up open mind if us up again hope`.split(/\s+/),
);

/** The shape of a message's first sentence: quotes, names and topic words masked. */
export function openingShape(content: string): string {
  const body = content.replace(GREETING, '');
  const first = body.split(/(?<=[.!?])\s+|\n/)[0] ?? '';
  return first
    .replace(/"[^"]*"|“[^”]*”/g, ' Q ')
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => {
      const bare = w.toLowerCase().replace(/[^a-z'’-]/g, '');
      return bare && COMMON.has(bare) ? bare : w === 'Q' ? 'Q' : 'X';
    })
    .join(' ')
    .replace(/(?:X )+X/g, 'X');
}

/** Average number of distinct opening shapes in each run of 100 consecutive messages. */
export function distinctPer100(shapes: string[]): number {
  if (shapes.length === 0) return 0;
  if (shapes.length <= 100) return (new Set(shapes).size * 100) / shapes.length;
  let total = 0;
  let windows = 0;
  for (let i = 0; i + 100 <= shapes.length; i += 100) {
    total += new Set(shapes.slice(i, i + 100)).size;
    windows++;
  }
  return total / windows;
}

const EMAIL = /[^\s@]+@[^\s@]+\.[a-z]{2,}/i;

/** Why a scraped name is not a person's name, or null. */
export function badName(name: string): string | null {
  const n = name.trim();
  if (EMAIL.test(n)) return 'e-mail address';
  if (/^@/.test(n) || /[_\d]/.test(n)) return 'username';
  if (/\([^)]+\)$/.test(n)) return 'organisation or handle in parentheses';
  return null;
}

/** The name a message greets its reader by ("Hi Bigalex," gives "Bigalex"). */
export function greetedName(content: string): string | null {
  const m = /^\s*(?:hi|hey|hello|dear)\s+([^\s,!.—–]+)/i.exec(content);
  return m ? m[1] : null;
}

/** A greeting built from a lower-case handle ("bigalex" greeted as "Bigalex"). */
export function greetsHandle(speakerName: string, content: string): boolean {
  const greeted = greetedName(content);
  if (!greeted || greeted.toLowerCase() === 'there') return false;
  const n = speakerName.trim();
  if (badName(n)) return true;
  // One word in lower case, camelCase or capitals is a handle ("bigalex", "HonkHase", "RND"):
  // greeting it as a name ("Hi Bigalex") invents one.
  if (/\s/.test(n)) return false;
  return n === n.toLowerCase() || /\p{Ll}\p{Lu}/u.test(n) || (n === n.toUpperCase() && n.length > 1);
}

export interface AuditFigures {
  sequences: number;
  messages: number;
  wrongFacts: number;
  brokenText: number;
  namingConference: number;
  sequencesWithEvent: number;
  openingsPer100: { slot1: number; slot2: number; slot3: number };
  sameCompanySameText: number;
  /** Broken messages by what is broken. */
  brokenByKind: Record<string, number>;
  /** Messages with a wrong fact or broken text that the QA gate still let through as approvable. */
  defectsPassingQa: number;
  badNames: number;
  greetedHandles: number;
  examples: Record<string, string[]>;
}

function note(examples: Record<string, string[]>, key: string, text: string): void {
  const list = (examples[key] ??= []);
  if (list.length < 6) list.push(text);
}

function sameCompanyPairs(speakers: AuditedSpeaker[], examples: Record<string, string[]>): number {
  const byCompany = new Map<string, AuditedSpeaker[]>();
  for (const s of speakers) {
    const key = (s.company ?? '').trim().toLowerCase();
    if (key) byCompany.set(`${s.page}\u0000${key}`, [...(byCompany.get(`${s.page}\u0000${key}`) ?? []), s]);
  }
  let pairs = 0;
  const unnamed = (c: string) => c.replace(greetedName(c) ?? '\u0000', 'N');
  for (const group of byCompany.values()) {
    for (let i = 0; i < group.length; i++) {
      for (let j = i + 1; j < group.length; j++) {
        const a = group[i] as AuditedSpeaker;
        const b = group[j] as AuditedSpeaker;
        const same = a.messages.find((m) => b.messages.some((o) => o.slot === m.slot && unnamed(o.content) === unnamed(m.content)));
        if (!same) continue;
        pairs++;
        note(examples, 'same company, same text', `${a.name} / ${b.name} (${a.company}): ${same.content}`);
      }
    }
  }
  return pairs;
}

export function audit(speakers: AuditedSpeaker[], pitch = ''): AuditFigures {
  const examples: Record<string, string[]> = {};
  const shapes: Record<number, string[]> = { 1: [], 2: [], 3: [] };
  let messages = 0;
  let wrongFacts = 0;
  let broken = 0;
  let naming = 0;
  let withEvent = 0;
  let badNames = 0;
  let greetedHandles = 0;
  let passing = 0;
  const brokenByKind: Record<string, number> = {};
  for (const s of speakers) {
    if (badName(s.name)) {
      badNames++;
      note(examples, 'not a name', s.name);
    }
    if (s.event) withEvent++;
    if (s.event && s.messages.some((m) => s.event?.test(m.content))) naming++;
    for (const m of s.messages) {
      messages++;
      shapes[m.slot]?.push(openingShape(m.content));
      const facts = statedFacts(m.content);
      const wrong =
        facts.companies
          .filter((c) => !s.event?.test(c))
          .map((c) => [c, badCompany(c)] as const)
          .find(([, why]) => why) ?? facts.titles.map((t) => [t, badTitle(t)] as const).find(([, why]) => why);
      if (wrong) {
        wrongFacts++;
        note(examples, `wrong company or title: ${wrong[1]}`, `"${wrong[0]}" in ${JSON.stringify(m.content)}`);
      }
      const why = brokenText(m.content, pitch);
      if ((wrong || why) && m.approvable) passing++;
      if (why) {
        broken++;
        brokenByKind[why] = (brokenByKind[why] ?? 0) + 1;
        note(examples, `broken text: ${why}`, JSON.stringify(m.content));
      }
      if (m.slot === 1 && greetsHandle(s.name, m.content)) {
        greetedHandles++;
        note(examples, 'greets a handle or e-mail', `${s.name}: ${m.content.slice(0, 40)}`);
      }
    }
  }
  return {
    sequences: speakers.length,
    messages,
    wrongFacts,
    brokenText: broken,
    namingConference: naming,
    sequencesWithEvent: withEvent,
    openingsPer100: { slot1: distinctPer100(shapes[1] ?? []), slot2: distinctPer100(shapes[2] ?? []), slot3: distinctPer100(shapes[3] ?? []) },
    sameCompanySameText: sameCompanyPairs(speakers, examples),
    defectsPassingQa: passing,
    brokenByKind,
    badNames,
    greetedHandles,
    examples,
  };
}
