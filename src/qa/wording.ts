/**
 * Wording a reviewer would stop at although every fact in it is right: wishing luck
 * for a talk given years ago or calling it one to catch, "Hey there" to someone whose name is known, and an ask
 * hedged twice ("Mind if we connect, if that works for you?").
 */
import { bodyOf } from './campaign-lines.js';
import { hasCta } from './checks.js';
import { maskQuotes } from './stated.js';
import { STOPWORDS, fold, sentences, words } from './text.js';
import type { QaInput } from './types.js';

const YEAR_RE = /(?<![\d.])(?:19|20)\d\d(?![\d])/g;

/** The latest year the event's own texts give (its name, the event and talk evidence), or null. */
export function eventYear(input: Pick<QaInput, 'speaker'>): number | null {
  const s = input.speaker;
  const texts = [s.event, s.evidence?.event, s.evidence?.talk].filter((t): t is string => Boolean(t));
  const years = texts.flatMap((t) => [...t.matchAll(YEAR_RE)].map((m) => Number(m[0])));
  return years.length ? Math.max(...years) : null;
}

// A wish or an anticipation that only makes sense before the talk.
const AHEAD_RE =
  /\b(?:good luck with|best of luck with|all the best with|looking forward to|look forward to|hope .{0,20}goes well)\s+(?:your|the)\b[^.!?\n]{0,80}?\b(?:talk|session|keynote|workshop|presentation|panel|lecture)\b/;

// A talk still to be caught: "… sounds like one to catch", "… sounds like a session worth catching".
const TO_CATCH_RE = /\b(?:sounds|looks) like (?:one|a (?:session|talk|keynote)) (?:to catch|worth catching)\b/;

/** Why the message wishes well for a talk that is already over, or null. The year comes from the caller's clock. */
export function pastEventWish(input: Pick<QaInput, 'content' | 'speaker' | 'today'>): string | null {
  if (!input.today) return null;
  const year = eventYear(input);
  if (year === null || year >= input.today.getUTCFullYear()) return null;
  const folded = fold(input.content);
  const m = AHEAD_RE.exec(folded) ?? TO_CATCH_RE.exec(folded);
  return m ? `"${m[0]}" for an event of ${year}, which is over` : null;
}

const TITLE_WORD = /^(?:dr|prof|professor|mr|mrs|ms|mx|sir|dame|the|hon|rev)\.?$/i;

/**
 * The given name a greeting could use, or null: a name in Latin script of two words or
 * more whose first (after any title) is a whole word, not an initial, a handle or an
 * e-mail address. "J. Smith", "bigalex" and "pkoerner81929" leave "Hi there" as the
 * honest greeting.
 */
