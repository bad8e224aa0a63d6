import { sql } from 'kysely';
import type { ConferenceUrlRow, RunRow, SpeakerRow, SpeakerStage } from '../../db/types.js';
import type { CampaignBrief, SpeakerInput } from '../engine/types.js';
import type { ScrapedSpeaker } from '../scrape/types.js';
import { dedupeKey } from '../scrape/normalize.js';
import { createPoliteFetcher } from '../scrape/polite-fetcher.js';
import { campaignBrief, speakerInput } from './brief.js';
import { waitingSpeakers } from './run-progress.js';
import { enrichCredits, rulesOutlook, speakerCredits } from './credit-rules.js';
import type { Ctx } from '../context.js';
import type { Db } from '../../db/index.js';
import { ToolError } from '../errors.js';
import type { CostPreview } from '../../schemas/fields.js';
import { requireCampaign } from './campaigns.js';
import { getBalance } from './credits.js';
import { STAGE_CREDITS, runCost } from './pricing.js';
import { recentlyContacted, windowStart } from './recontact.js';
import { retriedPagesColumn } from './run-columns.js';
import { reasonsColumn } from './speaker-columns.js';

export const ACTIVE = ['queued', 'running'] as const;

const HELD_BACK = 'are held back (not enriched, drafted or charged)';

export interface PreviewOptions {
  /** The run takes at most this many speakers through the paid stages, the best by fit. */
  maxSpeakers?: number | null;
  /**
   * Reads the pages not scraped yet (fetch and extract, nothing written) so their
   * speakers are counted; without it they are only noted. The dry run reads them.
   */
  readPages?: boolean;
  /** Speakers not yet drafted are judged again from prequalify (requalify: true). */
  requalify?: boolean;
}

/** A speaker as a preview sees it: a stored row, or one read from a page not scraped yet. */
type Candidate = Pick<
  SpeakerRow,
  | 'seq'
  | 'stage'
  | 'model_error_stage'
  | 'prequalify_verdict'
  | 'prequalify_reasons'
  | 'prequalify_fit'
  | 'wave'
  | 'enriched_at'
  | 'enrich_found'
  | 'selected'
  | 'drafted_at'
  | 'qualified'
  | 'linkedin_url'
> & {
  input: SpeakerInput;
  /** Another campaign pushed this person within the recontact window: not enriched, drafted or charged now. */
  recent?: boolean;
};

/**
 * What a run would charge, by playing it forward on the rules: speakers still to
 * prequalify get the rules' verdict, the waiting ones are taken best fit first (up to
 * max_speakers), and each speaker the rules qualify (and who is selected) is charged a
 * draft, with its enrichment's credit when that learned something beyond the page.
 * With the rules engine this is what the run charges; where a model gives the verdicts
 * the rules stand in for it, and the note says so. Pages not scraped yet are read when
 * readPages is set (nothing is written), else noted.
 */
