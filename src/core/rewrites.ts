import type { CampaignRow, MessageRow } from '../../db/types.js';
import type { Ctx } from '../context.js';
import type { CostPreview } from '../../schemas/fields.js';
import type { RewriteResult } from '../../schemas/message.js';
import { ToolError } from '../errors.js';
import { ModelCallError, type CampaignBrief, type DraftSlot, type RewriteInput, type SlotNumber, type StageEngine } from '../engine/types.js';
import { rewriteNotes, type RewriteNote } from '../engine/offline/rewrite-notes.js';
import { campaignBrief, signalsOf, speakerInput } from './brief.js';
import { getBalance } from './credits.js';
import { estimateUsd } from './pricing.js';
import { loadScope, MessageChanged, slotState, writeIfUnchanged, type SpeakerScope } from './drafts.js';
import { qaBriefOf, qaColumns, scoreSequence, type QaBrief, type SlotState } from './message-qa.js';
import { nextTurn } from './turns.js';
import { hardFailCodes } from '../../db/cast.js';

/**
 * What a rewrite costs: no credits; one model call per unsent slot when a model vendor
 * rewrites, none when the built-in rules do (they call nobody and cost nothing).
 */
export async function rewritePreview(ctx: Ctx, campaign: CampaignRow, speakerIds: string[]): Promise<CostPreview> {
  let slots = 0;
  for (const scope of await loadScope(ctx, speakerIds)) slots += scope.messages.filter((m) => !m.sent).length;
  const route = ctx.engines.forCampaign(campaign).route;
  const { usd, vendorCalls } = estimateUsd(ctx.config.models, route, [{ stage: 'rewrite', count: slots }]);
  const preview: CostPreview = {
    credits: 0,
    model_calls: vendorCalls,
    lines: [{ operation: 'rewrite', count: slots, unit_credits: 0, credits: 0 }],
    balance: await getBalance(ctx.db, ctx.principal.userId),
    sufficient: true,
  };
  if (slots > 0 && vendorCalls === 0) preview.note = `${slots} slot(s) rewritten by the built-in rules: no model call, nothing to pay`;
  if (vendorCalls > 0) {
    const r = route('rewrite');
    preview.note = `${vendorCalls} model call(s) go to ${r.provider} ${r.model}: ${usd === null ? 'cost unknown (the model has no price: set GREENROOM_MODEL_PRICES)' : `about $${usd < 0.01 ? usd.toFixed(4) : usd.toFixed(2)}`}, before any retries`;
  }
  return preview;
}

/** How often one speaker is rewritten again when its drafts changed between our read and our write. */
const ATTEMPTS = 5;

interface Tools {
  brief: CampaignBrief;
  qaBrief: QaBrief;
  engine: StageEngine;
  instruction: string;
}

/**
 * Rewrites every unsent slot of the target speakers by the instruction. Each rewrite
 * passes the same hard-fail gate as a fresh draft: one that fails is skipped, not saved,
 * and the previous text stays. A speaker with any slot rewritten has every unsent slot
 * scored again against the new sequence, so checks across slots (angle rotation) are
 * never left stale. The work is done a slot per turn of the event loop, so a large
 * rewrite does not hold other callers up.
 */
export async function rewriteDrafts(ctx: Ctx, campaign: CampaignRow, speakerIds: string[], instruction: string): Promise<RewriteResult[]> {
  const tools: Tools = { brief: await campaignBrief(ctx.db, campaign), qaBrief: qaBriefOf(campaign), engine: ctx.engines.forCampaign(campaign), instruction };
  const results: RewriteResult[] = [];
  for (const id of speakerIds) {
    await nextTurn();
    results.push(...(await rewriteSpeaker(ctx, tools, id)));
  }
  return results;
}

function rewriteSpeaker(ctx: Ctx, tools: Tools, speakerId: string): Promise<RewriteResult[]> {
  // Rewrites of one speaker in this process take turns (core/speaker-locks.ts).
  return ctx.speakerLocks.oneAtATime(speakerId, () => rewriteOnce(ctx, tools, speakerId));
}

async function rewriteOnce(ctx: Ctx, tools: Tools, speakerId: string): Promise<RewriteResult[]> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const [scope] = await loadScope(ctx, [speakerId]);
    if (!scope) return [];
    const plan = await planRewrite(ctx, tools, scope);
    if (await store(ctx, tools, scope, plan)) return plan.results;
  }
  throw new ToolError('tool_error', `The drafts of speaker ${speakerId} kept changing while they were rewritten; retry`);
}

interface Plan {
  /** The sequence as it will be stored: rewritten slots carry their new text. */
  slots: MessageRow[];
  rewritten: Set<string>;
  results: RewriteResult[];
}

