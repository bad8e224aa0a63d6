/**
 * A sequence keeps to one subject. When the first message is about the speaker's
 * web work and the last about their Android work, the reader sees two templates,
 * not one person writing. Only fields of technology count as a subject here:
 * moving from a talk to a hiring post is a new angle, not a new topic.
 */
import { statedFacts } from './stated.js';
import { fold } from './text.js';
import type { QaInput } from './types.js';

/**
 * Fields one could switch between, each with the families it belongs to: Kotlin
 * is Android and the JVM, so moving from one to the other is no switch. Practices
 * that cut across fields (observability, security, cloud) are not listed.
 */
const FAMILIES: Record<string, string[]> = {
  web: ['web', 'frontend', 'front-end', 'javascript', 'typescript', 'react', 'angular', 'vue', 'svelte', 'node', 'node.js', 'deno'],
  android: ['android', 'kotlin', 'java', 'mobile', 'flutter'],
  ios: ['ios', 'swift', 'mobile', 'flutter'],
  jvm: ['java', 'kotlin', 'scala', 'clojure'],
  dotnet: ['.net', 'dotnet', 'c#', 'f#'],
  python: ['python'],
  ruby: ['ruby', 'rails'],
  go: ['golang'],
  rust: ['rust'],
  beam: ['elixir', 'erlang'],
  php: ['php'],
  ml: ['machine learning', 'deep learning', 'python', 'julia'],
  embedded: ['embedded', 'iot', 'robotics'],
  games: ['gaming', 'unity'],
  xr: ['ar', 'vr', 'xr'],
  blockchain: ['blockchain'],
};
const FAMILY_OF = new Map<string, string[]>();
for (const [family, fields] of Object.entries(FAMILIES)) for (const f of fields) FAMILY_OF.set(f, [...(FAMILY_OF.get(f) ?? []), family]);
const FIELD_RE = new RegExp(
  `(?<![\\p{L}\\p{N}.#+-])(${[...FAMILY_OF.keys()]
    .map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .sort((a, b) => b.length - a.length)
    .join('|')})(?![\\p{L}\\p{N}#+])`,
  'gu',
);

function fieldsIn(text: string): Set<string> {
  return new Set([...fold(text).matchAll(FIELD_RE)].map((m) => m[1] as string));
}

const familiesOf = (fields: Iterable<string>): Set<string> => new Set([...fields].flatMap((f) => FAMILY_OF.get(f) ?? []));

/** Whether `text` names a field of technology none of `earlier` touches, while `earlier` names one. */
export function switchesField(earlier: string, text: string): boolean {
  const mine = fieldsIn(text);
  const before = fieldsIn(earlier);
  if (mine.size === 0 || before.size === 0) return false;
  const touched = familiesOf(before);
  return ![...familiesOf(mine)].some((f) => touched.has(f));
}

/** The fields a message says the recipient works in: its stated areas of work and talk titles. */
function statedFields(content: string): Set<string> {
  const out = new Set<string>();
  for (const f of statedFacts(content)) if (f.kind === 'theme' || f.kind === 'talk') for (const x of fieldsIn(f.value)) out.add(x);
  return out;
}

/** The field this slot turns to that no earlier slot touched, while they kept to another; or null. */
export function topicSwitch(input: QaInput): string | null {
  const earlier = input.otherSlots.filter((o) => o.slot < input.slot);
  if (earlier.length === 0) return null;
  const mine = statedFields(input.content);
  if (mine.size === 0) return null;
  const before = new Set(earlier.flatMap((o) => [...statedFields(o.content)]));
  if (before.size === 0) return null;
  const touched = familiesOf(earlier.flatMap((o) => [...fieldsIn(o.content)]));
  if ([...familiesOf(mine)].some((f) => touched.has(f))) return null;
  return `this message is about ${[...mine].join(', ')}; the earlier ones were about ${[...before].join(', ')}`;
}
