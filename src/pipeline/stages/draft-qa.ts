import type { SpeakerRow } from '../../../db/types.js';
import { qaColumns } from '../../core/message-qa.js';
import { toPerson } from '../../core/to-person.js';
import type { QaResult } from '../../qa/types.js';
import { ModelCallError, type DraftSlot, type Meter } from '../../engine/types.js';
import { signalsOf, speakerInput } from '../../core/brief.js';
import type { Work } from '../work.js';
import type { NewMessage } from './effects.js';

export type Scorer = (slots: DraftSlot[]) => Map<number, QaResult>;

/** Fewer hard fails first, then the higher score: the text a person would rather start from. */
const better = (a: QaResult, b: QaResult): boolean =>
  a.hardFails.length < b.hardFails.length || (a.hardFails.length === b.hardFails.length && a.score > b.score);

/**
 * Rewrites, once, every slot whose hard fails a rewrite can fix, with those codes' fix
 * hints as the instruction. Codes meant for a person (a wrong name, a forbidden term)
 * are left for one. A rewrite that still fails the hard-fail gate is not taken on trust
 * (SPEC part 3 rule 3): the better of the two texts is kept, and the slot is routed to a
 * person with the reason. A vendor error here keeps the first draft: it is stored with its
 * QA state rather than lost. Returns the slots and their verdicts as they are to be stored.
 */
export async function retryFailedSlots(
  w: Work,
  s: SpeakerRow,
  slots: DraftSlot[],
  qa: Map<number, QaResult>,
  meter: Meter,
  score: Scorer,
): Promise<{ slots: DraftSlot[]; qa: Map<number, QaResult> }> {
  const fixes = new Map<number, string>();
  for (const d of slots) {
    const r = qa.get(d.slot);
    const hints = r?.fixHints.filter((h) => h.fix === 'rewrite' && r.hardFails.includes(h.code)).map((h) => h.hint) ?? [];
    if (hints.length) fixes.set(d.slot, [...new Set(hints)].join(' '));
  }
  if (!fixes.size) return { slots, qa };
  let out = slots;
  let verdicts = qa;
  const unfixed = new Map<number, string>();
  for (const [slot, instruction] of fixes) {
    const current = out.find((d) => d.slot === slot) as DraftSlot;
    let content: string;
    try {
      content = await w.engine.rewrite(
        {
          slot: current.slot,
          content: current.content,
          instruction,
          speaker: speakerInput(s),
          signals: signalsOf(s),
          campaign: w.brief,
          otherSlots: out.filter((d) => d.slot !== slot),
        },
        meter,
      );
    } catch (err) {
      if (!(err instanceof ModelCallError)) throw err;
      continue;
    }
    const candidate = out.map((d) => (d.slot === slot ? { ...d, content } : d));
    const after = score(candidate);
    const was = verdicts.get(slot) as QaResult;
    const now = after.get(slot) as QaResult;
    const keepRewrite = now.hardFails.length === 0 || better(now, was);
    if (now.hardFails.length) unfixed.set(slot, unfixedReason(was, now, keepRewrite));
    if (keepRewrite) {
      out = candidate;
      verdicts = after;
    }
  }
  verdicts = out !== slots ? score(out) : new Map(verdicts);
  for (const [slot, reason] of unfixed) verdicts.set(slot, toPerson(verdicts.get(slot) as QaResult, reason));
  return { slots: out, qa: verdicts };
}

function unfixedReason(was: QaResult, now: QaResult, keptRewrite: boolean): string {
  const kept = keptRewrite ? 'the rewrite is kept, as it fails less' : 'the first draft is kept, and the rewrite was not saved';
  return `The automatic rewrite to fix ${was.hardFails.join(', ')} still failed the check (${now.hardFails.join(', ')}): ${kept}. A person should edit or rewrite it.`;
}

export function draftMessages(w: Work, s: SpeakerRow, slots: DraftSlot[], qa: Map<number, QaResult>, now: string): NewMessage[] {
  return slots.map((d) => ({
    id: w.services.ids.uuid(),
    campaign_id: s.campaign_id,
    speaker_id: s.id,
    user_id: s.user_id,
    slot: d.slot,
    angle: d.angle,
    content: d.content,
    sent: 0,
    sent_at: null,
    sent_via: null,
    drafted_at: now,
    content_updated_at: now,
    hand_edited: 0,
    approved_at: null,
    founder_stamp: null,
    updated_at: now,
    ...qaColumns(qa.get(d.slot)!, now),
  }));
}
