/**
 * What happened to a campaign's sequences after they left: the export of sequences with
 * their outcomes, and reply rates by opening angle and by slot for campaign_stats.
 */
import { sql } from 'kysely';
import type { Ctx } from '../context.js';
import { requireCampaign } from './campaigns.js';

/** An opening angle is reported once this many of its sequences were sent. */
export const MIN_SENT_FOR_RATE = 5;

const COLUMNS = [
  'speaker_id',
  'name',
  'title',
  'company',
  'linkedin_url',
  'fit_score',
  'opening_angle',
  'msg1',
  'msg2',
  'msg3',
  'sent_at',
  'pushed_tool',
  'pushed_at',
  'accepted_at',
  'replied_at',
  'reply_slot',
  'reply_status',
] as const;

function cell(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return '';
  const s = String(v);
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

interface Row {
  speaker_id: string;
  name: string;
  title: string | null;
  company: string | null;
  linkedin_url: string | null;
  fit_score: number | null;
  reply_status: string | null;
  accepted_at: string | null;
  replied_at: string | null;
  reply_slot: number | null;
  opening_angle: string | null;
  msgs: string[];
  sent_at: string | null;
  pushed_tool: string | null;
  pushed_at: string | null;
}

async function sequences(ctx: Ctx, campaignId: string): Promise<Row[]> {
  const speakers = await ctx.db
    .selectFrom('speakers')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .where('drafted_at', 'is not', null)
    .orderBy('seq')
    .execute();
  const messages = await ctx.db
    .selectFrom('messages')
    .select(['speaker_id', 'slot', 'content', 'angle', 'sent_at'])
    .where('campaign_id', '=', campaignId)
    .orderBy('slot')
    .execute();
  const pushes = await ctx.db
    .selectFrom('sending_pushes')
    .select(['speaker_id', 'tool', 'state', 'created_at', 'confirmed_at'])
    .where('campaign_id', '=', campaignId)
    .execute();
  const bySpeaker = new Map<string, typeof messages>();
  for (const m of messages) bySpeaker.set(m.speaker_id, [...(bySpeaker.get(m.speaker_id) ?? []), m]);
  const pushOf = new Map(pushes.filter((p) => p.state === 'confirmed').map((p) => [p.speaker_id, p]));
  return speakers.map((s) => {
    const ms = bySpeaker.get(s.id) ?? [];
    const sent = ms
      .map((m) => m.sent_at)
      .filter((t): t is string => t !== null)
      .sort();
    const push = pushOf.get(s.id);
    return {
      speaker_id: s.id,
      name: s.name,
      title: s.title,
      company: s.company,
      linkedin_url: s.linkedin_url,
      fit_score: s.fit_score,
      reply_status: s.reply_status,
      accepted_at: s.accepted_at,
      replied_at: s.replied_at,
      reply_slot: s.reply_slot,
      opening_angle: ms.find((m) => m.slot === 1)?.angle ?? null,
      msgs: [1, 2, 3].map((n) => ms.find((m) => m.slot === n)?.content ?? ''),
      sent_at: sent[0] ?? null,
      pushed_tool: push?.tool ?? null,
      pushed_at: push ? (push.confirmed_at ?? push.created_at) : null,
    };
  });
}

/** The campaign's drafted sequences with their outcomes, as CSV (RFC 4180, CRLF, a header row). */
export async function exportOutcomes(ctx: Ctx, campaignId: string, onlySent: boolean) {
  await requireCampaign(ctx, campaignId);
  const rows = (await sequences(ctx, campaignId)).filter((r) => !onlySent || r.sent_at !== null);
  const lines = [COLUMNS.join(',')];
  for (const r of rows) {
    const values: Record<(typeof COLUMNS)[number], string | number | null> = {
      speaker_id: r.speaker_id,
      name: r.name,
      title: r.title,
      company: r.company,
      linkedin_url: r.linkedin_url,
      fit_score: r.fit_score,
      opening_angle: r.opening_angle,
      msg1: r.msgs[0] ?? '',
      msg2: r.msgs[1] ?? '',
      msg3: r.msgs[2] ?? '',
      sent_at: r.sent_at,
      pushed_tool: r.pushed_tool,
      pushed_at: r.pushed_at,
      accepted_at: r.accepted_at,
      replied_at: r.replied_at,
      reply_slot: r.reply_slot,
      reply_status: r.reply_status,
    };
    lines.push(COLUMNS.map((c) => cell(values[c])).join(','));
  }
  return { campaign_id: campaignId, rows: rows.length, columns: [...COLUMNS], csv: `${lines.join('\r\n')}\r\n` };
}

/**
 * Reply and accept rates of sent sequences by their opening (slot 1) angle, where enough
 * were sent. Counted in the database: a sequence is sent when any of its messages is, and
 * no message text or speaker research is read.
 */
export async function ratesByOpening(ctx: Ctx, campaignId: string) {
  const rows = await ctx.db
    .selectFrom('speakers as s')
    .leftJoin('messages as m1', (join) => join.onRef('m1.speaker_id', '=', 's.id').on('m1.slot', '=', 1))
    .select([
      sql<string>`coalesce(m1.angle, 'unknown')`.as('opening'),
      sql<number>`count(*)`.as('sent'),
      sql<number>`sum(case when s.accepted_at is not null then 1 else 0 end)`.as('accepted'),
      sql<number>`sum(case when s.reply_status in ('replied', 'booked') then 1 else 0 end)`.as('replied'),
    ])
    .where('s.campaign_id', '=', campaignId)
    .where('s.drafted_at', 'is not', null)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('messages as m')
          .select('m.slot')
          // By the speaker alone: its messages are the campaign's, and the (speaker_id, slot)
          // index then answers it (by campaign it scanned every message per speaker).
          .whereRef('m.speaker_id', '=', 's.id')
          .where('m.sent_at', 'is not', null),
      ),
    )
    .groupBy(sql`coalesce(m1.angle, 'unknown')`)
    .execute();
  const rate = (n: number, d: number) => Math.round((n / d) * 1000) / 1000;
  return rows
    .map((r) => ({ opening: r.opening, sent: Number(r.sent), accepted: Number(r.accepted ?? 0), replied: Number(r.replied ?? 0) }))
    .filter((g) => g.sent >= MIN_SENT_FOR_RATE)
    .map((g) => ({ ...g, accept_rate: rate(g.accepted, g.sent), reply_rate: rate(g.replied, g.sent) }))
    .sort((a, b) => b.reply_rate - a.reply_rate || b.sent - a.sent || a.opening.localeCompare(b.opening));
}

