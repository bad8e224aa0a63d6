import type { MessageRow, SendingConnectionRow } from '../../../db/types.js';
import type { Ctx } from '../../context.js';
import { ToolError } from '../../errors.js';
import { acquireLease, releaseLease, renewLease } from '../../../db/leases.js';
import type { LeadOutcome, OutboundLead, StepSlot, ToolCounts } from '../../senders/types.js';
import { SenderError } from '../../senders/http.js';
import type { PushReport, SpeakerPushResult, ToolCountsReport } from '../../../schemas/push.js';
import { requireCampaign } from '../campaigns.js';
import { getBalance } from '../credits.js';
import { targetSpeakers, type SpeakerScope } from '../drafts.js';
import { openConnection } from '../sending-connections.js';
import { emptyCounts, judge, personApproved, SKIP_HINTS } from './eligibility.js';
import type { SkipReason } from '../../../schemas/push-vocabulary.js';
import { announcePush, reserve, settle, type Target } from './ledger.js';
import { splitName } from './linkedin.js';
import { loadSuppression, matchSpeaker, profileKey } from '../do-not-contact.js';
import { contactsByProfile, windowStart } from '../recontact.js';

export type { PushReport, ToolCountsReport };
type SpeakerResult = SpeakerPushResult;
type Outcome = SpeakerResult['outcome'];

function totalCounts(batches: ToolCounts[]): ToolCountsReport | null {
  if (batches.length === 0) return null;
  const sum = (k: 'added' | 'updated' | 'failed') => batches.reduce((n, b) => n + b[k], 0);
  return { added: sum('added'), updated: sum('updated'), failed: sum('failed'), batches };
}

interface Plan {
  target: Target;
  /** Only sequences a person approved go: the campaign's push_requires_approval, or the caller's only_approved. */
  requiresApproval: boolean;
  ready: Array<{ scope: SpeakerScope; linkedinUrl: string }>;
  skipped: Array<{ scope: SpeakerScope; reason: SkipReason }>;
}

export interface PlanOptions {
  speakerIds?: string[];
  /** Speakers the caller named: a recent contact elsewhere does not hold them back. */
  named?: readonly string[];
  onlyApproved?: boolean;
}

/** The campaign's wiring, or a tool_error that says how to wire it. */
export async function wiredTarget(ctx: Ctx, campaignId: string): Promise<Target> {
  const campaign = await requireCampaign(ctx, campaignId);
  const conn = campaign.sending_connection_id
    ? await ctx.db
        .selectFrom('sending_connections')
        .selectAll()
        .where('id', '=', campaign.sending_connection_id)
        .where('user_id', '=', ctx.principal.userId)
        .executeTakeFirst()
    : undefined;
  if (!conn || !campaign.sending_campaign_id) {
    throw new ToolError(
      'tool_error',
      `Campaign ${campaignId} is not wired to a sending tool. Connect one with create_sending_connection (HeyReach, lemlist or a webhook), pick its campaign with list_sending_tool_campaigns, then call update_campaign with sending_connection_id and sending_campaign_id.`,
    );
  }
  return { campaign, conn: conn as SendingConnectionRow };
}

/**
 * Sorts the campaign's sequences (or the given speakers') into ready and skipped-with-reason.
 * The do-not-contact list is read now, so an entry added after drafting holds the sequence
 * back; a person pushed by another campaign within the recontact window is skipped unless
 * the caller named them (named). Where only a person's approval lets a sequence go, a
 * QA-cleared one nobody approved is skipped as not_approved.
 */
export async function planPush(ctx: Ctx, target: Target, opts: PlanOptions = {}): Promise<Plan> {
  const { speakerIds, named = [] } = opts;
  const requiresApproval = target.campaign.push_requires_approval === 1 || opts.onlyApproved === true;
  // An empty list names nobody (approve_fits_and_clean_drafts picked no one), not the whole campaign.
  if (speakerIds?.length === 0) return { target, requiresApproval, ready: [], skipped: [] };
  const ids = await targetSpeakers(ctx, target.campaign.id, { speaker_ids: speakerIds });
  const scopes = await loadSequences(ctx, target.campaign.id, ids);
  const pushes = ids.length
    ? await ctx.db.selectFrom('sending_pushes').select(['speaker_id', 'state']).where('campaign_id', '=', target.campaign.id).execute()
    : [];
  const byspeaker = new Map(pushes.map((p) => [p.speaker_id, p]));
  const f = { now: ctx.clock.now(), maxAgeDays: ctx.config.qa.maxDraftAgeDays };
  const plan: Plan = { target, requiresApproval, ready: [], skipped: [] };
  const list = await loadSuppression(ctx.db, target.campaign.user_id);
  const since = windowStart(f.now, ctx.config.recontactDays);
  const recent = since && scopes.length ? await contactsByProfile(ctx.db, target.campaign.user_id, { since, exceptCampaign: target.campaign.id }) : new Map();
  const explicit = new Set(named);
  for (const scope of scopes) {
    const v = judge(scope, byspeaker.get(scope.speaker.id), f);
    const done = !v.ok && (v.reason === 'already_pushed' || v.reason === 'partly_sent');
    const key = profileKey(scope.speaker.linkedin_url);
    if (!done && matchSpeaker(list, scope.speaker)) plan.skipped.push({ scope, reason: 'suppressed' });
    else if (!done && key && recent.has(key) && !explicit.has(scope.speaker.id)) plan.skipped.push({ scope, reason: 'contacted_recently' });
    else if (v.ok && requiresApproval && !personApproved(scope.messages)) plan.skipped.push({ scope, reason: 'not_approved' });
    else if (v.ok) plan.ready.push({ scope, linkedinUrl: v.linkedinUrl });
    else plan.skipped.push({ scope, reason: v.reason });
  }
  return plan;
}

