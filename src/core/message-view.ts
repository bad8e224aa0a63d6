import type { MessageRow } from '../../db/types.js';
import type { MessageView } from '../../schemas/message.js';

/** Drafts older than this are stale: the facts behind them may have moved on. */
export const DEFAULT_MAX_DRAFT_AGE_DAYS = 21;

export interface FreshnessInput {
  researchedAt: string | null;
  now: Date;
  maxAgeDays?: number;
}

/**
 * The freshness guard: QA newer than the last content change and than the speaker's
 * research, and a draft younger than the configured age.
 */
export function staleReasons(m: Pick<MessageRow, 'qa_evaluated_at' | 'content_updated_at' | 'drafted_at'>, f: FreshnessInput): string[] {
  const out: string[] = [];
  if (!m.qa_evaluated_at) out.push('not scored since the last change: run rescore_drafts');
  else if (m.qa_evaluated_at < m.content_updated_at) out.push('edited after its last QA evaluation: run rescore_drafts');
  if (m.qa_evaluated_at && f.researchedAt && m.qa_evaluated_at < f.researchedAt) out.push('the speaker was researched again after this draft was scored');
  const maxAge = (f.maxAgeDays ?? DEFAULT_MAX_DRAFT_AGE_DAYS) * 86_400_000;
  if (f.now.getTime() - Date.parse(m.drafted_at) > maxAge) out.push(`drafted more than ${f.maxAgeDays ?? DEFAULT_MAX_DRAFT_AGE_DAYS} days ago`);
  return out;
}

export function messageView(m: MessageRow, f: FreshnessInput): MessageView {
  const stale = m.sent ? [] : staleReasons(m, f);
  return {
    message_id: m.id,
    speaker_id: m.speaker_id,
    campaign_id: m.campaign_id,
    slot: m.slot,
    angle: m.angle,
    content: m.content,
    sent: m.sent === 1,
    sent_at: m.sent_at,
    drafted_at: m.drafted_at,
    content_updated_at: m.content_updated_at,
    qa_score: m.qa_score,
    qa_evaluated_at: m.qa_evaluated_at,
    qa_flags: JSON.parse(m.qa_flags),
    qa_reasons: JSON.parse(m.qa_reasons),
    hard_fail_codes: JSON.parse(m.hard_fails),
    fix_hints: JSON.parse(m.fix_hints),
    needs_human: m.needs_human === 1,
    needs_redo: m.needs_redo === 1,
    approvable: m.approvable === 1 && stale.length === 0 && m.sent === 0,
    fresh: stale.length === 0,
    stale_reasons: stale,
  };
}