/**
 * Reply rates by slot: of the sequences whose slot n was sent, how many replies followed
 * that slot. A reply a sending tool reported carries its slot (reply_slot); one set by
 * hand counts for the last slot sent before replied_at (before now when that is unknown).
 * A slot is listed once at least MIN_SENT_FOR_RATE of it were sent.
 */
export async function ratesBySlot(ctx: Ctx, campaignId: string) {
  const lastSent = sql<number>`(select max(m2.slot) from messages m2 where m2.speaker_id = s.id and m2.sent_at is not null and (s.replied_at is null or m2.sent_at <= s.replied_at))`;
  const rows = await ctx.db
    .selectFrom('messages as m')
    .innerJoin('speakers as s', 's.id', 'm.speaker_id')
    .select([
      'm.slot',
      sql<number>`count(*)`.as('sent'),
      sql<number>`sum(case when s.reply_status in ('replied', 'booked') and coalesce(s.reply_slot, ${lastSent}) = m.slot then 1 else 0 end)`.as('replied'),
    ])
    .where('m.campaign_id', '=', campaignId)
    .where('m.sent_at', 'is not', null)
    .groupBy('m.slot')
    .orderBy('m.slot')
    .execute();
  const rate = (n: number, d: number) => Math.round((n / d) * 1000) / 1000;
  return rows
    .map((r) => ({ slot: Number(r.slot), sent: Number(r.sent), replied: Number(r.replied ?? 0) }))
    .filter((g) => g.sent >= MIN_SENT_FOR_RATE)
    .map((g) => ({ ...g, reply_rate: rate(g.replied, g.sent) }));
}
