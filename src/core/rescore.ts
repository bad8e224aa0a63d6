import type { CampaignRow, MessageRow } from '../../db/types.js';
import type { Ctx, Services } from '../context.js';
import { ToolError } from '../errors.js';
import { loadScope, MessageChanged, outcomeOf, slotState, writeIfUnchanged, type RescoreOutcome, type SpeakerScope } from './drafts.js';
import { qaBriefOf, qaColumns, scoreSequence, type QaBrief } from './message-qa.js';
import { countCampaignLines, type SlotText } from '../qa/campaign-lines.js';
import type { CampaignLines } from '../qa/types.js';
import { nextTurn } from './turns.js';
import { keepWithPerson } from './to-person.js';

/** How often one speaker is scored again when another call changed its drafts between our read and our write. */
const ATTEMPTS = 5;

export type Outcomes = Record<RescoreOutcome, number>;

export const noOutcomes = (): Outcomes => ({ approvable: 0, hard_fail: 0, needs_human: 0, low_score: 0, sent: 0 });

/**
 * Scores every unsent slot of the given speakers afresh and stores the verdicts. Each
 * speaker's scores are written together and only onto the text that was scored; a
 * speaker whose drafts changed meanwhile (edited, approved, sent) is read and scored
 * again, so the counts describe what was stored. Between speakers the event loop is
 * free for other callers.
 */
export async function rescoreSpeakers(ctx: Ctx, campaign: CampaignRow, speakerIds: string[]): Promise<Outcomes> {
  const counts = noOutcomes();
  const brief = qaBriefOf(campaign);
  const lines = await campaignLines(ctx, campaign.id);
  for (const scope of await loadScope(ctx, speakerIds)) {
    await nextTurn();
    for (const outcome of await rescoreScope(ctx, brief, scope, lines)) counts[outcome]++;
  }
  return counts;
}

/**
 * How often each opening and closing line occurs across the campaign's sequences, sent
 * ones included: a line the campaign has already sent many times is as worn as one in
 * its drafts. Read once per rescore, so every speaker is judged against the same counts.
 */
export async function campaignLines(ctx: Pick<Services, 'db'>, campaignId: string): Promise<CampaignLines> {
  const rows = await ctx.db.selectFrom('messages').select(['speaker_id', 'slot', 'content']).where('campaign_id', '=', campaignId).execute();
  const bySpeaker = new Map<string, SlotText[]>();
  for (const r of rows) {
    const list = bySpeaker.get(r.speaker_id);
    if (list) list.push({ slot: r.slot, content: r.content });
    else bySpeaker.set(r.speaker_id, [{ slot: r.slot, content: r.content }]);
  }
  return countCampaignLines(bySpeaker);
}

/** Scores one speaker's whole sequence and stores it, starting from scope as already read. */
export async function rescoreScope(ctx: Ctx, brief: QaBrief, first: SpeakerScope, lines: CampaignLines | null = null): Promise<RescoreOutcome[]> {
  let scope: SpeakerScope | undefined = first;
  for (let attempt = 0; attempt < ATTEMPTS && scope; attempt++) {
    const stored = await storeScores(ctx, brief, scope, lines);
    if (stored) return stored;
    [scope] = await loadScope(ctx, [first.speaker.id]);
  }
  if (!scope) return [];
  throw new ToolError('tool_error', `The drafts of speaker ${first.speaker.id} kept changing while they were scored; retry`);
}

/** One speaker's verdicts in one transaction, or null (nothing written) when a draft changed since it was read. */
async function storeScores(ctx: Ctx, brief: QaBrief, { speaker, messages }: SpeakerScope, lines: CampaignLines | null): Promise<RescoreOutcome[] | null> {
  if (messages.length === 0) return [];
  const today = ctx.clock.now();
  const results = scoreSequence(speaker, brief, messages, ctx.config.qa, new Map(messages.map((m) => [m.slot, slotState(m)])), lines, today);
  const now = today.toISOString();
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const outcomes: RescoreOutcome[] = [];
      for (const m of messages) {
        if (m.sent) {
          outcomes.push('sent');
          continue;
        }
        const cols = qaColumns(keepWithPerson(m, results.get(m.slot)!), now);
        await writeIfUnchanged(trx, m, { ...cols, updated_at: now }, { sameApproval: true });
        outcomes.push(outcomeOf({ ...m, ...cols } as MessageRow));
      }
      return outcomes;
    });
  } catch (err) {
    if (err instanceof MessageChanged) return null;
    throw err;
  }
}
