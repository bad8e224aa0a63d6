/**
 * Generic filler: a message that says nothing about its reader. A follow-up whose only
 * personal part is the greeting, or any message built on a stock line a reviewer has
 * read a hundred times ("wanted to say hello properly", "Nothing to ask for the moment"),
 * could go to anyone, and a reader can tell.
 */
import { nameTokens } from './names.js';
import { contentStemSet, fold } from './text.js';
import type { QaInput } from './types.js';

// Words every outreach draft uses; sharing them with the dossier is not personal.
export const GENERIC_OVERLAP: ReadonlySet<string> = new Set(
  (
    'talk session keynote conference event team work company role product people time year week today question idea ' +
    'thought share send call chat demo minute help hear reach note message follow back speaker speak stage audience ' +
    'point part lot open worth sound make know want need take look found find use build tool engineer engineering ' +
    'developer business customer user service system process problem solution result lesson new first last next ' +
    'change test ship scale grow growth improve better faster area'
  ).split(' '),
);

/**
 * The word stems of the message that come from what is known about this person: their
 * talk, company, research, bio. Not their name (the greeting has it), not the event
 * (every speaker of the page shares it, unless it is their company too), and no word
 * every outreach draft uses.
 */
export function personalStems(input: QaInput): ReadonlySet<string> {
  // Asked by the soft score and by generic_filler about one input.
  let hits = stemsOf.get(input);
  if (!hits) stemsOf.set(input, (hits = findPersonalStems(input)));
  return hits;
}

const stemsOf = new WeakMap<QaInput, ReadonlySet<string>>();

function findPersonalStems(input: QaInput): Set<string> {
  const hits = new Set<string>();
  if (!input.grounding.trim()) return hits;
  const known = contentStemSet(input.grounding);
  const company = contentStemSet(input.speaker.company ?? '');
  const own = nameTokens(input.speaker);
  const shared = contentStemSet(input.speaker.evidence?.event ?? input.speaker.event ?? '');
  for (const s of contentStemSet(input.content)) {
    if (GENERIC_OVERLAP.has(s) || own.has(s) || (shared.has(s) && !company.has(s))) continue;
    if (known.has(s) || company.has(s)) hits.add(s);
  }
  return hits;
}

/**
 * Lines that carry nothing: hellos with nothing to say, break-up lines, a "no" offered
 * in advance, praise that fits anyone. Each is filler wherever it stands.
 */
const STOCK_LINES: readonly RegExp[] = [
  /\bwanted to say hello properly\b/,
  /\bnothing to ask for the moment\b/,
  /\bthanks for putting it out there\b/,
  /\bnot something i get to read about often\b/,
  /\bput a face to the name\b/,
  /\bno agenda for today\b/,
  /\bi try to read up on everyone\b/,
  /\bstill on my mind, so one short question\b/,
  /\beither answer helps me\b/,
  /\ba short no is (?:completely |totally )?fine\b/,
  /\bhappy to take a no\b/,
  /\bbefore i stop writing\b/,
  /\bone question and then i'?ll stop\b/,
  /\bi promised myself one follow-?up\b/,
  /\bonly if it'?s useful to you\b/,
  /\bi'?ll keep this short\b/,
  /\b(?:found|spotted|saw) your name (?:on a speaker page|in a (?:conference )?line-?up|on a conference page)\b/,
  // A name on a programme is every speaker's; "stood out" says the writer read nothing else.
  /\byour name stood out\b/,
  // Reading claimed of what is only a business card: "Your work at ThoughtWorks came up in my reading".
  /\b(?:your (?:work|role|job) (?:at|as)|what you do (?:at|as))\b[^.?!\n]{1,80}\b(?:came|turned|cropped) up in my reading\b/,
];

/** The stock line the message is built on, or null. */
export function stockLine(content: string): string | null {
  const text = fold(content).replace(/[\u2018\u2019]/g, "'");
  for (const re of STOCK_LINES) {
    const m = re.exec(text);
    if (m) return m[0];
  }
  return null;
}

/** Words of a job title thousands of people hold: "Senior Software Engineer" says nothing of this one. */
const COMMON_TITLE_WORDS = new Set(
  (
    'senior junior lead staff software web frontend front-end front end backend back-end fullstack full-stack full stack mobile ' +
    'engineer developer programmer data scientist designer researcher consultant analyst student manager'
  ).split(' '),
);

/** "your role as a Software Engineer" with nothing after it: a job title, and no place, talk or work of theirs. */
const ROLE_ONLY_RE =
  /\b(?:your (?:role|work|job)|what you do) as an? ([\p{L} -]{2,60}?)(?=\s*[.,;!?]|\s+(?:in mind|made|is|was|caught|got|left|put|came|stood|raised)\b)/iu;

/** Words that tie a title to a place ("Head of Platform at Lumen Cloud"): a title with one is more than a role. */
const PLACED_RE = /\b(?:at|with|for|in|from)\b/i;

/** A closer reading claimed: "I looked into your talk … a bit more", "Since we connected, I've read a little more on …" (not a reading said plainly: "I read up on your talk"). */
const READ_MORE_RE =
  /\b(?:looked into|read (?:a little|a bit) more|went back to|dug into|(?:had|took) a closer look at|looked more closely at|made me look closer|spent some time on)\b/i;

/**
 * A first follow-up that says it read further and then says nothing it could have read: every word
 * it names of the reader is on their card (talk title, role, employer, event). "I looked into
 * your talk "Herramientas de Software Libre" a bit more. Should it help, I can walk you
 * through …" claims an effort the text does not show; a reviewer strikes it as filler.
 */
