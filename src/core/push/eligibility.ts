import type { MessageRow, SendingPushRow } from '../../../db/types.js';
import type { SpeakerScope } from '../drafts.js';
import { messageView, type FreshnessInput } from '../message-view.js';
import { publicProfileUrl } from './linkedin.js';
import { SKIP_REASONS, type SkipReason } from '../../../schemas/push-vocabulary.js';

/** What to do about each reason, for the reply. */
export const SKIP_HINTS: Record<SkipReason, string> = {
  already_pushed: 'already in the sending tool, or every slot was sent',
  partly_sent: 'some slots were already sent by another route; finish this sequence by hand',
  suppressed: 'the person is on your do-not-contact list (list_do_not_contact; remove_do_not_contact to undo)',
  contacted_recently:
    'pushed in another of your campaigns within GREENROOM_RECONTACT_DAYS (see get_speaker_dossier recent_contacts); name the speaker in speaker_ids to push anyway',
  excluded: 'the speaker is excluded (set_speaker_selected)',
  missing_slots: 'the sequence does not have all three slots drafted',
  not_scored: 'a slot changed after its QA evaluation: run rescore_drafts',
  stale: 'the freshness guard failed (researched again since scoring, or written too long ago): rescore or rewrite',
  needs_human: 'a slot waits for a person: review it, then approve_message',
  needs_redo: 'a slot must be rewritten: request_rewrite',
  not_approvable: 'a slot has a hard fail or a score below the approval bar',
  no_linkedin_url: 'the speaker has no public linkedin.com/in/ profile URL',
  not_approved: 'QA-cleared, but the campaign pushes only what a person approved (push_requires_approval): approve each slot with approve_message',
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
