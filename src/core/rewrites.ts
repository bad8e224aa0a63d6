import type { CampaignRow, MessageRow } from '../../db/types.js';
import type { Ctx } from '../context.js';
import type { CostPreview } from '../../schemas/fields.js';
import type { DraftSlot, SlotNumber } from '../engine/types.js';
import { campaignBrief, signalsOf, speakerInput } from '../pipeline/brief.js';
import { getBalance } from './credits.js';
import { loadScope, slotState } from './drafts.js';
import { qaBriefOf, qaColumns, scoreSequence } from './message-qa.js';

export interface RewriteResult {
  message_id: string;
  speaker_id: string;
  slot: number;
  outcome: 'rewritten' | 'unchanged' | 'skipped' | 'sent';
  qa_score: number | null;
  hard_fail_codes: string[];
}

export async function rewritePreview(ctx: Ctx, speakerIds: string[]): Promise<CostPreview> {
  let calls = 0;
  for (const scope of await loadScope(ctx, speakerIds)) calls += scope.messages.filter((m) => !m.sent).length;
  return { credits: 0, model_calls: calls, lines: [{ operation: 'rewrite', count: calls, unit_credits: 0, credits: 0 }], balance: await getBalance(ctx.db, ctx.principal.userId), sufficient: true };
}

/**
 * Rewrites every unsent slot of the target speakers by the instruction. Each rewrite
 * passes the same hard-fail gate as a fresh draft: one that fails is skipped, not saved,
 * and the previous text stays.
 */
export async function rewriteDrafts(ctx: Ctx, campaign: CampaignRow, speakerIds: string[], instruction: string): Promise<RewriteResult[]> {
  const brief = await campaignBrief(ctx.db, campaign);
  const qaBrief = qaBriefOf(campaign);
  const engine = ctx.engines.forCampaign(campaign);
  const results: RewriteResult[] = [];
  for (const scope of await loadScope(ctx, speakerIds)) {
    let slots = scope.messages.map((m) => ({ ...m }));
    for (const m of scope.messages) {
      if (m.sent) {
        results.push(result(m, 'sent', m.qa_score, []));
        continue;
      }
      const content = await engine.rewrite({
        slot: m.slot as SlotNumber,
        content: m.content,
        instruction,
        speaker: speakerInput(scope.speaker),
        signals: signalsOf(scope.speaker),
        campaign: brief,
        otherSlots: slots.filter((o) => o.id !== m.id).map((o): DraftSlot => ({ slot: o.slot as SlotNumber, angle: o.angle ?? '', content: o.content })),
      });
      const candidate = slots.map((o) => (o.id === m.id ? { ...o, content } : o));
      const qa = scoreSequence(scope.speaker, qaBrief, candidate, ctx.config.qa, new Map(candidate.map((o) => [o.slot, o.id === m.id ? { stamp: o.founder_stamp } : slotState(o)])));
      const verdict = qa.get(m.slot)!;
      if (verdict.hardFails.length) {
        results.push(result(m, 'skipped', verdict.score, verdict.hardFails));
        continue;
      }
      if (content === m.content) {
        results.push(result(m, 'unchanged', m.qa_score, JSON.parse(m.hard_fails)));
        continue;
      }
      await save(ctx, m, content, qaColumns(verdict, ctx.clock.now().toISOString()));
      slots = candidate;
      results.push(result(m, 'rewritten', verdict.score, []));
    }
  }
  return results;
}

async function save(ctx: Ctx, m: MessageRow, content: string, qa: ReturnType<typeof qaColumns>): Promise<void> {
  const now = ctx.clock.now().toISOString();
  await ctx.db
    .updateTable('messages')
    .set({ ...qa, content, content_updated_at: now, hand_edited: 0, approved_at: null, updated_at: now })
    .where('id', '=', m.id)
    .where('sent', '=', 0)
    .execute();
}

function result(m: MessageRow, outcome: RewriteResult['outcome'], score: number | null, codes: string[]): RewriteResult {
  return { message_id: m.id, speaker_id: m.speaker_id, slot: m.slot, outcome, qa_score: score, hard_fail_codes: codes };
}