export async function previewRun(ctx: Ctx, campaignId: string, opts: PreviewOptions = {}): Promise<CostPreview> {
  const campaign = await ctx.db.selectFrom('campaigns').selectAll().where('id', '=', campaignId).executeTakeFirstOrThrow();
  const brief = await campaignBrief(ctx.db, campaign);
  const route = ctx.engines.forCampaign(campaign).route;
  // A speaker a run held back for the do-not-contact list is not work until the entry goes.
  const rows = await ctx.db
    .selectFrom('speakers')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .where('suppressed_stage', 'is', null)
    .orderBy('seq')
    .execute();
  // Re-qualifying sends every speaker not yet drafted back to prequalify; what they were paid for stays paid.
  const again = (r: SpeakerRow) => opts.requalify === true && r.drafted_at === null && r.stage !== 'prequalify';
  const candidates: Candidate[] = rows.map((r) => ({
    ...r,
    ...(again(r) ? { stage: 'prequalify' as const, model_error_stage: null, wave: null } : {}),
    input: speakerInput(r),
  }));
  const reexamined = rows.filter(again).length;
  const notes: string[] = [];
  const pages = await ctx.db
    .selectFrom('conference_urls')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .where('status', 'in', ['pending', 'failed', 'fetching'])
    .orderBy('seq')
    .execute();
  if (pages.length > 0 && opts.readPages) {
    candidates.push(...(await readPages(ctx, pages, new Set(rows.map((r) => r.dedupe_key)), notes)));
  } else if (pages.length > 0) {
    notes.push(
      `${pages.length} conference page(s) not scraped yet: each of their speakers who is drafted costs ${STAGE_CREDITS.draft} credit, ${STAGE_CREDITS.enrich} more when enrichment found a contact the page lacked, charged with the drafts; a dry run of the start reads them to count`,
    );
  }
  // Only those a run would still work on count as held back.
  const open = candidates.filter((c) => c.stage !== 'done' || c.model_error_stage !== null || (c.qualified === 1 && c.selected === 1 && !c.drafted_at));
  const recent = await recentlyContacted(ctx.db, ctx.principal.userId, campaignId, open, windowStart(ctx.clock.now(), ctx.config.recontactDays));
  for (const c of recent) c.recent = true;
  if (recent.size > 0)
    notes.push(
      `${recent.size} speaker(s) another of your campaigns pushed within the last ${ctx.config.recontactDays} days ${HELD_BACK} until a run after that window`,
    );
  const paused = await pausedRun(ctx, campaignId);
  const limit = opts.maxSpeakers !== undefined ? opts.maxSpeakers : (paused?.max_speakers ?? null);
  const room = limit === null ? Infinity : Math.max(0, limit - (paused?.taken ?? 0));
  const plan = planRun(candidates, brief, room);
  const counts = { prequalify: plan.prequalify, enrich: plan.enrich, qualify: plan.qualify, research: plan.research, draft: plan.draft };
  const { model_calls, vendorNote } = runCost(counts, route, ctx.config.models);
  const lines = [
    { stage: 'enrich', count: plan.enrichCharged, unit_credits: STAGE_CREDITS.enrich, credits: plan.enrichCharged * STAGE_CREDITS.enrich },
    { stage: 'draft', count: plan.draftCharged, unit_credits: STAGE_CREDITS.draft, credits: plan.draftCharged * STAGE_CREDITS.draft },
  ];
  const credits = lines.reduce((a, l) => a + l.credits, 0);
  const balance = await getBalance(ctx.db, ctx.principal.userId);
  const preview: CostPreview = { credits, model_calls, lines, balance, sufficient: balance >= credits };
  if (reexamined > 0)
    notes.push(
      `requalify: ${reexamined} verdict(s) of speakers not yet drafted would be re-examined against the current ICP; enrichments and drafts already paid for are not charged again`,
    );
  if (plan.enrich > plan.enrichLearned)
    notes.push(`${plan.enrich - plan.enrichLearned} of ${plan.enrich} enrichments learn nothing beyond the page and cost nothing`);
  const unpaid = plan.enrichLearned - plan.enrichCharged;
  if (unpaid > 0) notes.push(`${unpaid} enrichment(s) that learn something cost nothing too: the rules draft none of their speakers`);
  if (credits > balance && plan.order.length > 0) {
    const covered = sequencesCovered(plan.order, balance);
    notes.push(
      `the balance covers about ${covered} of the ${plan.draftCharged} expected sequences: the run takes the best fits first and pauses when credits run out; add credits and start it again to continue`,
    );
  }
  const byModel = (['prequalify', 'qualify'] as const).filter((st) => counts[st] > 0 && route(st).provider !== 'offline');
  if (byModel.length) notes.push(`${byModel.join(' and ')} run on a model: the estimate uses the rules' verdicts, and the model's may differ`);
  if (vendorNote) notes.push(vendorNote);
  if (notes.length) preview.note = notes.join('; ');
  if (opts.requalify) preview.requalify_verdicts = reexamined;
  return preview;
}

/** The speakers on pages not scraped yet, read as the scrape would (nothing is written); a page that fails is noted. */
async function readPages(ctx: Ctx, pages: ConferenceUrlRow[], known: Set<string>, notes: string[]): Promise<Candidate[]> {
  const fetcher = createPoliteFetcher(ctx.config, { pacingMs: ctx.config.scrapePacingMs, timeoutMs: ctx.config.fetchTimeoutMs });
  const out: Candidate[] = [];
  try {
    for (const page of pages) {
      let speakers: ScrapedSpeaker[];
      try {
        // The page parser is loaded here, on the first dry run that reads a page, not with the service.
        const { extractSpeakers } = await import('../scrape/extract.js');
        speakers = (await extractSpeakers(await fetcher.fetchPage(page.url), fetcher.fetchPage)).speakers;
      } catch (err) {
        notes.push(`${page.url} could not be read (${err instanceof Error ? err.message : String(err)}): its speakers are not counted`);
        continue;
      }
      for (const s of speakers) {
        const key = dedupeKey(s);
        if (known.has(key)) continue;
        known.add(key);
        const input: SpeakerInput = {
          name: s.name,
          title: s.title,
          company: s.company,
          tagline: s.tagline,
          bio: s.bio,
          talks: s.talks,
          linkedinUrl: s.linkedinUrl,
          companyLinkedinUrl: s.companyLinkedinUrl,
          links: s.links,
          profileUrl: s.profileUrl,
          sourceUrl: page.url,
        };
        out.push({
          seq: Number.MAX_SAFE_INTEGER - 1_000_000 + out.length,
          stage: 'prequalify',
          model_error_stage: null,
          prequalify_verdict: null,
          prequalify_reasons: '[]',
          prequalify_fit: null,
          wave: null,
          enriched_at: null,
          enrich_found: null,
          selected: 1,
          drafted_at: null,
          qualified: null,
          linkedin_url: s.linkedinUrl,
          input,
        });
      }
    }
  } finally {
    await fetcher.close();
  }
  return out;
}

