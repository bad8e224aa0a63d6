/**
 * Intent signals as research signals: what the person did on LinkedIn, said the way a
 * message can say it ("your comment on a post about Postgres"), with the post's own
 * text as the source. Drafts cite the action, and the QA grounding check holds every
 * word of it against that text. Any engine's drafts use them; none is asked to invent them.
 */
import type { IntentSignalType } from '../../db/types.js';
import { compileIcp } from './offline/icp.js';
import { findHits } from './offline/matcher.js';
import { isShouting, sentenceAround, squash } from './offline/text.js';
import { THEME_MATCHER } from './offline/themes.js';
import type { CampaignBrief, Signal } from './types.js';

export interface IntentAction {
  type: IntentSignalType;
  url: string | null;
  text: string | null;
  observedAt: string;
}

/** Drafts lean on the newest few; the dossier lists them all. */
export const MAX_ACTIONS = 3;
const MAX_TOPIC = 40;
const MAX_SOURCE = 280;

/** The campaign's keywords first (what the sender cares about), then the known themes. */
function topicOf(text: string | null, c: CampaignBrief): { topic: string; source: string } | null {
  if (!text) return null;
  for (const matcher of [compileIcp(c.icp).keywords, THEME_MATCHER]) {
    for (const hit of findHits(matcher, text)) {
      const topic = squash(hit.text);
      if (topic.length <= MAX_TOPIC && !isShouting(topic)) return { topic, source: sentenceAround(text, hit.index, MAX_SOURCE) };
    }
  }
  return null;
}

function clause(a: IntentAction, topic: string | null, company: string | null): string {
  const about = topic ? ` about ${topic}` : '';
  switch (a.type) {
    case 'post_comment':
      return topic ? `your comment on a post${about}` : 'your comment on a recent post';
    case 'post_reaction':
      return topic ? `you reacted to a post${about}` : 'you reacted to a recent post';
    case 'event_attendance':
      return topic ? `you signed up for an event${about}` : 'you signed up for a recent event';
    case 'job_change':
      return company ? `you started a new role at ${company}` : 'you started a new role';
    case 'company_follow':
      return 'you followed our company page';
    case 'profile_view':
      return 'you stopped by my profile';
  }
}

export function intentSignals(actions: readonly IntentAction[], lead: { company: string | null }, c: CampaignBrief): Signal[] {
  const out: Signal[] = [];
  for (const a of actions.slice(0, MAX_ACTIONS)) {
    const found = topicOf(a.text, c);
    const value = clause(a, found?.topic ?? null, lead.company);
    const sourceText = found?.source ?? (a.text ? squash(a.text).slice(0, MAX_SOURCE) : `${a.type.replace('_', ' ')} on ${a.observedAt.slice(0, 10)}`);
    out.push({ kind: 'intent_activity', value, sourceText, sourceUrl: a.url });
  }
  return out;
}
