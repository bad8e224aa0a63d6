/**
 * Why a speaker fits, for a person: what about them matches which part of who fits (the
 * ICP, as the new-campaign form names its parts). The rules engine explains its score as
 * points (“+20 title matches ICP title "CTO"”), which the API keeps in qualify_reasons;
 * here each becomes a sentence, and the score a sentence of its own. A reason in another
 * form (a model's) is shown as it reads, without a leading count of points.
 */

const list = (items: string[]): string => (items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? ''));
const quoted = (phrase: string) => `“${phrase}”`;
/** The engine's seniority levels as a reviewer says them. */
const LEVEL: Record<string, string> = {
  c_level: 'C-level',
  vp: 'VP',
  director: 'director',
  manager: 'manager',
  senior: 'senior',
  individual: 'individual contributor',
};
const level = (name: string) => LEVEL[name] ?? name;

/** The engine's forms, after its points, each with what it means to a reviewer. */
const FORMS: Array<[RegExp, (m: RegExpExecArray, title: string | null) => string]> = [
  [/^prequalify verdict qualified$/, () => 'The first read of the conference page found them a likely fit.'],
  [/^prequalify verdict unsure$/, () => 'The first read of the conference page could not tell whether they fit.'],
  [
    /^title matches ICP title "(.+)"$/,
    (m, title) => `${title ? `Their title, ${quoted(title)},` : 'Their title'} matches ${quoted(m[1]!)}, among the job titles you target.`,
  ],
  [
    /^title partly matches ICP title "(.+)"$/,
    (m, title) => `${title ? `Their title, ${quoted(title)},` : 'Their title'} comes close to ${quoted(m[1]!)}, among the job titles you target.`,
  ],
  [/^student$/, () => 'A student, which counts against them.'],
  [/^seniority (\S+) is in the ICP$/, (m) => `Their seniority (${level(m[1]!)}) is one you target.`],
  [/^seniority (\S+) is not in the ICP$/, (m) => `Their seniority (${level(m[1]!)}) is not one you target, which counts against them.`],
  [/^seniority (\S+)$/, (m) => `Their seniority (${level(m[1]!)}) counts for them; you named no seniority.`],
  [/^technical role$/, () => 'A technical role, which counts when who fits is left empty.'],
  [/^ICP keywords: (.+)$/, (m) => `Their title, bio or talk mentions ${list(m[1]!.split(', '))}, among the topics you target.`],
  [/^ICP industries: (.+)$/, (m) => `They work in ${list(m[1]!.split(', '))}, among the industries you target.`],
  [/^reachable on LinkedIn$/, () => 'Reachable: they have a LinkedIn profile.'],
  [/^employer known$/, () => 'Their employer is known.'],
  [/^has a talk to reference$/, () => 'They have a talk the messages can mention.'],
  [/^ruled out: (.+)$/, (m) => `Ruled out: ${m[1]}.`],
];

const SCORE = /^score (\d+) (?:>=|below) (\d+)$/;

/** The reasons as sentences, the score last: “Fits 87 of 100; the bar is 50.” */
export function fitWords(reasons: readonly string[], title: string | null): string[] {
  const out: string[] = [];
  let score = '';
  for (const reason of reasons) {
    const s = SCORE.exec(reason);
    if (s) {
      score = `Fits ${s[1]} of 100; the bar is ${s[2]}.`;
      continue;
    }
    const bare = reason.replace(/^[+-]\d+ /, '');
    const form = FORMS.find(([re]) => re.test(bare));
    out.push(form ? form[1](form[0].exec(bare)!, title) : bare);
  }
  return score ? [...out, score] : out;
}