interface RunPlan {
  prequalify: number;
  enrich: number;
  qualify: number;
  research: number;
  draft: number;
  /** Enrichments done now that learn something beyond the page (charged only with a draft). */
  enrichLearned: number;
  enrichCharged: number;
  draftCharged: number;
  /**
   * Per speaker taken or owed, in the order the run takes them: what the balance must hold
   * to take it (its draft and enrichment credits, were it drafted), what it is charged,
   * and whether it ends drafted.
   */
  order: Array<{ reserve: number; credits: number; drafts: boolean }>;
}

/** Plays a run forward on the rules (see previewRun). */
export function planRun(candidates: Candidate[], brief: CampaignBrief, room: number): RunPlan {
  const plan: RunPlan = { prequalify: 0, enrich: 0, qualify: 0, research: 0, draft: 0, enrichLearned: 0, enrichCharged: 0, draftCharged: 0, order: [] };
  const waiting: Array<{ c: Candidate; fit: number; taken: boolean }> = [];
  const owed: Candidate[] = [];
  for (const c of candidates) {
    // A speaker whose model step failed goes back to that step; a qualified one selected since goes to draft.
    let stage = c.stage === 'done' && c.model_error_stage ? c.model_error_stage : c.stage;
    if (stage === 'done' && c.qualified === 1 && c.selected === 1 && !c.drafted_at) stage = 'draft';
    if (stage === 'prequalify') {
      plan.prequalify++;
      const o = rulesOutlook(c.input, brief);
      if (o.verdict.verdict === 'disqualified' || c.recent) continue;
      waiting.push({ c: { ...c, prequalify_verdict: o.verdict.verdict, prequalify_reasons: JSON.stringify(o.verdict.reasons) }, fit: o.fit, taken: false });
    } else if (stage === 'enrich') {
      // A recontact-held speaker stays out of every chunk (chunks.ts).
      if (!c.recent) waiting.push({ c, fit: c.prequalify_fit ?? -1, taken: c.wave !== null });
    } else if (stage === 'qualify' || stage === 'research' || stage === 'draft') {
      owed.push({ ...c, stage });
    }
  }
  const verdictOf = (c: Candidate) => ({ verdict: c.prequalify_verdict ?? 'unsure', reasons: reasonsColumn.read(c.prequalify_reasons) });
  const finish = (c: Candidate, from: 'enrich' | 'qualify' | 'research' | 'draft') => {
    // What the enrichment found (or, not yet done, would find) is charged with the draft.
    const enrichment = enrichCredits(c, c.input);
    if (from === 'enrich') {
      plan.enrich++;
      if (!c.enriched_at && enrichment) plan.enrichLearned++;
    }
    let qualified = from === 'research' || from === 'draft';
    if (from === 'enrich' || from === 'qualify') {
      plan.qualify++;
      qualified = rulesOutlook(c.input, brief, verdictOf(c)).qualified && c.prequalify_verdict !== 'disqualified';
    }
    if (qualified && from !== 'draft') plan.research++;
    // Someone already past enrich whom another campaign pushed meanwhile is held at the draft.
    const drafts = qualified && c.selected === 1 && !c.drafted_at && !c.recent;
    if (qualified && !c.recent) plan.draft++;
    if (drafts) {
      plan.draftCharged++;
      plan.enrichCharged += enrichment ? 1 : 0;
    }
    const reserve = speakerCredits(c, c.input);
    plan.order.push({ reserve, credits: drafts ? reserve : 0, drafts });
  };
  for (const c of owed) finish(c, c.stage as 'qualify' | 'research' | 'draft');
  // A chunk already taken comes first, then the best fits, as the run takes them.
  waiting.sort((a, b) => Number(b.taken) - Number(a.taken) || b.fit - a.fit || a.c.seq - b.c.seq);
  let left = room;
  for (const x of waiting) {
    if (!x.taken) {
      if (left <= 0) break;
      left--;
    }
    finish(x.c, 'enrich');
  }
  return plan;
}

