/**
 * Intent signals as research signals: what the person did on LinkedIn, said the way a
 * message can say it ("your comment on a post about Postgres"), with the post's own
 * text as the source. Drafts cite the action, and the QA grounding check holds every
 * word of it against that text. Any engine's drafts use them; none is asked to invent them.
 */
import type { IntentSignalType } from '../../db/types.js';
import { compileIcp } from './offline/icp.js';
import { findHits, type Hit } from './offline/matcher.js';
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

/**
 * The campaign's keywords first (what the sender cares about), then the known themes. A
 * theme's label is worded for drafts ("platform engineering" for "platform team"), so
 * it is preferred where its phrase holds the keyword and more; a keyword is said as the post wrote it,
 * unless only a sentence start capitalised it.
 */
function topicOf(text: string | null, c: CampaignBrief): { topic: string; source: string } | null {
  if (!text) return null;
  const themes = findHits(THEME_MATCHER, text);
  const keyword = findHits(compileIcp(c.icp).keywords, text)[0];
  const covering = keyword && themes.find((t) => t.text.length > keyword.text.length && t.index <= keyword.index && t.index + t.text.length >= keyword.index + keyword.text.length);
  const candidates = keyword ? [covering ? label(covering) : spoken(keyword, text), ...themes.map(label)] : themes.map(label);
  for (const { topic, index } of candidates) {
    if (topic.length <= MAX_TOPIC && !isShouting(topic)) return { topic, source: sentenceAround(text, index, MAX_SOURCE) };
  }
  return null;
}

const label = (h: Hit) => ({ topic: h.label, index: h.index });
const SENTENCE_START = /(?:^|[.!?]\s+|\n\s*)$/;
const spoken = (h: Hit, text: string) => ({ topic: SENTENCE_START.test(text.slice(0, h.index)) ? h.text.toLowerCase() : squash(h.text), index: h.index });

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
