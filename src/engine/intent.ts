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
  const covering =
    keyword &&
    themes.find((t) => t.text.length > keyword.text.length && t.index <= keyword.index && t.index + t.text.length >= keyword.index + keyword.text.length);
  const candidates = keyword ? [covering ? label(covering) : spoken(keyword, text), ...themes.map(label)] : themes.map(label);
  for (const { topic, index } of candidates) {
    if (topic.length <= MAX_TOPIC && !isShouting(topic)) return { topic, source: sentenceAround(text, index, MAX_SOURCE) };
  }
  // Nothing the campaign or the themes know: the post's own noun phrase ("replica lag").
  const own = ownPhrase(text);
  return own ? { topic: own.topic, source: sentenceAround(text, own.index, MAX_SOURCE) } : null;
}

/** Nouns that head what an engineering post is about; the words before them name it. */
const HEADS =
  'lag|latency|replication|failover|failovers|outage|outages|incidents?|on-call|migrations?|pipelines?|deploys?|deployments?|releases?|rollouts?|caching|sharding|indexing|indexes|queues?|retries|budgets?|costs?|tests?|testing|builds?|monorepos?|schemas?|backfills?|observability|tracing|alerts?|alerting|dashboards|runbooks?|postmortems?|reviews?|hiring|onboarding|architecture|refactoring|upgrades?';
const PHRASE_RE = new RegExp(`(?<![\\p{L}\\p{N}-])((?:[\\p{L}][\\p{L}.+#-]*\\s){1,2}(?:${HEADS}))(?![\\p{L}\\p{N}-])`, 'giu');
const NOT_IN_TOPIC = new Set([
  'the',
  'a',
  'an',
  'our',
  'my',
  'your',
  'their',
  'his',
  'her',
  'its',
  'this',
  'that',
  'these',
  'those',
  'we',
  'i',
  'you',
  'they',
  'of',
  'to',
  'in',
  'on',
  'for',
  'and',
  'or',
  'is',
  'are',
  'was',
  'were',
  'be',
  'with',
  'after',
  'before',
  'last',
  'next',
  'every',
  'all',
  'some',
  'no',
  'not',
  'more',
  'less',
  'how',
  'why',
  'what',
  'when',
  'cut',
  'changed',
  'moved',
  'broke',
  'fixed',
  'three',
  'two',
  'one',
  'new',
  'about',
  'from',
  'by',
  'at',
  'as',
  'it',
]);

function ownPhrase(text: string): { topic: string; index: number } | null {
  for (const m of text.matchAll(PHRASE_RE)) {
    const words = m[1].split(/\s+/);
    // Keep the words right before the head that can name it: "replica lag", "Postgres logical replication".
    while (words.length > 1 && NOT_IN_TOPIC.has(words[0].toLowerCase())) words.shift();
    if (words.length < 2 || words.slice(0, -1).some((w) => NOT_IN_TOPIC.has(w.toLowerCase()))) continue;
    const topic = words.map((w, i) => (i === 0 && /^\p{Lu}\p{Ll}+$/u.test(w) && SENTENCE_START.test(text.slice(0, m.index)) ? w.toLowerCase() : w)).join(' ');
    if (topic.length <= MAX_TOPIC && !isShouting(topic)) return { topic, index: m.index + m[1].indexOf(words[0]) };
  }
  return null;
}

/** A named event in the post: "PGConf EU 2024", "KubeCon Europe", "DevOpsDays Oslo". */
const EVENT_RE =
  /\b((?:[A-Z][\w.+-]*\s){0,2}[A-Z][\w.+-]*(?:Conf|Con|Summit|Days?|Camp|Fest|Meetup|Forum|Week|Expo|World|Live)(?:\s(?:EU|US|NA|Europe|Asia|Africa|India|[A-Z][a-z]+))?(?:\s(?:20\d\d|'\d\d))?)\b/;

function eventOf(text: string | null): { topic: string; source: string } | null {
  const m = text ? EVENT_RE.exec(text) : null;
  if (!m || !text) return null;
  const name = m[1].replace(/^(?:The|At|Going to|Attending|Joining|See you at)\s+/i, '');
  return name.length <= MAX_TOPIC ? { topic: name, source: sentenceAround(text, m.index, MAX_SOURCE) } : null;
}

const label = (h: Hit) => ({ topic: h.label, index: h.index });
const SENTENCE_START = /(?:^|[.!?]\s+|\n\s*)$/;
const spoken = (h: Hit, text: string) => ({ topic: SENTENCE_START.test(text.slice(0, h.index)) ? h.text.toLowerCase() : squash(h.text), index: h.index });

function clause(a: IntentAction, topic: string | null, company: string | null, event: string | null = null): string {
  const about = topic ? ` about ${topic}` : '';
  switch (a.type) {
    case 'post_comment':
      return topic ? `your comment on a post${about}` : 'your comment on a recent post';
    case 'post_reaction':
      return topic ? `you reacted to a post${about}` : 'you reacted to a recent post';
    case 'event_attendance':
      if (event) return `you signed up for ${event}`;
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
    const event = a.type === 'event_attendance' ? eventOf(a.text) : null;
    const found = event ?? topicOf(a.text, c);
    const value = clause(a, event ? null : (found?.topic ?? null), lead.company, event?.topic ?? null);
    const sourceText = found?.source ?? (a.text ? squash(a.text).slice(0, MAX_SOURCE) : `${a.type.replace('_', ' ')} on ${a.observedAt.slice(0, 10)}`);
    out.push({ kind: 'intent_activity', value, sourceText, sourceUrl: a.url });
  }
  return out;
}