/**
 * Sequences a balance pays for, taking speakers in the run's order: each is taken while
 * the balance holds what its draft would charge, and only a drafted one is charged.
 */
function sequencesCovered(order: RunPlan['order'], balance: number): number {
  let left = balance;
  let n = 0;
  for (const o of order) {
    if (o.reserve > left) break;
    left -= o.credits;
    if (o.drafts) n++;
  }
  return n;
}

/** The campaign's latest run when it is paused (it resumes instead of a new run starting). */
export async function pausedRun(ctx: Pick<Ctx, 'db'>, campaignId: string): Promise<RunRow | undefined> {
  const run = await latestRun(ctx, campaignId);
  return run?.status === 'paused' ? run : undefined;
}

export async function activeRun(ctx: Pick<Ctx, 'db'>, campaignId: string): Promise<RunRow | undefined> {
  return ctx.db
    .selectFrom('runs')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .where('status', 'in', [...ACTIVE])
    .executeTakeFirst();
}

export interface StartOptions {
  /** At most this many speakers, the best by prequalify fit; null or absent for all. */
  maxSpeakers?: number | null;
  /** Prequalify and qualify again the speakers not yet drafted (after the ICP changed). */
  requalify?: boolean;
}

/** How many speakers a requalify run would judge again: every one not drafted, not held back, past prequalify. */
export async function requalifyCount(ctx: Pick<Ctx, 'db'>, campaignId: string): Promise<number> {
  const r = await requalifiable(ctx.db, campaignId)
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

function requalifiable(db: Db, campaignId: string) {
  return db
    .selectFrom('speakers')
    .where('campaign_id', '=', campaignId)
    .where('drafted_at', 'is', null)
    .where('suppressed_stage', 'is', null)
    .where('stage', '!=', 'prequalify');
}

/**
 * Queues a run unless one is queued or running, in which case that one is returned. A
 * paused run (credits ran out) is resumed instead: it continues from the chunk where it
 * stopped, once the balance covers the next speaker. Refuses (tool_error) when there is
 * nothing to run on. A caller that already checked the campaign and previewed the cost
 * passes that preview. Credits do not gate the start: the run spends what the balance
 * covers, best fits first, and pauses when it runs out.
 */
export async function startRun(
  ctx: Ctx,
  campaignId: string,
  known?: CostPreview,
  opts: StartOptions = {},
): Promise<{ run: RunRow; created: boolean; resumed?: boolean }> {
  if (!known) await requireCampaign(ctx, campaignId);
  const existing = await activeRun(ctx, campaignId);
  if (existing) return { run: existing, created: false };
  const paused = await pausedRun(ctx, campaignId);
  if (paused && !opts.requalify) return { run: await resumeRun(ctx, paused, opts), created: false, resumed: true };
  const preview = known ?? (await previewRun(ctx, campaignId, { maxSpeakers: opts.maxSpeakers, requalify: opts.requalify }));
  const requalify = opts.requalify === true && (await requalifyCount(ctx, campaignId)) > 0;
  const toScrape = await ctx.db
    .selectFrom('conference_urls')
    .select('id')
    .where('campaign_id', '=', campaignId)
    .where('status', 'in', ['pending', 'failed', 'fetching'])
    .executeTakeFirst();
  const hasWork = requalify || preview.model_calls > 0 || toScrape !== undefined;
  if (!hasWork) {
    const held = preview.note?.split('; ').find((part) => part.includes(HELD_BACK));
    if (held) throw new ToolError('tool_error', `Nothing to run now: ${held}`);
    const urls = await ctx.db.selectFrom('conference_urls').select('id').where('campaign_id', '=', campaignId).executeTakeFirst();
    const leads = await ctx.db.selectFrom('speakers').select('id').where('campaign_id', '=', campaignId).where('source', '=', 'intent').executeTakeFirst();
    const again = opts.requalify
      ? 'every speaker not yet drafted was already judged against the ICP as it now reads, or none is left to judge'
      : 'after changing who fits (the ICP), start a run that judges the speakers not yet drafted again';
    if (leads)
      throw new ToolError(
        'tool_error',
        `Nothing to run: every speaker and intent lead is already processed; select the intent leads to draft, import more signals, or ${again}`,
      );
    throw new ToolError(
      'tool_error',
      urls
        ? `Nothing to run: every speaker is already processed; add a conference page for more, or ${again}`
        : 'The campaign has no conference page yet: add one, then start the run.',
    );
  }
  try {
    return {
      run: await ctx.db.transaction().execute((trx) => queueRun(trx, ctx, campaignId, opts.maxSpeakers ?? null, { requalify, closing: paused })),
      created: true,
    };
  } catch (err) {
    // Another start won the race for the one active run: return that run.
    const winner = await activeRun(ctx, campaignId);
    if (winner) return { run: winner, created: false };
    throw err;
  }
}

/**
 * Queues a paused run again where it stopped. Refused while the balance cannot pay for
 * the next speaker: the run would only pause again at once. A new max_speakers replaces
 * the run's own (it counts the speakers the run took before it paused).
 */
async function resumeRun(ctx: Ctx, run: RunRow, opts: StartOptions): Promise<RunRow> {
  const owed = await ctx.db
    .selectFrom('speakers')
    .selectAll()
    .where('campaign_id', '=', run.campaign_id)
    .where('stage', 'in', ['qualify', 'research', 'draft'])
    .where('selected', '=', 1)
    .where('drafted_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  const next = owed
    ? undefined
    : await waitingSpeakers(ctx.db, run.campaign_id)
        .selectAll()
        .orderBy(sql`coalesce(prequalify_fit, -1)`, 'desc')
        .orderBy('seq')
        .limit(1)
        .executeTakeFirst();
  const balance = await getBalance(ctx.db, run.user_id);
  // The next thing the run pays for: a draft (with its enrichment's credit) owed by a chunk under way, else the best waiting speaker's.
  const first = owed ?? next;
  const needed = first ? speakerCredits(first, speakerInput(first)) : 0;
  if (balance < needed) {
    throw new ToolError(
      'tool_error',
      `The run is still paused: what it pays for next needs ${needed} ${needed === 1 ? 'credit' : 'credits'}, and the balance is ${balance} (short by ${needed - balance}). Add credits, then resume the run.`,
    );
  }
  const now = ctx.clock.now().toISOString();
  const max_speakers = opts.maxSpeakers !== undefined ? opts.maxSpeakers : run.max_speakers;
  const resumed = await ctx.db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('runs')
      .set({ status: 'queued', pause_reason: null, max_speakers, updated_at: now })
      .where('id', '=', run.id)
      .where('status', '=', 'paused')
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return null;
    return { ...run, status: 'queued' as const, pause_reason: null, max_speakers, updated_at: now, ...(await retryFailedPages(trx, run, now)) };
  });
  // Null: another start resumed it first.
  return resumed ?? (await ctx.db.selectFrom('runs').selectAll().where('id', '=', run.id).executeTakeFirstOrThrow());
}

