/**
 * The product's question asked of someone whose own page is about something else: "what
 * does your team use to spot which request got slow?" to a music teacher or an art
 * curator embarrasses the sender. The reader's own texts (title, company, bio, talks; not
 * the event every speaker shares) are read against the campaign's field: its ICP keywords
 * and titles and the pitch's words. The same field tells when a message claims that what it
 * names of the reader is close to the product's job and nothing it names is near it.
 */
import { bodyOf } from './campaign-lines.js';
import { hasCta } from './checks.js';
import { GENERIC_OVERLAP, personalStems } from './filler.js';
import { DEFINITION_RE } from './pitch.js';
import { doubtedFit } from './reader-fit.js';
import { Memo, contentStemSet, fold, sentences, withoutEvents } from './text.js';
import type { QaInput } from './types.js';

/** Fewer distinct content words of their own than this say too little to call a reader far from the field. */
const OWN_STEMS = 25;
/** Asking someone else is how a note to a far reader should read; a doubt said beside the product is doubted_fit's finding, not this one's. */
const HEDGE_RE =
  /\b(?:who should|who would|who on your side would|right person|someone else|colleague|point me|outside your|far from|not your area|may not be for you|can't say|whose would|may have nothing)\b/i;

/** Words of a pitch that name no field: a person's page holding them says nothing of their work. */
const NOT_A_FIELD = new Set(['show', 'week', 'without', 'setup', 'help', 'keep', 'actual', 'answer', 'change', 'work', 'time', 'head', 'director', 'founder']);

const fieldMemo = new Memo<ReadonlySet<string>>(16);

function fieldStems(input: Pick<QaInput, 'campaign'>): ReadonlySet<string> {
  const c = input.campaign;
  const text = [...(c.field ?? []), c.pitch ?? ''].join('\n');
  return fieldMemo.get(text, () => new Set([...contentStemSet(text)].filter((s) => !NOT_A_FIELD.has(s))));
}

/** A quoted title in the message: a talk or work of theirs, named. */
const QUOTED_RE = /"[^"\n]{3,}"|\u201c[^\u201d\n]{3,}\u201d/;

/** Whether the message points at the reader through their job title or employer and names no talk of theirs. */
function cardOnly(input: QaInput): boolean {
  if (QUOTED_RE.test(input.content)) return false;
  const said = contentStemSet(input.content);
  const talks = contentStemSet((input.speaker.talks ?? []).join('\n'));
  for (const s of talks) if (said.has(s) && !GENERIC_OVERLAP.has(s)) return false;
  const card = contentStemSet(`${input.speaker.company ?? ''} ${input.speaker.title ?? ''}`);
  return [...card].some((s) => said.has(s));
}

/** The content stems of the reader's own texts, their name left out. */
function ownStems(input: QaInput, own: string): string[] {
  const name = contentStemSet(input.speaker.name);
  return [...contentStemSet(own)].filter((s) => !name.has(s));
}

/** Whether any word of the reader's own texts is one of the campaign's field. */
function sharesField(input: QaInput, own: string): boolean {
  const field = fieldStems(input);
  return ownStems(input, own).some((s) => field.has(s));
}

/** Why the message asks the product's question, or the last note its call, of someone far from its field; or null. */
export function farFromField(input: QaInput, own: string): string | null {
  const product = input.campaign.senderCompany?.trim();
  if (input.slot === 1 || !product || !input.campaign.field?.length || HEDGE_RE.test(input.content)) return null;
  // A follow-up asks the product's question. A last note asks for the call the product is sold
  // on, named or not: read as far when all it names of them is their business card (a talk of
  // theirs named is a reason of theirs, which readers let a last note rest on).
  const asks =
    (input.content.includes('?') && fold(input.content).includes(fold(product))) ||
    (input.slot === 3 && hasCta(input.content, input.campaign.cta) && cardOnly(input));
  if (!asks) return null;
  const mine = ownStems(input, own);
  if (mine.length < OWN_STEMS || sharesField(input, own)) return null;
  return `nothing of theirs (${mine.slice(0, 5).join(', ')}…) is near the product's field, and the message asks them ${input.slot === 3 ? 'for the call' : "the product's question"}`;
}

/**
 * The writer's words that say what it just named of the reader is near the product's job:
 * "your work at X is close to what the teams I work with deal with", "made me think of the
 * teams we work with", "meet at one point", "is my day job". A reason for writing ("is why
 * I thought of Tracewise", "made me ask myself") claims no closeness and is not read here.
 */
const LINK_RE = /\b(?:is close to what|made me think of the|meet at one point|is my day job|right next to what)\b/i;

/**
 * A follow-up that claims the reader's fact leads to the product's job when nothing it names
 * of them before the claim (their talk, role, company, event) shares a word with the
 * campaign's field; or null. "Your work at NativApps is close to what the engineering teams
 * I work with deal with every day" reads as a non sequitur; "your talk on web performance
 * made me think of …" names the link.
 */
