import type { SpeakerRow } from '../../../db/types.js';
import { qaColumns } from '../../core/message-qa.js';
import type { QaResult } from '../../core/qa/types.js';
import { ModelCallError, type DraftSlot, type Meter } from '../../engine/types.js';
import { signalsOf, speakerInput } from '../brief.js';
import type { Work } from '../work.js';
import type { NewMessage } from './effects.js';

/**
 * Rewrites, once, every slot whose hard fails a rewrite can fix, with those codes' fix
 * hints as the instruction. Codes meant for a person (a wrong name, a forbidden term)
 * are left for one. A vendor error here keeps the first draft: it is stored with its
 * QA state rather than lost. Returns the same array when nothing was retried.
 */
export async function retryFailedSlots(w: Work, s: SpeakerRow, slots: DraftSlot[], qa: Map<number, QaResult>, meter: Meter): Promise<DraftSlot[]> {
  const fixes = new Map<number, string>();
  for (const d of slots) {
    const r = qa.get(d.slot);
    const hints = r?.fixHints.filter((h) => h.action === 'rewrite' && r.hardFails.includes(h.code)).map((h) => h.hint) ?? [];
    if (hints.length) fixes.set(d.slot, [...new Set(hints)].join(' '));
  }
  if (!fixes.size) return slots;
  let out = slots;
  for (const [slot, instruction] of fixes) {
    const current = out.find((d) => d.slot === slot) as DraftSlot;
    try {
      const content = await w.engine.rewrite(
        { slot: current.slot, content: current.content, instruction, speaker: speakerInput(s), signals: signalsOf(s), campaign: w.brief, otherSlots: out.filter((d) => d.slot !== slot) },
        meter,
      );
      out = out.map((d) => (d.slot === slot ? { ...d, content } : d));
    } catch (err) {
      if (!(err instanceof ModelCallError)) throw err;
    }
  }
  return out;
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