function givenNameOf(name: string): string | null {
  if (!/\p{Script=Latin}/u.test(name) || /[@\d_]/.test(name)) return null;
  const words = name
    .replace(/,.*$/, '')
    .split(/\s+/)
    .filter((w) => w && !TITLE_WORD.test(w));
  const first = words[0]?.replace(/[.()"']/g, '') ?? '';
  return words.length >= 2 && first.length >= 2 ? first : null;
}

const THERE_RE = /^\s*(?:hi|hey|hello|hiya)\s+there\b/i;

/**
 * "Hey there" when the speaker's name is known, or null. A name in a script the greeting
 * cannot carry ("滕云" in an English note) leaves "Hey there" as the polite choice.
 */
export function anonymousGreeting(content: string, name: string): string | null {
  if (!givenNameOf(name)) return null;
  const m = THERE_RE.exec(content);
  return m ? `"${m[0].trim()}" to ${name}` : null;
}

// An ask that already asks leave ("Mind if we connect", "Would it be okay if") ...
const ASKS_LEAVE_RE = /\b(?:mind if|would you mind|is it ok(?:ay)? (?:if|to)|would it be ok(?:ay)? (?:if|to)|may i)\b/;
// ... then hedged once more before the question mark.
const SECOND_HEDGE_RE =
  /,\s*(?:if (?:that|it) (?:works|suits|is ok(?:ay)?|is fine)(?: (?:for |with )?you)?|if you(?:'re| are) (?:open|up) (?:to it|for it)|if you don'?t mind)\s*\?/;

// Each stretch up to a sentence's end, its end included: the ones ending in "?" are questions.
// (Matched whole, not tried from every start as /[^.!?\n]*\?/ would be.)
const CLAUSE_RE = /[^.!?\n]*(?:[.!?\n]|$)/g;

/** An ask hedged twice in one question, or null. */
export function doubledHedge(content: string): string | null {
  for (const [q] of content.matchAll(CLAUSE_RE)) {
    if (!q.endsWith('?')) continue;
    const text = fold(q);
    if (ASKS_LEAVE_RE.test(text) && SECOND_HEDGE_RE.test(text)) return `"${q.trim()}"`;
  }
  return null;
}

/**
 * An offer to review how the reader's team works and tell them what to change: "I'd gladly
 * look at how your team goes about … and share what I'd change". A stranger who has read
 * one page about someone is in no place to audit their practice.
 */
const AUDIT_RE =
  /\b(?:share|tell you|send you|suggest) what I(?:'d|\u2019d| would) (?:change|do differently|fix|improve)\b|\bI(?:'d|\u2019d| would) (?:gladly|happily|be glad to|be happy to|love to) (?:look at|review|audit|go over) how your (?:team|group|lab|company|practice)\b/i;

/** Why the message offers to audit the reader's practice, or null. */
export function presumptuousOffer(content: string): string | null {
  const m = AUDIT_RE.exec(content);
  return m ? `"${m[0]}"` : null;
}

/**
 * Delight over what the writer only read about the reader: "Learning about your work at X
 * came as a treat", "It was a pleasure reading up on your talk", "made for a pleasant
 * discovery", "your work at CERN seemed fascinating". A stranger's pleasure at reading a job
 * title or a talk title is flattery, and over a hard subject (a war-crimes talk) it is worse;
 * "I enjoyed reading about", "made for interesting reading" or "stayed with me" say as much.
 */
const EFFUSIVE_RE =
  /\b(?:came as an? (?:real |little )?(?:treat|joy|delight)|(?:was|been|is) an? (?:real |great |true )?(?:treat|pleasure|delight|joy) (?:to read|reading|to learn|learning|discovering)|an? (?:pleasant|delightful|lovely|wonderful) (?:discovery|surprise)|(?:seemed|seems|sounded|sounds|looked|looks) (?:so |truly |really )?(?:fascinating|amazing|incredible|wonderful|delightful))\b/i;

/** Milder pleasure ("a pleasant while reading about", "enjoyed") is out of place only over a hard subject. */
const PLEASURE_RE = /\b(?:pleasant|pleasure|enjoy(?:ed|able)?|fun|lovely|delightful|loved)\b/i;
/** Subjects no one reads about with pleasure: war, crimes, death, abuse, illness, disaster. */
const GRIM_RE =
  /\b(?:war|wars|war crimes?|crimes?|genocide|torture|death|deaths|dying|murders?|killings?|abuse|suicide|cancer|trauma|violence|terror(?:ism)?|refugees?|famine|disasters?|grief|massacres?)\b/i;
// Each stretch up to a sentence's end; quoted titles stay in, since the subject is in them.
const SENTENCE_STRETCH_RE = /(?:[^.!?\n"]|"[^"\n]*")*(?:[.!?\n"]|$)/g;

/** Why the message gushes over what it read of the reader, or takes pleasure in a hard subject; or null. */
export function effusivePraise(content: string): string | null {
  const m = EFFUSIVE_RE.exec(content);
  if (m) return `"${m[0]}"`;
  for (const [s] of content.matchAll(SENTENCE_STRETCH_RE)) {
    const pleasure = PLEASURE_RE.exec(s);
    const grim = pleasure ? GRIM_RE.exec(s) : null;
    if (pleasure && grim) return `"${pleasure[0]}" about a subject of ${grim[0].toLowerCase()}`;
  }
  return null;
}

/** A word this short ("call", "time") comes back by itself; a longer one repeated at once is heard. */
const ECHO_LETTERS = 5;
/** The sentence after it is a tag this short: its last word is one the ear still holds. */
const ECHO_TAG_WORDS = 8;

/**
 * Two sentences in a row that end on the same word, the second a short tag: "Would a short
 * call be useful? Either answer is useful." Two stock parts set side by side clash
 * where a writer would have chosen another word; quoted titles are not read.
 */
export function echoedWord(content: string): string | null {
  const all = sentences(maskQuotes(bodyOf(content)));
  for (let i = 0; i + 1 < all.length; i++) {
    const last = words(all[i] as string).at(-1);
    if (!last || last.length < ECHO_LETTERS || STOPWORDS.has(last)) continue;
    const next = words(all[i + 1] as string);
    // The same word, not a word of the same stem: "… prompted this message. X is a queue for outbound messages." says two things.
    if (next.length <= ECHO_TAG_WORDS && next.at(-1) === last) return `"${all[i]}" then "${all[i + 1]}" (${last} twice)`;
  }
  return null;
}

/**
 * A swear word, in the writer's words or in a quoted title: a first note to a stranger that
 * repeats "Polymer, motherfucka, do you speak it?" reads as crude whoever coined it. The talk
 * can be named by its subject instead.
 */
const PROFANITY_RE = /(?<![\p{L}])(?:(?:mother)?f+u+c+k\p{L}*|motherfuck\p{L}*|(?:bull)?shit\p{L}*|bitch\p{L}*|cunts?|assholes?|wtf)(?![\p{L}])/iu;

/** The swear word the message carries, or null. */
export function profanity(content: string): string | null {
  const m = PROFANITY_RE.exec(content);
  return m ? `"${m[0]}"` : null;
}

/**
 * A last note that asks nothing: "A 20-minute call remains an option, should it ever be
 * wanted." The call to action is named but the sequence ends on a standing offer the reader
 * has no reason to answer; the last note is where it is put as a question.
 */
/** A sentence that asks by an imperative ("Book a call whenever suits", "Reply with a time") asks as a question does. */
const IMPERATIVE_ASK_RE = /(?:^|[.!?:;]\s+|\n\s*)(?:please\s+)?(?:book|reply|send|pick|grab|choose|name|tell me|let me know|schedule|drop me)\b/i;

export function lastNoteNoAsk(input: Pick<QaInput, 'slot' | 'content' | 'campaign'>): string | null {
  // A last note without the call to action at all is missing_cta's to report.
  if (input.slot !== 3 || !hasCta(input.content, input.campaign.cta)) return null;
  const body = maskQuotes(bodyOf(input.content));
  return body.includes('?') || IMPERATIVE_ASK_RE.test(body) ? null : 'no sentence of the last note is a question or a request';
}

/**
 * The reader's role and the writer's own work declared alike: "What you do as an Associate
 * Professor at Durham University and my work at Labwise overlap on …", "Your role as a
 * developer at Evoldes and my days at Tracewise … have a lot in common". Read off a job title,
 * the common ground is the writer's guess, claimed as the reader's.
 */
const COMMON_GROUND_RE =
  /\b(?:your|what you do)\b[^.?!\n]{0,120}?\band my (?:own )?(?:work|days|job|team|company|product)\b[^.?!\n]{0,120}?\b(?:overlap|have (?:a lot|much|plenty|lots) in common|(?:are|sound) (?:alike|much alike|close))\b/i;

/** Why the message claims the reader's work and the writer's overlap, or null. */
export function claimedCommonGround(content: string): string | null {
  const m = COMMON_GROUND_RE.exec(content);
  return m ? `"${m[0]}"` : null;
}

/**
 * A greeting with no one in it: "Hey," then the note. The name slot of a mail merge came out
 * empty (the page gives a handle, "kr0l", "RND", or nothing a greeting could use), and the
 * reader sees a form letter before the first word about them. The readers of drafted
 * campaigns marked every such note, whatever followed.
 */
const BARE_GREETING_RE = /^\s*(?:hi|hey|hello|hiya|dear|greetings|good (?:morning|afternoon|evening))\s*(?:[,!:;.\u2014\u2013-]|\n)/i;

/** The bare greeting the message opens with, or null. */
export function bareGreeting(content: string): string | null {
  const m = BARE_GREETING_RE.exec(content);
  return m ? `the message opens "${m[0].trim()}" with no name after it` : null;
}

/**
 * An offer of the product closed on a customer-service line: "If a short demo of how X finds
 * which request got slow would be useful at Fastly, let me know", "Any time your team wants a
 * second opinion on …, our X team is happy to help", "If you ever want another way to …, I'd
 * be glad to show you X". Said to a stranger these are the stock endings of a sales email:
 * they leave the reader the work of asking and say nothing to answer. An offer that names
 * what it would take ("fifteen minutes on a call would cover it") or asks a question passes.
 */
const STOCK_OFFER_RE = /\b(?:let me know|(?:is|are|am|i'm|we're) (?:always )?happy to help|(?:i'd be|i would be|we'd be|we would be) glad to show you)\b/i;

/** The stock closer of an offer of the product in a follow-up, or null. */
export function stockOffer(input: Pick<QaInput, 'slot' | 'content' | 'campaign'>): string | null {
  const product = input.campaign.senderCompany?.trim();
  if (input.slot === 1 || !product) return null;
  for (const s of sentences(maskQuotes(bodyOf(input.content)))) {
    if (s.includes('?') || !fold(s).includes(fold(product))) continue;
    const m = STOCK_OFFER_RE.exec(s.replace(/[\u2018\u2019]/g, "'"));
    if (m) return `"${s.trim()}" ends an offer of ${product} on "${m[0]}"`;
  }
  return null;
}

/**
 * A stranger asked to pass judgement on the product from its name and a category: "a frank
 * opinion of Tracewise, an observability tool", "A one-line verdict is plenty", "Blunt answers
 * welcome", "you seemed the right person to ask about Tracewise … Would it earn a place?". The
 * reader has seen nothing to judge, and being drafted as a judge reads as the opening of a
 * pitch. A question about their own work, or whether the need is covered where they work,
 * asks what they can answer.
 */
const VERDICT_RE =
  /\b(?:a (?:frank|candid|blunt|brutal|honest) opinion of|(?:a )?(?:one-line|one-word|quick|short) verdict|(?:blunt|frank|candid|brutal|honest) (?:answers|replies|feedback|takes) (?:are )?welcome|seemed? (?:like )?the right person to ask about|(?:would|will|could) it earn (?:a|its) place)\b/i;

/** The words that ask the reader for a verdict on the product, or null. */
export function verdictRequest(input: Pick<QaInput, 'slot' | 'content'>): string | null {
  if (input.slot === 1) return null;
  const m = VERDICT_RE.exec(maskQuotes(bodyOf(input.content)));
  return m ? `"${m[0]}" asks the reader to judge a product they have not seen` : null;
}
