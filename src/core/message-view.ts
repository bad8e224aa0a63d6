import type { MessageRow } from '../../db/types.js';
import type { MessageView } from '../../schemas/message.js';
import { hardFailCodes } from '../../db/cast.js';
import { storedHint } from '../qa/codes.js';
import { fixHintsColumn, qaFlagsColumn, qaReasonsColumn } from './message-columns.js';

type Hint = MessageView['fix_hints'][number];

export interface FreshnessInput {
  researchedAt: string | null;
  now: Date;
  maxAgeDays: number;
}

export type Freshness = Pick<MessageRow, 'qa_evaluated_at' | 'content_updated_at'>;

const RESCORE: Hint = {
  code: 'edited_since_qa',
  action: 'rescore',
  fix: 'rescore',
  hint: 'The text changed after its last check: check it again; a clean score releases it.',
};
const LOCKED: Hint = { code: 'sent', action: 'none', fix: 'none', hint: 'Already sent: locked, do not touch.' };
const QUEUED: Hint = {
  code: 'pushed',
  action: 'none',
  fix: 'none',
  hint: 'In the sending tool, waiting there to go out: locked, do not touch; change it in the tool if you must.',
};
const APPROVED: Hint = { code: 'approved', action: 'none', fix: 'none', hint: 'Approved by a person as it now reads, and fresh: do not touch.' };
const READY: Hint = {
  code: 'ready',
  action: 'none',
  fix: 'none',
  hint: 'QA-cleared and fresh: ready for a person to approve. A push takes it as it is, unless the campaign pushes only what a person approved.',
};

/**
 * The freshness guard: the QA verdict is newer than the last content change and than
 * the speaker's research, and the text is younger than the configured age.
 */
export function staleReasons(m: Freshness, f: FreshnessInput): string[] {
  const out: string[] = [];
  if (!m.qa_evaluated_at) out.push('not scored since the last change');
  else if (m.qa_evaluated_at < m.content_updated_at) out.push('edited after its last QA evaluation');
  if (m.qa_evaluated_at && f.researchedAt && m.qa_evaluated_at < f.researchedAt) out.push('the speaker was researched again after this draft was scored');
  if (f.now.getTime() - Date.parse(m.content_updated_at) > f.maxAgeDays * 86_400_000) out.push(`written more than ${f.maxAgeDays} days ago`);
  return out;
}

function hintsFor(m: MessageRow, stale: string[], approvable: boolean): Hint[] {
  if (m.sent) return [m.sent_at === null ? QUEUED : LOCKED];
  if (approvable) return [m.approved_via === 'approve_message' && m.approved_at !== null && m.approved_at >= m.content_updated_at ? APPROVED : READY];
  const stored = fixHintsColumn.read(m.fix_hints).map(storedHint);
  if (stale.length === 0) return stored;
  const hints = stale.some((r) => r.startsWith('not scored') || r.startsWith('edited') || r.startsWith('the speaker')) ? [RESCORE] : [];
  if (stale.some((r) => r.startsWith('written')))
    hints.push({ code: 'too_old', action: 'rescore', fix: 'rewrite', hint: 'Written too long ago: rewrite it against the current research.' });
  return [...hints, ...stored.filter((h) => h.code !== RESCORE.code)];
}

export function messageView(m: MessageRow, f: FreshnessInput): MessageView {
  const stale = m.sent ? [] : staleReasons(m, f);
  const approvable = m.approvable === 1 && stale.length === 0 && m.sent === 0;
  return {
    message_id: m.id,
    speaker_id: m.speaker_id,
    campaign_id: m.campaign_id,
    slot: m.slot,
    angle: m.angle,
    content: m.content,
    // A pushed slot is locked (sent = 1) but has gone nowhere until the tool sends it (sent_at).
    sent: m.sent === 1 && m.sent_at !== null,
    sent_at: m.sent_at,
    pushed_at: m.pushed_at,
    drafted_at: m.drafted_at,
    content_updated_at: m.content_updated_at,
    qa_score: m.qa_score,
    qa_evaluated_at: m.qa_evaluated_at,
    qa_flags: qaFlagsColumn.read(m.qa_flags),
    qa_reasons: qaReasonsColumn.read(m.qa_reasons),
    hard_fail_codes: hardFailCodes.read(m.hard_fails),
    fix_hints: hintsFor(m, stale, approvable),
    needs_human: m.needs_human === 1,
    needs_redo: m.needs_redo === 1,
    approvable,
    fresh: stale.length === 0,
    stale_reasons: stale,
    approved_at: m.approved_at,
    approved_via: m.approved_at === null ? null : m.approved_via,
  };
}