export function unfoundedLink(input: QaInput): string | null {
  if (input.slot === 1 || !input.campaign.field?.length) return null;
  const body = bodyOf(input.content);
  const at = body.search(LINK_RE);
  if (at < 0) return null;
  const sender = contentStemSet([input.campaign.senderCompany, input.campaign.senderName].filter(Boolean).join(' '));
  const named = [...contentStemSet(body.slice(0, at))].filter((s) => !sender.has(s));
  const field = fieldStems(input);
  if (named.some((s) => field.has(s))) return null;
  const link = body.slice(at).match(LINK_RE)?.[0] ?? '';
  return `"${link}" ties ${named.length ? named.join(', ') : 'nothing of the reader'} to the product's job, and none of it is near the product's field`;
}

/**
 * A first follow-up that sets the reader's talk or work beside the product and says nothing
 * of how one bears on the other: "Your talk "Test-Drive Your Database" is the reason I'd like
 * you to look at Tracewise", "Given your talk on Lucet, I'd value your opinion of our
 * observability tool". What it names of them (their talk, role, company, bio; never the event)
 * shares no word with the campaign's field, so the reader is left to make the link the writer
 * did not; a reviewer reads it as a mail merge of two fields. A sentence that sets what they
 * do beside what the product does is the link ("when a retry hides a slow payment call,
 * Tracewise points at the request"); a question about the product's job after the talk's title
 * is not. Null when the message names nothing of theirs (generic_filler's finding) or something
 * of theirs near the field.
 */
const taskMemo = new Memo<ReadonlySet<string>>(16);

/** The pitch after its definition of the product: what the product does. */
function taskText(input: Pick<QaInput, 'campaign'>): string {
  const pitch = input.campaign.pitch ?? '';
  const def = DEFINITION_RE.exec(pitch)?.[0] ?? '';
  return pitch.slice(def.length);
}

/** A product whose job is about talks, speakers or conferences. */
const TALKS_TASK = /\b(?:talks?|speakers?|speaking|conferences?|sessions?|presentations?)\b/i;
/** The message names a talk of theirs, or a session or panel they share with others ("the session "X""). */
const TALK_NAMED = /\byour (?:[\p{L}\p{N}.&'-]+ ){0,3}(?:talk|session|keynote|presentation)\b|\bthe (?:session|panel) ["\u201c]/iu;

/**
 * What the product does, as the pitch words it after its definition: "shows which request got
 * slow and the line of code behind it" of "Tracewise is observability for .NET and JavaScript
 * apps: it shows …". The definition and the product's name say what it is, not what it is for.
 */
function taskStems(input: Pick<QaInput, 'campaign'>): ReadonlySet<string> {
  const pitch = input.campaign.pitch ?? '';
  return taskMemo.get(`${input.campaign.senderCompany ?? ''}\n${pitch}`, () => {
    const def = contentStemSet(DEFINITION_RE.exec(pitch)?.[0] ?? '');
    const product = contentStemSet(input.campaign.senderCompany ?? '');
    return new Set([...contentStemSet(pitch)].filter((s) => !def.has(s) && !product.has(s) && !NOT_A_FIELD.has(s) && !GENERIC_OVERLAP.has(s)));
  });
}

export function unbridgedPitch(input: QaInput): string | null {
  const product = input.campaign.senderCompany?.trim();
  if (input.slot !== 2 || !product || !input.campaign.field?.length) return null;
  // A reader whose page is not near the field is owed the link too, unless the message says so
  // itself ("likely far from your work, so who …"): far_from_field and unfounded_link say the rest.
  if (!sharesField(input, withoutEvents(input.grounding, input.speaker)) && (HEDGE_RE.test(input.content) || unfoundedLink(input) || doubtedFit(input)))
    return null;
  const body = bodyOf(input.content);
  if (!fold(body).includes(fold(product))) return null;
  // A product whose job is the talks themselves ("turns conference talks into hiring pipelines")
  // is tied to a speaker by their talk.
  if (TALKS_TASK.test(taskText(input)) && TALK_NAMED.test(body)) return null;
  const sender = contentStemSet(`${product} ${input.campaign.senderName ?? ''}`);
  const named = [...personalStems(input)].filter((s) => !sender.has(s));
  // Nothing of theirs but the event they spoke at ("given your OpenTechSummit talk"): no reason of theirs for the pitch.
  if (named.length === 0) return TALK_NAMED.test(body) ? `it names nothing of theirs but the event's talk, and asks about ${product}` : null;
  const field = fieldStems(input);
  if (named.some((s) => field.has(s))) return null;
  // Their employer's name addresses the line ("your team at Stately"); it says nothing they do.
  const company = contentStemSet(input.speaker.company ?? '');
  const done = named.filter((s) => !company.has(s));
  const task = taskStems(input);
  for (const sentence of sentences(body)) {
    const said = contentStemSet(sentence);
    if (done.some((s) => said.has(s)) && [...said].some((s) => task.has(s))) return null;
  }
  return `what it names of them (${named.slice(0, 4).join(', ')}) shares nothing with what ${product} is for, and no sentence says how they meet`;
}