/**
 * The speakers and their slots, read by campaign in two queries and grouped in one pass
 * (loading by speaker id lists is quadratic in the number of speakers).
 */
async function loadSequences(ctx: Ctx, campaignId: string, ids: string[]): Promise<SpeakerScope[]> {
  if (ids.length === 0) return [];
  const wanted = new Set(ids);
  const speakers = (await ctx.db.selectFrom('speakers').selectAll().where('campaign_id', '=', campaignId).orderBy('seq').execute()).filter((s) =>
    wanted.has(s.id),
  );
  const bySpeaker = new Map<string, MessageRow[]>(speakers.map((s) => [s.id, []]));
  const messages = await ctx.db.selectFrom('messages').selectAll().where('campaign_id', '=', campaignId).orderBy('seq').execute();
  for (const m of messages) bySpeaker.get(m.speaker_id)?.push(m);
  return speakers.map((speaker) => ({ speaker, messages: (bySpeaker.get(speaker.id) as MessageRow[]).sort((a, b) => a.slot - b.slot) }));
}

async function baseReport(ctx: Ctx, plan: Plan, dryRun: boolean): Promise<PushReport> {
  const counts = emptyCounts();
  for (const s of plan.skipped) counts[s.reason]++;
  const balance = await getBalance(ctx.db, ctx.principal.userId);
  return {
    dry_run: dryRun,
    tool: plan.target.conn.tool,
    sending_campaign_id: plan.target.campaign.sending_campaign_id as string,
    // Loading a sending tool costs no credits.
    cost_preview: {
      credits: 0,
      model_calls: 0,
      lines: [{ operation: 'push_approved', count: plan.ready.length, unit_credits: 0, credits: 0 }],
      balance,
      sufficient: true,
    },
    would_push: plan.ready.length,
    approved_by_person: plan.ready.filter((r) => personApproved(r.scope.messages)).length,
    requires_approval: plan.requiresApproval,
    skipped_by_reason: counts,
  };
}

/** The campaign's push lease, held by a caller that pushes after work of its own (approve_fits_and_clean_drafts). */
export interface PushLease {
  renew(): Promise<void>;
}

export async function pushApproved(ctx: Ctx, campaignId: string, opts: PlanOptions & { dryRun?: boolean; lease?: PushLease } = {}): Promise<PushReport> {
  const target = await wiredTarget(ctx, campaignId);
  const plan = await planPush(ctx, target, opts);
  const report = await baseReport(ctx, plan, opts.dryRun === true);
  if (opts.dryRun) return report;
  const results = plan.skipped.map(({ scope, reason }): SpeakerResult => ({ ...named(scope), outcome: 'skipped', reason, detail: SKIP_HINTS[reason] }));
  const sendHeld = (lease: PushLease) => send(ctx, plan, lease.renew);
  const { pushedResults, requests, toolCounts, steps } = await (opts.lease ? sendHeld(opts.lease) : withPushLease(ctx, campaignId, sendHeld));
  results.push(...pushedResults);
  const count = (o: Outcome) => results.filter((r) => r.outcome === o).length;
  return {
    ...report,
    pushed: count('pushed'),
    duplicate: count('duplicate'),
    failed: count('failed'),
    skipped: count('skipped'),
    requests,
    tool_counts: totalCounts(toolCounts),
    results,
    ...(steps === undefined ? {} : { step_slots: steps }),
  };
}

/** One push per campaign at a time, across processes; a crashed pusher's lease lapses. */
export async function withPushLease<T>(ctx: Ctx, campaignId: string, fn: (lease: PushLease) => Promise<T>): Promise<T> {
  const name = `push:${campaignId}`;
  const holder = ctx.ids.uuid();
  const ttl = ctx.config.leaseMs;
  if (!(await acquireLease(ctx.db, name, holder, ctx.clock.now().getTime(), ttl))) {
    throw new ToolError('tool_error', 'Another push of this campaign is still running; retry once it has finished');
  }
  try {
    return await fn({
      renew: async () => {
        if (!(await renewLease(ctx.db, name, holder, ctx.clock.now().getTime(), ttl)))
          throw new ToolError('tool_error', 'This push lost its lease to another; retry to finish the rest');
      },
    });
  } finally {
    await releaseLease(ctx.db, name, holder);
  }
}