/**
 * Page failures worth trying again when a paused run resumes: the host was slow,
 * unreachable or said so itself (HTTP 408, 425, 429, 5xx), or its name had no public
 * address (a name may resolve later). A page that answered 404, whose URL the guard
 * refused, was too large or held no speakers fails the same way again.
 */
const RETRYABLE_PAGE_ERRORS: readonly RegExp[] = [/^timed out after /, /^network error\b/, /^could not resolve /, /\banswered HTTP (408|425|429|5\d\d)\b/];

function retryablePage<P extends { error: string | null }>(p: P): p is P & { error: string } {
  const error = p.error;
  return error !== null && RETRYABLE_PAGE_ERRORS.some((re) => re.test(error));
}

/**
 * A resumed run scrapes again the pages that failed for a reason worth retrying (a
 * timeout, a network error, HTTP 408/425/429/5xx), and says so in
 * retried_pages. It goes back to the scrape stage for them; speakers it had taken into a
 * chunk but not enriched wait for a chunk again, and everyone further on keeps their stage.
 */
async function retryFailedPages(
  db: Db,
  run: RunRow,
  now: string,
): Promise<Pick<RunRow, 'stage' | 'stage_total' | 'taken' | 'retried_pages'> | Record<string, never>> {
  const failed = await db
    .selectFrom('conference_urls')
    .select(['id', 'url', 'error'])
    .where('campaign_id', '=', run.campaign_id)
    .where('status', '=', 'failed')
    .orderBy('seq')
    .execute();
  const pages = failed.filter(retryablePage);
  if (pages.length === 0) return {};
  await db
    .updateTable('conference_urls')
    .set({ status: 'pending', error: null, updated_at: now })
    .where(
      'id',
      'in',
      pages.map((p) => p.id),
    )
    .execute();
  const untaken = await db
    .updateTable('speakers')
    .set({ wave: null, updated_at: now })
    .where('campaign_id', '=', run.campaign_id)
    .where('stage', '=', 'enrich')
    .where('wave', 'is not', null)
    .executeTakeFirst();
  const taken = Math.max(0, run.taken - Number(untaken.numUpdatedRows));
  const retried_pages = retriedPagesColumn.write(pages.map((p) => ({ url: p.url, error: p.error })));
  await db.updateTable('runs').set({ stage: 'scrape', stage_total: 0, taken, retried_pages }).where('id', '=', run.id).execute();
  return { stage: 'scrape', stage_total: 0, taken, retried_pages };
}

