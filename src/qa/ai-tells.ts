/**
 * Phrases that mark a draft as machine-written or templated: stock openers and
 * the vocabulary models overuse. Each distinct phrase costs a point.
 */

const TELLS: Array<[label: string, pattern: string]> = [
  ['I hope this finds you well', '(?:i )?hope (?:this|my) (?:email |message |note )?finds you(?: well)?'],
  ['I came across your profile', 'i (?:came|stumbled) across your (?:profile|work|page|linkedin)'],
  ['I wanted to reach out', "i (?:just )?wanted to (?:reach out|connect|touch base)|i(?:'m| am) reaching out|just reaching out"],
  ['delve', 'delv(?:e|es|ed|ing)'],
  ["in today's fast-paced", "in today'?s (?:fast[ -]paced|digital|competitive|ever[ -]changing)|fast[ -]paced world"],
  ['ever-evolving landscape', 'ever[ -](?:evolving|changing) (?:landscape|world)|in the (?:\\w+ )?landscape of'],
  ['synergy', 'synerg(?:y|ies|istic)'],
  ['game-changer', 'game[ -]?(?:changer|changing)'],
  ['unlock', 'unlock(?:s|ed|ing)?'],
  ['unleash', 'unleash(?:es|ed|ing)?'],
  ['revolutionize', 'revolutioni[sz](?:e|es|ed|ing)'],
  ['cutting-edge', 'cutting[ -]edge|state[ -]of[ -]the[ -]art'],
  ['seamless', 'seamless(?:ly)?'],
  ['elevate', 'elevat(?:e|es|ed|ing)'],
  ['empower', 'empower(?:s|ed|ing)?'],
  ['tapestry', 'tapestry|testament to'],
  ['navigate the complexities', 'navigat(?:e|ing) the (?:complexities|intricacies)'],
  ['touch base', 'touch(?:ing)? base|circle back'],
  ['pick your brain', 'pick your brain'],
  ['thought leader', 'thought[ -]leader(?:s|ship)?'],
  ['look no further', 'look no further'],
  ['holistic', 'holistic|paradigm shift'],
  ['I trust this', "i trust (?:this|you are|you're)"],
  ['it is worth noting', "it(?:'s| is) worth noting"],
];

const TELL_RE = new RegExp(TELLS.map(([, p]) => `(?<![a-z])(${p})(?![a-z])`).join('|'), 'g');

/** Labels of the distinct tells in already-folded text. */
export function findAiTells(folded: string): string[] {
  const found = new Set<string>();
  for (const m of folded.matchAll(TELL_RE)) {
    const idx = m.findIndex((g, i) => i > 0 && g !== undefined);
    if (idx > 0) found.add(TELLS[idx - 1][0]);
  }
  return [...found];
}