function named(scope: SpeakerScope) {
  return { speaker_id: scope.speaker.id, speaker_name: scope.speaker.name };
}

function leadOf(scope: SpeakerScope, linkedinUrl: string, pushId: string): OutboundLead {
  const bySlot = (n: number) => scope.messages.find((m) => m.slot === n)?.content ?? '';
  return {
    ref: scope.speaker.id,
    campaignRef: scope.speaker.campaign_id,
    pushId,
    linkedinUrl,
    ...splitName(scope.speaker.name),
    company: scope.speaker.company,
    title: scope.speaker.title,
    messages: [bySlot(1), bySlot(2), bySlot(3)],
  };
}

/** Batches the ready sequences to the tool: reserve, call, settle; a halting refusal fails the rest unsent. */
async function send(
  ctx: Ctx,
  plan: Plan,
  renew: () => Promise<void>,
): Promise<{ pushedResults: SpeakerResult[]; requests: number; toolCounts: ToolCounts[]; steps?: StepSlot[] | null }> {
  const open = openConnection(ctx, plan.target.conn);
  const out: SpeakerResult[] = [];
  const toolCounts: ToolCounts[] = [];
  const names = new Map(plan.ready.map((r) => [r.scope.speaker.id, r.scope]));
  const confirmed: LeadOutcome[] = [];
  let halted: string | null = null;
  let steps: StepSlot[] | null | undefined;
  try {
    // Read only when something goes, so a push with nothing ready calls the tool not at all.
    if (plan.ready.length && open.adapter.stepSlots) steps = await readStepSlots(open, plan.target.campaign.sending_campaign_id as string);
    const tool = { reportsSent: open.adapter.reportsSent, steps: steps ?? null };
    for (let i = 0; i < plan.ready.length; i += open.adapter.batchSize) {
      const batch = plan.ready.slice(i, i + open.adapter.batchSize);
      if (halted) {
        for (const r of batch) out.push({ ...named(r.scope), outcome: 'failed', reason: 'tool_failed', detail: `not sent: ${halted}` });
        continue;
      }
      const ids = batch.map((r) => r.scope.speaker.id);
      const pushIds = await reserve(ctx, plan.target, ids);
      const leads = batch.map((r) => leadOf(r.scope, r.linkedinUrl, pushIds.get(r.scope.speaker.id) as string));
      const answer = await open.adapter.addLeads(open.call, plan.target.campaign.sending_campaign_id as string, leads);
      // Crash-safety testing: die between the tool's answer and writing it down.
      if (ctx.config.crashAfterPushAnswer) process.kill(process.pid, 'SIGKILL');
      const changed = await settle(
        ctx,
        plan.target,
        answer.outcomes,
        new Map<string, MessageRow[]>(batch.map((r) => [r.scope.speaker.id, r.scope.messages])),
        tool,
      );
      for (const o of answer.outcomes) out.push(withChanged(resultOf(names.get(o.ref) as SpeakerScope, o), changed.get(o.ref), plan.target.conn.tool));
      confirmed.push(...answer.outcomes.filter((o) => o.status !== 'failed'));
      if (answer.counts) toolCounts.push(answer.counts);
      halted = answer.halt?.message ?? null;
      await renew();
    }
  } finally {
    await open.close();
    // A push that fails after some batches still announces what the tool confirmed.
    await announcePush(ctx, plan.target, confirmed);
  }
  return { pushedResults: out, requests: open.call.http.requests, toolCounts, steps };
}

/**
 * Which steps of the tool's campaign carry which slot, read once per push from the campaign
 * itself, so an activity's step maps to the slot it sent. Null when the tool has no steps to
 * read, or refused: events then fall back to the slots' order (see sender-events.ts).
 */
async function readStepSlots(open: ReturnType<typeof openConnection>, sendingCampaignId: string): Promise<StepSlot[] | null> {
  if (!open.adapter.stepSlots) return null;
  try {
    return await open.adapter.stepSlots(open.call, sendingCampaignId);
  } catch (err) {
    if (err instanceof SenderError) return null;
    throw err;
  }
}

/** A slot edited while the push ran: the tool took the text as it was read, and says so. */
function withChanged(r: SpeakerResult, slots: number[] | undefined, tool: string): SpeakerResult {
  if (!slots?.length) return r;
  const which = slots.length === 1 ? `slot ${slots[0]} was` : `slots ${slots.join(' and ')} were`;
  return {
    ...r,
    detail: `${which} edited during the push: ${tool} has the earlier text, so ${slots.length === 1 ? 'it stays' : 'they stay'} unsent here; update the text in ${tool} or mark it sent by hand`,
  };
}

function resultOf(scope: SpeakerScope, o: LeadOutcome): SpeakerResult {
  if (o.status === 'failed') return { ...named(scope), outcome: 'failed', reason: 'tool_failed', detail: o.reason };
  return { ...named(scope), outcome: o.status === 'added' ? 'pushed' : 'duplicate', reason: null, detail: null };
}