/**
 * Writes a queued run on db, which is the caller's transaction: create_campaign queues
 * the run of a new campaign in the transaction that inserts the campaign.
 */
export async function queueRun(
  db: Db,
  ctx: Pick<Ctx, 'clock' | 'ids' | 'principal'>,
  campaignId: string,
  maxSpeakers: number | null = null,
  opts: { requalify?: boolean; closing?: RunRow } = {},
): Promise<RunRow> {
  const now = ctx.clock.now().toISOString();
  if (opts.closing) {
    // A run paused for credits gives way to the re-qualifying run: its speakers are judged again there.
    await db
      .updateTable('runs')
      .set({
        status: 'done',
        pause_reason: null,
        warning: 'Closed while paused: a run re-qualifying the speakers not yet drafted took over',
        finished_at: now,
        updated_at: now,
      })
      .where('id', '=', opts.closing.id)
      .where('status', '=', 'paused')
      .execute();
  }
  const run: RunRow = {
    seq: 0,
    id: ctx.ids.uuid(),
    campaign_id: campaignId,
    user_id: ctx.principal.userId,
    status: 'queued',
    stage: 'scrape',
    stage_total: 0,
    error: null,
    max_speakers: maxSpeakers,
    taken: 0,
    wave: 0,
    pause_reason: null,
    warning: null,
    failures: null,
    retried_pages: null,
    created_at: now,
    started_at: null,
    finished_at: null,
    updated_at: now,
  };
  const { seq: _seq, ...values } = run;
  await db.insertInto('runs').values(values).execute();
  if (opts.requalify) {
    // Judged again from prequalify; enrichment is kept (enrich skips an enriched speaker) and charges are unique per speaker.
    await db
      .updateTable('speakers')
      .set({ stage: 'prequalify', wave: null, qualified: null, model_error: null, model_error_stage: null, updated_at: now })
      .where('id', 'in', requalifiable(db, campaignId).select('id'))
      .execute();
  }
  // A new run retries pages that failed, speakers whose model step failed (from that
  // step: a failed research is researched again, not drafted without signals), and
  // drafts speakers selected since.
  await db
    .updateTable('conference_urls')
    .set({ status: 'pending', error: null, updated_at: now })
    .where('campaign_id', '=', campaignId)
    .where('status', '=', 'failed')
    .execute();
  await db
    .updateTable('speakers')
    .set({ stage: sql<SpeakerStage>`model_error_stage`, updated_at: now })
    .where('campaign_id', '=', campaignId)
    .where('stage', '=', 'done')
    .where('model_error_stage', 'is not', null)
    .execute();
  // Speakers a run took but had not enriched when it stopped wait again, in fit order.
  await db
    .updateTable('speakers')
    .set({ wave: null })
    .where('campaign_id', '=', campaignId)
    .where('stage', '=', 'enrich')
    .where('wave', 'is not', null)
    .execute();
  await db
    .updateTable('speakers')
    .set({ stage: 'draft', updated_at: now })
    .where('campaign_id', '=', campaignId)
    .where('stage', '=', 'done')
    .where('qualified', '=', 1)
    .where('selected', '=', 1)
    .where('drafted_at', 'is', null)
    .where('suppressed_stage', 'is', null)
    .execute();
  return run;
}

export async function latestRun(ctx: Pick<Ctx, 'db'>, campaignId: string): Promise<RunRow | undefined> {
  return ctx.db.selectFrom('runs').selectAll().where('campaign_id', '=', campaignId).orderBy('seq', 'desc').limit(1).executeTakeFirst();
}