/** Rewrites slot by slot, each against the others as they stand by then; writes nothing. */
async function planRewrite(ctx: Ctx, tools: Tools, scope: SpeakerScope): Promise<Plan> {
  let slots = scope.messages.map((m) => ({ ...m }));
  const rewritten = new Set<string>();
  const results: RewriteResult[] = [];
  for (const [i, m] of scope.messages.entries()) {
    if (m.sent) {
      results.push(result(m, 'sent', m.qa_score, [], null));
      continue;
    }
    // One slot per turn: what was read may change meanwhile, which the guarded write in store() catches.
    if (i > 0) await nextTurn();
    const input: RewriteInput = {
      slot: m.slot as SlotNumber,
      content: m.content,
      instruction: tools.instruction,
      speaker: speakerInput(scope.speaker),
      signals: signalsOf(scope.speaker),
      campaign: tools.brief,
      otherSlots: slots.filter((o) => o.id !== m.id).map((o): DraftSlot => ({ slot: o.slot as SlotNumber, angle: o.angle ?? '', content: o.content })),
    };
    const content = await vendorRewrite(tools.engine, input);
    // The rules can say what they did with each part of the instruction; a model's answer is its own.
    const notes = tools.engine.route('rewrite').provider === 'offline' ? rewriteNotes(input, content) : null;
    const candidate = slots.map((o) => (o.id === m.id ? { ...o, content } : o));
    const verdict = scoreSequence(scope.speaker, tools.qaBrief, candidate, ctx.config.qa, stateOf(candidate, rewritten, m.id)).get(m.slot)!;
    if (verdict.hardFails.length) {
      results.push(result(m, 'skipped', verdict.score, verdict.hardFails, notes));
    } else if (content === m.content) {
      results.push(result(m, 'unchanged', m.qa_score, hardFailCodes.read(m.hard_fails), notes));
    } else {
      slots = candidate;
      rewritten.add(m.id);
      results.push(result(m, 'rewritten', verdict.score, [], notes));
    }
  }
  return { slots, rewritten, results };
}

/**
 * A vendor that still fails after its retries refuses this request (tool_error, 422),
 * naming the failure; speakers rewritten before it keep their new texts.
 */
async function vendorRewrite(engine: StageEngine, input: RewriteInput): Promise<string> {
  try {
    return await engine.rewrite(input);
  } catch (err) {
    if (err instanceof ModelCallError)
      throw new ToolError('tool_error', `The model vendor failed: ${err.message}; drafts rewritten before it are kept, retry the rest`);
    throw err;
  }
}

/** A rewritten text carries no person's approval; every other slot keeps its state. */
function stateOf(slots: MessageRow[], rewritten: Set<string>, current?: string): Map<number, SlotState> {
  return new Map(slots.map((o) => [o.slot, o.id === current || rewritten.has(o.id) ? { stamp: o.founder_stamp } : slotState(o)]));
}

/**
 * Writes the new texts and the scores of the whole sequence in one transaction, each row
 * only if it is still as it was read. False (nothing written) when one changed meanwhile.
 * The results of a touched speaker report the scores as stored.
 */
async function store(ctx: Ctx, tools: Tools, scope: SpeakerScope, plan: Plan): Promise<boolean> {
  if (plan.rewritten.size === 0) return true;
  await nextTurn();
  const final = scoreSequence(scope.speaker, tools.qaBrief, plan.slots, ctx.config.qa, stateOf(plan.slots, plan.rewritten));
  const now = ctx.clock.now().toISOString();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      for (const [i, m] of scope.messages.entries()) {
        if (m.sent) continue;
        const qa = qaColumns(final.get(m.slot)!, now);
        const set = plan.rewritten.has(m.id)
          ? { ...qa, content: (plan.slots[i] as MessageRow).content, content_updated_at: now, hand_edited: 0, approved_at: null, updated_at: now }
          : { ...qa, updated_at: now };
        await writeIfUnchanged(trx, m, set, { sameApproval: true });
      }
    });
  } catch (err) {
    if (err instanceof MessageChanged) return false;
    throw err;
  }
  for (const r of plan.results) {
    const v = final.get(r.slot);
    if (v && r.outcome !== 'sent' && r.outcome !== 'skipped') Object.assign(r, { qa_score: v.score, hard_fail_codes: v.hardFails });
  }
  return true;
}

function result(m: MessageRow, outcome: RewriteResult['outcome'], score: number | null, codes: string[], notes: RewriteNote[] | null): RewriteResult {
  return { message_id: m.id, speaker_id: m.speaker_id, slot: m.slot, outcome, qa_score: score, hard_fail_codes: codes, instruction_notes: notes };
}
