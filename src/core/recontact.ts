/**
 * No one twice: a person pushed in one campaign is not pushed by another campaign of the
 * same account within GREENROOM_RECONTACT_DAYS. People are matched by their public
 * LinkedIn profile URL, as the sending tools know them.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import type { SpeakerRow } from '../../db/types.js';
import { profileKey } from './do-not-contact.js';

/**
 * A coarse SQL filter for rows whose stored LinkedIn URL may be this profile: it contains
 * the slug, case aside. The exact match (profileKey) still runs on what it lets through.
 */
export function mayBeProfile(column: string, key: string) {
  const slug = key.split('/in/')[1] ?? key;
  // A slug with other characters may be stored percent-encoded: no filter then.
  if (!/^[a-z0-9-]+$/.test(slug)) return sql<boolean>`1 = 1`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${`%${slug}%`}`;
}

export interface Contact {
  campaign_id: string;
  campaign_name: string;
  speaker_id: string;
  tool: string;
  pushed_at: string;
}

const DAY_MS = 86_400_000;

/** Pushes of the account (pending or confirmed; a refused one reached no one), by profile key, newest first. */
export async function contactsByProfile(
  db: Db,
  userId: string,
  opts: { since?: Date; exceptCampaign?: string; profiles?: string[] } = {},
): Promise<Map<string, Contact[]>> {
  let q = db
    .selectFrom('sending_pushes')
    .innerJoin('speakers', 'speakers.id', 'sending_pushes.speaker_id')
    .innerJoin('campaigns', 'campaigns.id', 'sending_pushes.campaign_id')
    .select([
      'sending_pushes.campaign_id',
      'campaigns.name as campaign_name',
      'sending_pushes.speaker_id',
      'sending_pushes.tool',
      'sending_pushes.created_at',
      'sending_pushes.confirmed_at',
      'speakers.linkedin_url',
    ])
    .where('sending_pushes.user_id', '=', userId)
    .where('sending_pushes.state', 'in', ['pending', 'confirmed']);
  if (opts.since) q = q.where('sending_pushes.created_at', '>=', opts.since.toISOString());
  if (opts.exceptCampaign) q = q.where('sending_pushes.campaign_id', '!=', opts.exceptCampaign);
  if (opts.profiles?.length === 1) q = q.where(mayBeProfile('speakers.linkedin_url', opts.profiles[0] as string));
  const rows = await q.execute();
  const wanted = opts.profiles ? new Set(opts.profiles) : null;
  const out = new Map<string, Contact[]>();
  for (const r of rows) {
    const key = profileKey(r.linkedin_url);
    if (!key || (wanted && !wanted.has(key))) continue;
    const list = out.get(key) ?? [];
    list.push({
      campaign_id: r.campaign_id,
      campaign_name: r.campaign_name,
      speaker_id: r.speaker_id,
      tool: r.tool,
      pushed_at: r.confirmed_at ?? r.created_at,
    });
    out.set(key, list);
  }
  for (const list of out.values()) list.sort((a, b) => (a.pushed_at < b.pushed_at ? 1 : -1));
  return out;
}

/** The start of the window at now, or null when the check is off. */
export function windowStart(now: Date, days: number): Date | null {
  return days > 0 ? new Date(now.getTime() - days * DAY_MS) : null;
}

/**
 * Of these speakers not drafted yet, the ones another campaign of the account pushed
 * within the window (since; null turns the check off). A run takes none of them into a
 * chunk, so they are neither enriched nor drafted nor charged, and a dry run counts none;
 * they wait, and the first run after the window takes them. Someone whose profile only
 * enrichment found is held at the draft stage instead.
 */
export async function recentlyContacted<T extends Pick<SpeakerRow, 'linkedin_url' | 'drafted_at'>>(
  db: Db,
  userId: string,
  campaignId: string,
  speakers: readonly T[],
  since: Date | null,
): Promise<Set<T>> {
  const keyed = since ? speakers.flatMap((s) => (!s.drafted_at && profileKey(s.linkedin_url) ? [[s, profileKey(s.linkedin_url) as string] as const] : [])) : [];
  if (keyed.length === 0) return new Set();
  const profiles = [...new Set(keyed.map(([, key]) => key))];
  const recent = await contactsByProfile(db, userId, { since: since as Date, exceptCampaign: campaignId, profiles });
  return new Set(keyed.filter(([, key]) => recent.has(key)).map(([s]) => s));
}

/**
 * The campaign's speakers the window could hold back: not drafted yet, with a profile, and
 * people the pipeline would still work (selected, not turned down). `waitingOnly` narrows
 * them to those a run still has to take into a chunk (past prequalify, in none yet).
 */
function heldCandidates(db: Db, campaignId: string, waitingOnly: boolean) {
  let q = db
    .selectFrom('speakers')
    .select(['linkedin_url', 'drafted_at', 'stage', 'wave'])
    .where('campaign_id', '=', campaignId)
    .where('drafted_at', 'is', null)
    .where('linkedin_url', 'is not', null)
    .where('selected', '=', 1)
    // Whom the pipeline turned down is not held by the window: nothing would be drafted anyway.
    .where((eb) => eb.or([eb('prequalify_verdict', 'is', null), eb('prequalify_verdict', '!=', 'disqualified')]))
    .where((eb) => eb.or([eb('qualified', 'is', null), eb('qualified', '=', 1)]));
  if (waitingOnly) q = q.where('stage', '=', 'enrich').where('wave', 'is', null);
  return q;
}

/**
 * The campaign's speakers not drafted yet whom the window holds back now: another campaign
 * of the account pushed them since `since`. `waiting` counts those among the speakers a run
 * still has to take into a chunk; `all` those at any stage.
 */
export async function heldCounts(db: Db, userId: string, campaignId: string, since: Date | null): Promise<{ waiting: number; all: number }> {
  if (!since) return { waiting: 0, all: 0 };
  const rows = await heldCandidates(db, campaignId, false).execute();
  const held = [...(await recentlyContacted(db, userId, campaignId, rows, since))];
  return { waiting: held.filter((s) => s.stage === 'enrich' && s.wave === null).length, all: held.length };
}

/** The profiles other campaigns of the account pushed since `since`: what the window holds, read once for many counts. */
export async function contactedProfiles(db: Db, userId: string, campaignId: string, since: Date): Promise<ReadonlySet<string>> {
  return new Set((await contactsByProfile(db, userId, { since, exceptCampaign: campaignId })).keys());
}

/** heldCounts' `waiting`, matched against profiles read before (contactedProfiles), without reading the pushes again. */
export async function heldWaitingAmong(db: Db, campaignId: string, contacted: ReadonlySet<string>): Promise<number> {
  if (contacted.size === 0) return 0;
  const rows = await heldCandidates(db, campaignId, true).execute();
  return rows.filter((s) => contacted.has(profileKey(s.linkedin_url) ?? '')).length;
}
