/**
 * The facts a message may state, taken only from signals (plus the speaker's first
 * name). Anything a template cannot fill from here is left out rather than guessed.
 */
import type { CampaignBrief, Signal, SpeakerInput } from '../types.js';
import { hasLink, hasPlaceholder } from './guard.js';
import { compileIcp } from './icp.js';
import { hasHit, type PhraseMatcher } from './matcher.js';
import { firstName, fold, isShouting, squash } from './text.js';

export interface Facts {
  first: string;
  /** A talk title exactly as a talk_topic signal holds it. */
  talk: string | null;
  /** The event the speaker's page names. */
  conference: string | null;
  themes: string[];
  role: string | null;
  /** The employer's name as a company_fact signal holds it. */
  company: string | null;
  /** An intent lead's latest LinkedIn action, as its intent_activity signal words it. */
  activity: string | null;
}

const MAX_TALK = 110;
const MAX_CONFERENCE = 60;
const MAX_THEME = 40;
const MAX_ROLE = 60;
const MAX_COMPANY = 40;
const MAX_ACTIVITY = 120;
const QUOTE_CHARS = /["“”]/;

type Usable = (text: string | null | undefined, max: number) => text is string;

/**
 * A value may go into a message when it is short, holds no link or template token,
 * and names none of the campaign's exclusions or competitors (those are for a
 * person to judge, not for a draft to repeat).
 */
function usableFor(c: CampaignBrief | undefined): Usable {
  const icp = c ? compileIcp(c.icp) : null;
  const banned: Array<PhraseMatcher | null> = icp ? [icp.exclusions, icp.competitors] : [];
  return (text, max): text is string =>
    !!text && text.length <= max && !hasLink(text) && !hasPlaceholder(text) && !banned.some((m) => hasHit(m, text));
}

/** Talk titles go in quotes, so one that already holds quotes or shouts is not quoted. */
function quotableTalk(signals: readonly Signal[], usable: Usable): string | null {
  for (const sig of signals) {
    if (sig.kind !== 'talk_topic') continue;
    const v = sig.value;
    if (usable(v, MAX_TALK) && !QUOTE_CHARS.test(v) && !isShouting(v)) return v;
  }
  return null;
}

function companyFact(signals: readonly Signal[], s: SpeakerInput, usable: Usable): string | null {
  const want = s.company ? fold(squash(s.company)) : null;
  for (const sig of signals) {
    if (sig.kind !== 'company_fact') continue;
    const v = sig.value;
    if (!usable(v, MAX_COMPANY) || v.includes('.') || isShouting(v)) continue;
    if (want === null || fold(v) === want) return v;
  }
  return null;
}

/**
 * The event the speaker's own page names (its title, a schema.org Event, the platform's
 * event name): read from the page the speaker was found on, so it is a fact about them.
 */
function pageConference(s: SpeakerInput, usable: Usable): string | null {
  const name = s.conferenceName ? squash(s.conferenceName) : '';
  return usable(name, MAX_CONFERENCE) && !isShouting(name) ? name : null;
}

export function factsFrom(s: SpeakerInput, signals: readonly Signal[], c?: CampaignBrief): Facts {
  const usable = usableFor(c);
  const themes: string[] = [];
  let role: string | null = null;
  for (const sig of signals) {
    if (sig.kind === 'theme' && usable(sig.value, MAX_THEME) && !isShouting(sig.value) && !themes.includes(sig.value)) {
      themes.push(sig.value);
    }
    if (sig.kind === 'role' && !role && usable(sig.value, MAX_ROLE) && !isShouting(sig.value)) role = sig.value;
  }
  return {
    first: firstName(s.name),
    talk: quotableTalk(signals, usable),
    conference: pageConference(s, usable),
    themes,
    role,
    company: companyFact(signals, s, usable),
    activity: signals.find((x) => x.kind === 'intent_activity' && usable(x.value, MAX_ACTIVITY))?.value ?? null,
  };
}