function emptyReading(input: QaInput): string | null {
  if (input.slot !== 2) return null;
  const claim = READ_MORE_RE.exec(input.content);
  if (!claim) return null;
  const sp = input.speaker;
  const card = contentStemSet([...(sp.talks ?? []), sp.company ?? '', sp.title ?? '', sp.event ?? '', sp.evidence?.event ?? ''].join('\n'));
  for (const s of personalStems(input)) if (!card.has(s)) return null;
  return `"${claim[0]}" claims a closer reading, and nothing the message says of them goes beyond their talk's title, role or employer`;
}

/**
 * The job title that is all a follow-up says of its reader, or null: a common one ("Software
 * Engineer"), or any title with no employer or place beside it ("your work as a Senior Design
 * Researcher"), which the readers of drafted campaigns read as a form filled with a title.
 */
function roleOnly(input: QaInput): string | null {
  const m = ROLE_ONLY_RE.exec(input.content);
  const title = m?.[1]?.trim();
  if (!title || (!title.split(/\s+/).every((w) => COMMON_TITLE_WORDS.has(w.toLowerCase())) && PLACED_RE.test(title))) return null;
  const titleStems = contentStemSet(title);
  for (const s of personalStems(input)) if (!titleStems.has(s)) return null;
  return `"${m?.[0]}" is the only thing said about this person: a title with no employer or work of theirs beside it`;
}

/** "your work on Ruby." / "your work on Azure got my attention": a topic of one word as the whole reason. */
const ONE_WORD_TOPIC_RE =
  /\byour (?:work|research) (?:on|in) (\p{L}[\p{L}\p{N}.+#-]*)(?=\s*[.,;:!?]|\s+(?:made|is|was|got|prompted|stood|stuck|caught|came|led|brought|left|seemed)\b)/iu;

/**
 * A first follow-up whose only words about its reader are their job title or employer
 * ("your work at TAS Spa is what I noticed first", "your role as a Senior Partner at BCG got
 * me curious"), or one bare word of a topic with no talk of theirs named ("your work on
 * Ruby"): a form filled with the reader's business card, which readers of drafted campaigns
 * mark as filler. The first follow-up carries the product, so it needs a reason that is
 * this person's; the connection note and the last note may point back at the card.
 */
export function thinHook(input: QaInput): string | null {
  if (input.slot === 1) return null;
  // A last note may point back at the field of work the first note named ("your work on Angular"),
  // even when the word is in their job title; readers send those.
  if (input.slot === 3 && /\byour (?:work|research) (?:on|in)\b|\byour interest in\b/i.test(input.content)) return null;
  // A talk of theirs named by its title is theirs, whatever words it shares with their job title;
  // so is "your DevFest talk" when the page gives them one (readers sent 10 of 13 such dev notes).
  if (namesOwnTalk(input) || saysOwnSession(input)) return null;
  const hits = personalStems(input);
  if (hits.size === 0) return null;
  // Their card: the job title and employer on record, and an employer or title the message names as theirs
  // ("your work at ClearCode", "your work as a software engineer at JDriven", read from a bio when the page gave none).
  const placed = [...input.content.matchAll(AT_WORK_RE), ...input.content.matchAll(TITLE_AT_RE)].map((m) => m[1]).join(' ');
  const card = contentStemSet(`${input.speaker.company ?? ''} ${input.speaker.title ?? ''} ${placed}`);
  const rest = [...hits].filter((s) => !card.has(s));
  if (rest.length === 0) return `only their job title or employer (${[...hits].join(', ')}) is said about this person`;
  // A last note may point back at the topic the first note named ("your work on Angular"); readers send those.
  const topic = input.slot === 2 ? ONE_WORD_TOPIC_RE.exec(input.content)?.[1] : undefined;
  if (topic && rest.length === 1) return `one word of theirs ("${topic}") is all the message says about this person`;
  return null;
}

/** "your Inside Frontend talk": the speaker's own session at the event, said without its title. */
const OWN_SESSION_RE =
  /\b[Yy]our (?:[\p{Lu}\d][\p{L}\d.&'-]*\s)(?:(?:[\p{Lu}\d][\p{L}\d.&'-]*|of|for|the|de|di|du|la|le|and|&)\s){0,6}(?:talk|session|keynote|workshop|presentation)\b/u;

function saysOwnSession(input: QaInput): boolean {
  return (input.speaker.talks ?? []).some((t) => t.trim().length > 0) && OWN_SESSION_RE.test(input.content);
}

/** "your work at ClearCode", "your team at Acme": the place the message says they work. */
const AT_WORK_RE = /\byour (?:work|team|role|job|own setup|setup) at (?:the )?([^.,;:?!\n]{2,60})/giu;

/** "your work as a software engineer at JDriven": the title the message gives them, read from a bio when the page gave none. */
const TITLE_AT_RE = /\b(?:your (?:work|role|job)|what you do) as an? ([^.,;:?!\n]{2,60}?) at\b/giu;

/** The message quotes one of the speaker's own talk titles. */
function namesOwnTalk(input: QaInput): boolean {
  const text = fold(input.content);
  return (input.speaker.talks ?? []).some((t) => t.trim().length >= 8 && text.includes(`"${fold(t.trim())}"`));
}

/** Why the message is generic filler, or null. */
export function genericFiller(input: QaInput): string | null {
  const stock = stockLine(input.content);
  if (stock) return `the stock line "${stock}" could go to anyone`;
  const role = input.slot !== 1 ? roleOnly(input) : null;
  if (role) return role;
  const thin = thinHook(input);
  if (thin) return thin;
  const unread = emptyReading(input);
  if (unread) return unread;
  // A follow-up must say something about this person; a connection note may rest on the event alone.
  if (input.slot !== 1 && input.grounding.trim() && personalStems(input).size === 0 && !saysOwnSession(input))
    return 'nothing in the follow-up is about this person beyond the greeting';
  return null;
}
