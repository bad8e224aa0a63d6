/**
 * What the reader's team does that the sender's product helps with, taken from the pitch,
 * so the follow-ups can ask about the reader's own work instead of repeating the pitch:
 * "it shows which request got slow" gives "see which request got slow" (how does your
 * team see which request got slow today?), "We help platform teams ship faster" gives
 * "ship faster", "Greenroom turns speaker lists into outreach" gives "turn speaker lists
 * into outreach". A pitch of no such shape gives no task; the messages then ask plainly.
 */
import { sanitize } from './guard.js';
import { clip, framePitch } from './pitch.js';
import { sentences, squash } from './text.js';

export interface Task {
  /** A verb phrase in the base form: "see which request got slow". */
  verb: string;
  /** The same as a gerund phrase: "seeing which request got slow". */
  gerund: string;
  /** `see`: something a team does and a product does for them; `goal`: an outcome they want ("ship faster"). */
  kind: 'see' | 'goal';
  /** For `see`: what is seen ("which request got slow"), so a message can say it with another verb. */
  object?: string;
  /**
   * The task with the product as subject, in the third person: "shows which request got slow",
   * "helps nutrition coaches keep clients on track between sessions". A clause object reads
   * whole after a finite verb, where a gerund before it ("telling which request got slow")
   * reads garbled in most frames.
   */
  does?: string;
}

/**
 * Other verbs for seeing a thing, each ending in another word, so one campaign does not say
 * "track down which request got slow" in every message.
 */
// A dozen, so none carries more than a tenth of a campaign; the messages say them in the base
// form ("to identify which request got slow"), never as a gerund after a preposition.
const SEE_VERBS = ['see', 'track down', 'find out', 'spot', 'check', 'tell', 'pinpoint', 'identify', 'trace', 'narrow down', 'zero in on', 'determine'];

/** The same with the product as subject: "Tracewise points to which request got slow". */
const PRODUCT_VERBS = ['shows', 'points to', 'pinpoints', 'tells you', 'spots', 'tracks down', 'finds', 'narrows down'];

/** The task said with one of several verbs (and object forms), by a seed: "track down which request got slow". */
export function taskVariant(task: Task, seed: number): Task {
  if (task.kind !== 'see' || !task.object) return task;
  // The object stays as the pitch says it: a shortened one ("where each figure came from")
  // is a phrase of the engine's own that a campaign then repeats.
  const verb = `${SEE_VERBS[seed % SEE_VERBS.length]} ${task.object}`;
  // The product's own verb turns too, by another step, so "Tracewise shows which request" is not one run through a campaign.
  const does = `${PRODUCT_VERBS[(seed + 3) % PRODUCT_VERBS.length]} ${task.object}`;
  return { ...task, verb, gerund: gerund(verb), does };
}

/** The part after "it": "it shows which request got slow and ...", "which lets you find ...". */
const CAPABILITY =
  /(?:^|[:;,–—-]\s*|\s)(?:it|which|that)\s+(shows|tells you|points to|finds|spots|catches|flags|surfaces|lets you see|lets you find|helps you find|helps you see)\s+((?:which|what|where|when|why|how|who)\b.+)$/i;

const SEEING: Record<string, string> = {
  shows: 'see',
  'tells you': 'see',
  'points to': 'find',
  finds: 'find',
  spots: 'spot',
  catches: 'catch',
  flags: 'spot',
  surfaces: 'find',
  'lets you see': 'see',
  'lets you find': 'find',
  'helps you find': 'find',
  'helps you see': 'see',
};

/** Short verbs whose last consonant doubles before -ing: "ship" -> "shipping". */
const DOUBLES = new Set([
  'ship',
  'run',
  'get',
  'cut',
  'stop',
  'plan',
  'set',
  'put',
  'win',
  'begin',
  'swap',
  'drop',
  'chat',
  'map',
  'tap',
  'spot',
  'scan',
  'dig',
  'log',
  'tag',
  'pin',
  'grab',
  'trim',
]);

/** "turn speaker lists into outreach" said of a product: "turns speaker lists into outreach". */
function thirdPersonOf(verbPhrase: string): string {
  const [v = '', ...rest] = verbPhrase.split(' ');
  const said = v === 'have' ? 'has' : v === 'be' ? 'is' : /(?:s|sh|ch|x|z|o)$/.test(v) ? `${v}es` : /[^aeiou]y$/.test(v) ? `${v.slice(0, -1)}ies` : `${v}s`;
  return [said, ...rest].join(' ');
}

export function gerund(verbPhrase: string): string {
  const [verb, ...rest] = verbPhrase.split(' ');
  const v = verb.toLowerCase();
  let ing: string;
  if (DOUBLES.has(v)) ing = `${v}${v[v.length - 1]}ing`;
  else if (v === 'be' || v === 'see' || v === 'free' || v === 'agree') ing = `${v}ing`;
  else if (/ie$/.test(v)) ing = `${v.slice(0, -2)}ying`;
  else if (/[^aeiou]e$/.test(v) || /ue$/.test(v)) ing = `${v.slice(0, -1)}ing`;
  else ing = `${v}ing`;
  return [ing, ...rest].join(' ');
}

/** The object of a capability, cut to a clause that reads whole: "which request got slow". */
function capabilityObject(object: string): string | null {
  const head = squash(object.split(/\s*(?:,|;|\s—|\s–|\s-\s)\s*/)[0] ?? object).replace(/[.!?]+$/, '');
  // "which request got slow and the line of code behind it": the first question is the task.
  const first = head.split(/\s+and\s+(?:the|a|an|its|their|your)\s+/)[0] ?? head;
  return clip(first, 8);
}

const memo = new Map<string, Task | null>();

export function taskOf(pitch: string | null | undefined): Task | null {
  const text = sanitize(squash(pitch ?? ''));
  if (!text) return null;
  const known = memo.get(text);
  if (known !== undefined) return known;
  let task: Task | null = null;
  for (const s of sentences(text).slice(0, 2)) {
    const m = CAPABILITY.exec(s);
    if (!m) continue;
    const object = capabilityObject(m[2]);
    if (object) {
      const verb = `${SEEING[m[1].toLowerCase()] ?? 'see'} ${object}`;
      task = { verb, gerund: gerund(verb), kind: 'see', object, does: `${m[1].toLowerCase()} ${object}` };
      break;
    }
  }
  if (!task) {
    const frame = framePitch(text);
    const phrase = frame?.outcome ?? frame?.does ?? null;
    if (phrase && /^[a-z]/.test(phrase) && phrase.split(' ').length >= 2) {
      const goal = !!frame?.outcome;
      // "helps turn conference talks into hiring pipelines": not the pitch's own audience ("helps
      // engineering leaders turn …" is the pitch's sentence pasted), and no words of the writer's
      // own between the product and its job, which every second message naming the job would share.
      const does = goal ? `helps ${phrase}` : thirdPersonOf(phrase);
      task = { verb: phrase, gerund: gerund(phrase), kind: goal ? 'goal' : 'see', does };
    }
  }
  if (memo.size > 256) memo.clear();
  memo.set(text, task);
  return task;
}
