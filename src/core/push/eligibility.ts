import type { MessageRow, SendingPushRow } from '../../../db/types.js';
import type { SpeakerScope } from '../drafts.js';
import { messageView, type FreshnessInput } from '../message-view.js';
import { publicProfileUrl } from './linkedin.js';
import { SKIP_REASONS, type SkipReason } from '../../../schemas/push-vocabulary.js';

/** What to do about each reason, for the reply. */
export const SKIP_HINTS: Record<SkipReason, string> = {
  already_pushed: 'already in the sending tool, or every message was sent',
  partly_sent: 'some messages were already sent another way; finish this sequence by hand',
  suppressed: 'the person is on your do-not-contact list; take them off it to push',
  contacted_recently: 'another of your campaigns pushed this person recently (their dossier lists when); push this speaker on their own to send anyway',
  excluded: 'the speaker is excluded from the campaign; select them again to push',
  missing_slots: 'the sequence does not have all three messages drafted',
  not_scored: 'a message changed after its check: check it again (a clean score releases it)',
  stale: 'a check is out of date (the speaker was researched again since, or the text was written too long ago): check it again or rewrite it',
  needs_human: 'a message waits for a person: read it, then approve it',
  needs_redo: 'a message must be rewritten: rewrite it',
  not_approvable: 'a message fails the check or scores below the bar: edit or rewrite it',
  no_linkedin_url: 'the speaker has no public LinkedIn profile to send to',
  not_approved: 'checked and clean, but this campaign pushes only what a person approved: approve the sequence',
};

/** Every slot approved by a person (approve_message) as its text now reads; the bulk tool's approvals do not count. */
export function personApproved(messages: readonly MessageRow[]): boolean {
  return messages.length > 0 && messages.every((m) => m.approved_via === 'approve_message' && m.approved_at !== null && m.approved_at >= m.content_updated_at);
}

export type Verdict = { ok: true; linkedinUrl: string } | { ok: false; reason: SkipReason };

/**
 * SPEC part 3 rule 2: push-eligible only when all three slots are drafted, QA-evaluated
 * and cleared, neither needs_human nor needs_redo, the speaker has a LinkedIn URL, and
 * the freshness guard passed. The per-slot verdicts are the ones every read shows
 * (messageView), so a push never disagrees with get_draft_qa.
 */
export function judge(scope: SpeakerScope, push: Pick<SendingPushRow, 'state'> | undefined, f: Omit<FreshnessInput, 'researchedAt'>): Verdict {
  const { speaker, messages } = scope;
  const sent = messages.filter((m) => m.sent === 1).length;
  if (push?.state === 'confirmed' || (messages.length > 0 && sent === messages.length)) return { ok: false, reason: 'already_pushed' };
  if (sent > 0) return { ok: false, reason: 'partly_sent' };
  if (speaker.selected === 0) return { ok: false, reason: 'excluded' };
  const slots = messages.map((m) => m.slot).sort();
  if (slots.join(',') !== '1,2,3') return { ok: false, reason: 'missing_slots' };
  if (messages.some((m) => m.qa_evaluated_at === null || m.qa_evaluated_at < m.content_updated_at)) return { ok: false, reason: 'not_scored' };
  const views = messages.map((m) => messageView(m, { ...f, researchedAt: speaker.researched_at }));
  if (views.some((v) => !v.fresh)) return { ok: false, reason: 'stale' };
  if (views.some((v) => v.needs_human)) return { ok: false, reason: 'needs_human' };
  if (views.some((v) => v.needs_redo)) return { ok: false, reason: 'needs_redo' };
  if (views.some((v) => !v.approvable)) return { ok: false, reason: 'not_approvable' };
  const linkedinUrl = publicProfileUrl(speaker.linkedin_url);
  if (!linkedinUrl) return { ok: false, reason: 'no_linkedin_url' };
  return { ok: true, linkedinUrl };
}

export function emptyCounts(): Record<SkipReason, number> {
  return Object.fromEntries(SKIP_REASONS.map((r) => [r, 0])) as Record<SkipReason, number>;
}
