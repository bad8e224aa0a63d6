import { sql, type ExpressionBuilder } from 'kysely';
import type { Database, PersonSource } from '../../db/types.js';
import type { Ctx } from '../context.js';
import { ToolError } from '../errors.js';
import { requireCampaign } from './campaigns.js';
import { DEFAULT_PAGE_SIZE, decodeCursor, toPage } from './cursor.js';
import { publicProfileUrl } from './push/linkedin.js';
import { messageView, staleReasons } from './message-view.js';
import { requireSpeaker } from './speakers.js';
import { actionOf, fixOf, qaCode } from '../qa/codes.js';
import { hardFailCodes } from '../../db/cast.js';

export const BUCKETS = ['ready_to_send', 'approved', 'needs_rewrite', 'needs_human', 'awaiting_qa', 'skipped', 'pushed', 'sent'] as const;
export type Bucket = (typeof BUCKETS)[number];

export interface DraftQaQuery {
  campaign_id?: string;
  speaker_id?: string;
  only_failing?: boolean;
  limit?: number;
  cursor?: string;
}

type Eb = ExpressionBuilder<Database & { m: Database['messages']; s: Database['speakers'] }, 'm' | 's'>;

/** Not approvable right now: a hard fail, a low score, needs a person, unscored, or stale. In SQL, so has_more is exact. */
function failing(eb: Eb, ageCutoff: string) {
  return eb.and([
    eb('m.sent', '=', 0),
    eb.or([
      eb('m.approvable', '=', 0),
      eb('m.qa_evaluated_at', 'is', null),
      eb('m.qa_evaluated_at', '<', eb.ref('m.content_updated_at')),
      eb.and([eb('s.researched_at', 'is not', null), eb('m.qa_evaluated_at', '<', eb.ref('s.researched_at'))]),
      eb('m.content_updated_at', '<', ageCutoff),
    ]),
  ]);
}

export async function draftQa(ctx: Ctx, q: DraftQaQuery) {
  if (!q.campaign_id && !q.speaker_id) throw new ToolError('invalid_request', 'give campaign_id, speaker_id, or both');
  let campaignId = q.campaign_id;
  if (q.speaker_id) {
    const s = await requireSpeaker(ctx, q.speaker_id);
    if (campaignId && s.campaign_id !== campaignId) throw new ToolError('not_found', `speaker ${q.speaker_id} is not in campaign ${campaignId}`);
    campaignId = s.campaign_id;
  } else await requireCampaign(ctx, campaignId as string);
  const now = ctx.clock.now();
  const maxAgeDays = ctx.config.qa.maxDraftAgeDays;
  const ageCutoff = new Date(now.getTime() - maxAgeDays * 86_400_000).toISOString();
  const limit = q.limit ?? DEFAULT_PAGE_SIZE;
  // Bound to the resolved campaign, so a cursor from a speaker-only query also works where the campaign is named.
  const binding = {
    tokenId: ctx.principal.tokenId,
    tool: 'get_draft_qa',
    filters: { campaign_id: campaignId, speaker_id: q.speaker_id, only_failing: q.only_failing ?? false },
  };

  let page = ctx.db
    .selectFrom('messages as m')
    .innerJoin('speakers as s', 's.id', 'm.speaker_id')
    .selectAll('m')
    .select(['s.name as speaker_name', 's.researched_at as researched_at', 's.source as source'])
    .where('m.campaign_id', '=', campaignId as string);
  if (q.speaker_id) page = page.where('m.speaker_id', '=', q.speaker_id);
  if (q.only_failing) page = page.where((eb) => failing(eb as unknown as Eb, ageCutoff));
  if (q.cursor) page = page.where('m.seq', '>', decodeCursor(ctx.secret, binding, q.cursor));
  const rows = await page
    .orderBy('m.seq')
    .limit(limit + 1)
    .execute();
  const sources = new Map(rows.map((r) => [r.speaker_id, r.source]));
  const result = toPage(rows, limit, ctx.secret, binding, (r) => ({
    ...messageView(r, { researchedAt: r.researched_at, now, maxAgeDays }),
    speaker_name: r.speaker_name,
  }));

  const { buckets, perSpeaker, rollup } = await qaSummary(ctx, campaignId as string, q.speaker_id);
  const onPage = [...new Set(result.items.map((m) => m.speaker_id))];
  return {
    messages: result.items,
    speakers: onPage.map((id) => ({
      speaker_id: id,
      speaker_name: result.items.find((m) => m.speaker_id === id)?.speaker_name ?? '',
      source: sources.get(id) ?? 'conference',
      bucket: perSpeaker.get(id) ?? 'awaiting_qa',
    })),
    buckets,
    rollup,
    next_cursor: result.next_cursor,
    has_more: result.has_more,
  };
}

interface Light {
  speaker_id: string;
  source: PersonSource;
  linkedin_url: string | null;
  slot: number;
  selected: number;
  researched_at: string | null;
  sent: number;
  sent_at: string | null;
  approvable: number;
  needs_human: number;
  qa_evaluated_at: string | null;
  content_updated_at: string;
  hard_fails: string;
  approved_at: string | null;
  approved_via: string | null;
}

/**
 * Buckets every speaker in scope, and ranks the hard-fail codes of unsent drafts. The one
 * definition of a speaker's QA state: get_draft_qa shows it and campaign_stats counts
 * its ready_to_send speakers as approved, so the two always agree.
 */
