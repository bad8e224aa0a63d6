/**
 * Capitalised words that are not facts about anyone: pronouns, calendar words,
 * greetings, common acronyms and the platforms messages are sent on. A name
 * outside this list that is tied to the recipient must be in the dossier.
 */
const GENERIC = `
i i'm i've i'd i'll im ive id ok okay hi hey hello dear thanks thank cheers best regards ps p.s
monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun
january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec
q1 q2 q3 q4 h1 h2 fy am pm et pt ct pst pdt est edt cet cest bst gmt utc
ai ml llm llms genai api apis sdk sdks saas paas iaas b2b b2c smb smbs ceo cto cfo coo cmo cpo cro ciso cio vp svp evp
hr pr ux ui qa roi kpi kpis okr okrs gtm sre devops devrel dx oss faq ci cd sla slo slos mvp poc tl;dr tldr fyi asap eta it
us usa uk eu emea apac latam
linkedin twitter x github gitlab youtube medium substack slack zoom google meet teams email
congrats congratulations kudos bravo wow
`;

const SET: ReadonlySet<string> = new Set(GENERIC.split(/\s+/).filter(Boolean));

export function isGenericCap(word: string): boolean {
  return SET.has(word.toLowerCase().replace(/\u2019/g, "'"));
}
