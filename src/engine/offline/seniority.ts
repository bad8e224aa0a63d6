/** Seniority and role family read from a job title. */
import type { Seniority } from '../types.js';
import { buildMatcher, findHits, hasHit } from './matcher.js';

/**
 * Checked in this order because titles combine levels: "Vice President" holds
 * "President", "Student Developer" holds "Developer", "Chief Architect" is not an officer.
 */
const LEVEL_RULES: ReadonlyArray<readonly [Seniority, readonly string[]]> = [
  [
    'student',
    [
      'student',
      'phd candidate',
      'phd student',
      'undergraduate',
      'intern',
      'internship',
      'trainee',
      'apprentice',
      'bootcamp graduate',
      'graduate student',
      'masters student',
      'pupil',
    ],
  ],
  ['vp', ['vp', 'svp', 'evp', 'avp', 'vice president', 'vice-president', 'head of']],
  ['senior', ['chief architect', 'chief scientist', 'chief evangelist', 'chief engineer']],
  [
    'c_level',
    [
      'ceo',
      'cto',
      'cfo',
      'coo',
      'cio',
      'ciso',
      'cpo',
      'cmo',
      'cro',
      'cdo',
      'chief',
      'founder',
      'co-founder',
      'cofounder',
      'owner',
      'president',
      'managing director',
      'managing partner',
      'general partner',
      'executive director',
      'geschäftsführer',
      'geschaftsfuhrer',
    ],
  ],
  ['director', ['director', 'head', 'dean']],
  ['manager', ['manager', 'team lead', 'team leader', 'engineering lead', 'group lead', 'supervisor', 'scrum master', 'product owner']],
  ['senior', ['senior', 'sr', 'staff', 'principal', 'lead', 'architect', 'distinguished', 'fellow', 'professor', 'expert', 'mvp', 'gde', 'evangelist']],
  [
    'individual',
    [
      'engineer',
      'developer',
      'programmer',
      'designer',
      'analyst',
      'consultant',
      'scientist',
      'researcher',
      'advocate',
      'specialist',
      'administrator',
      'admin',
      'coder',
      'tester',
      'writer',
      'associate',
      'coordinator',
      'freelancer',
      'contractor',
      'devops',
      'sre',
      'lecturer',
      'teacher',
      'trainer',
      'coach',
      'instructor',
      'maintainer',
      'contributor',
      'hacker',
      'technologist',
      'practitioner',
      'officer',
    ],
  ],
];

const LEVEL_MATCHERS = LEVEL_RULES.map(([level, words]) => ({
  level,
  matcher: buildMatcher([[level, words]]),
}));

/** Reads the level from a title; "unknown" when nothing in it says. */
export function seniorityOf(title: string | null | undefined): Seniority {
  if (!title) return 'unknown';
  for (const { level, matcher } of LEVEL_MATCHERS) {
    if (hasHit(matcher, title)) return level;
  }
  return 'unknown';
}

/** Levels ranked for scoring; "unknown" sits with individual contributors. */
export const LEVEL_RANK: Readonly<Record<Seniority, number>> = {
  c_level: 6,
  vp: 5,
  director: 4,
  manager: 3,
  senior: 3,
  individual: 1,
  unknown: 1,
  student: 0,
};

const SENIORITY_WORDS = buildMatcher([
  ['c_level', ['c level', 'c-level', 'c suite', 'c-suite', 'c_level', 'executive', 'executives', 'founder', 'founders', 'owner', 'ceo', 'cto', 'chief']],
  ['vp', ['vp', 'vice president', 'vps', 'head of', 'heads of']],
  ['director', ['director', 'directors', 'head']],
  ['manager', ['manager', 'managers', 'management', 'lead', 'leads', 'team lead']],
  ['senior', ['senior', 'staff', 'principal', 'senior ic', 'expert', 'experts']],
  ['individual', ['individual', 'individual contributor', 'ic', 'ics', 'engineer', 'engineers', 'developer', 'developers', 'mid', 'junior', 'entry']],
  ['student', ['student', 'students', 'intern', 'interns']],
]);

/**
 * Maps the free words a user writes in the ICP ("C-level", "Heads of", "Director+")
 * to the levels they name. An unreadable word names nothing rather than guessing.
 */
export function levelsNamedBy(words: readonly string[]): Set<Seniority> {
  const out = new Set<Seniority>();
  for (const word of words) {
    for (const hit of findHits(SENIORITY_WORDS, word)) out.add(hit.label as Seniority);
  }
  return out;
}

const TECHNICAL = buildMatcher([
  [
    'technical',
    [
      'engineer',
      'engineering',
      'developer',
      'programmer',
      'architect',
      'cto',
      'ciso',
      'sre',
      'devops',
      'devsecops',
      'software',
      'platform',
      'infrastructure',
      'data scientist',
      'machine learning',
      'ml',
      'ai',
      'security',
      'backend',
      'frontend',
      'full stack',
      'fullstack',
      'full-stack',
      'cloud',
      'systems',
      'it',
      'technical',
      'technology',
      'tech lead',
      'data',
      'qa',
      'reliability',
      'mobile',
      'web',
      'hacker',
      'coder',
      'kubernetes',
      'database',
      'dba',
    ],
  ],
]);

/** True for titles that name a technical function, for the empty-ICP default. */
export function isTechnicalTitle(title: string | null | undefined): boolean {
  return hasHit(TECHNICAL, title ?? null);
}