export async function qaSummary(ctx: Ctx, campaignId: string, speakerId?: string) {
  const f = { now: ctx.clock.now(), maxAgeDays: ctx.config.qa.maxDraftAgeDays };
  let q = ctx.db
    .selectFrom('messages as m')
    .innerJoin('speakers as s', 's.id', 'm.speaker_id')
    .select([
      'm.speaker_id',
      's.source',
      's.linkedin_url',
      'm.slot',
      's.selected',
      's.researched_at',
      'm.sent',
      'm.sent_at',
      'm.approvable',
      'm.needs_human',
      'm.qa_evaluated_at',
      'm.content_updated_at',
      'm.hard_fails',
      'm.approved_at',
      'm.approved_via',
    ])
    .where('m.campaign_id', '=', campaignId);
  if (speakerId) q = q.where('m.speaker_id', '=', speakerId);
  const rows: Light[] = await q.execute();
  const bySpeaker = new Map<string, Light[]>();
  for (const r of rows) bySpeaker.set(r.speaker_id, [...(bySpeaker.get(r.speaker_id) ?? []), r]);
  const perSpeaker = new Map<string, Bucket>();
  const empty = () => Object.fromEntries(BUCKETS.map((b) => [b, 0])) as Record<Bucket, number>;
  const buckets = empty();
  // campaign_stats counts speakers and intent leads apart.
  const bySource: Record<PersonSource, Record<Bucket, number>> = { conference: empty(), intent: empty() };
  const codes = new Map<string, number>();
  for (const [id, slots] of bySpeaker) {
    const bucket = bucketOf(slots, f);
    perSpeaker.set(id, bucket);
    buckets[bucket]++;
    bySource[(slots[0] as Light).source][bucket]++;
    for (const s of slots) if (!s.sent) for (const c of hardFailCodes.read(s.hard_fails)) codes.set(c, (codes.get(c) ?? 0) + 1);
  }
  if (!speakerId) {
    // Speakers the pipeline finished without drafts (disqualified or excluded) are skipped.
    const undrafted = await ctx.db
      .selectFrom('speakers')
      .select(['source', sql<number>`count(*)`.as('n')])
      .where('campaign_id', '=', campaignId)
      .where('stage', '=', 'done')
      .where('drafted_at', 'is', null)
      .groupBy('source')
      .execute();
    for (const u of undrafted) {
      buckets.skipped += Number(u.n);
      bySource[u.source].skipped += Number(u.n);
    }
  }
  const rollup = [...codes.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 10)
    .map(([code, count]) => ({ code, count, action: actionOf(code), fix: fixOf(code), hint: qaCode(code)?.hint ?? '' }));
  return { buckets, bySource, perSpeaker, rollup };
}

/**
 * ready_to_send and approved are push eligibility (SPEC part 3 rule 2, push/eligibility.ts):
 * all three slots, none sent, each fresh and approvable, nobody waiting, a public LinkedIn
 * URL; approved when a person also approved every slot as it now reads. A sequence with a
 * slot that went out (the tool reported it, or a person recorded it) counts as sent (it was
 * contacted); one in a sending tool with nothing of it sent yet, as pushed. Missing slots
 * need a rewrite; no LinkedIn URL needs a person to add one.
 */
function bucketOf(slots: Light[], f: { now: Date; maxAgeDays: number }): Bucket {
  if (slots[0]?.selected === 0) return 'skipped';
  if (slots.some((s) => s.sent_at !== null)) return 'sent';
  if (slots.some((s) => s.sent)) return 'pushed';
  if (
    slots
      .map((s) => s.slot)
      .sort()
      .join(',') !== '1,2,3'
  )
    return 'needs_rewrite';
  if (slots.some((s) => staleReasons(s, { researchedAt: s.researched_at, ...f }).length > 0)) return 'awaiting_qa';
  if (slots.some((s) => s.needs_human)) return 'needs_human';
  if (slots.some((s) => !s.approvable)) return 'needs_rewrite';
  if (!publicProfileUrl(slots[0]?.linkedin_url ?? null)) return 'needs_human';
  const byPerson = (s: Light) => s.approved_via === 'approve_message' && s.approved_at !== null && s.approved_at >= s.content_updated_at;
  return slots.every(byPerson) ? 'approved' : 'ready_to_send';
}

export async function listMessages(ctx: Ctx, q: { campaign_id: string; sent?: boolean; limit?: number; cursor?: string }) {
  await requireCampaign(ctx, q.campaign_id);
  const limit = q.limit ?? DEFAULT_PAGE_SIZE;
  const binding = { tokenId: ctx.principal.tokenId, tool: 'list_messages', filters: { campaign_id: q.campaign_id, sent: q.sent } };
  let page = ctx.db
    .selectFrom('messages as m')
    .innerJoin('speakers as s', 's.id', 'm.speaker_id')
    .selectAll('m')
    .select(['s.name as speaker_name', 's.researched_at as researched_at'])
    .where('m.campaign_id', '=', q.campaign_id);
  // Sent as the view says it: went out (sent_at). A slot pushed and still queued in the sending tool is not.
  if (q.sent !== undefined) page = page.where('m.sent_at', q.sent ? 'is not' : 'is', null);
  if (q.cursor) page = page.where('m.seq', '>', decodeCursor(ctx.secret, binding, q.cursor));
  const rows = await page
    .orderBy('m.seq')
    .limit(limit + 1)
    .execute();
  const now = ctx.clock.now();
  return toPage(rows, limit, ctx.secret, binding, (r) => ({
    ...messageView(r, { researchedAt: r.researched_at, now, maxAgeDays: ctx.config.qa.maxDraftAgeDays }),
    speaker_name: r.speaker_name,
  }));
}
