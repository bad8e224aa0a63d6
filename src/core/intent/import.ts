/**
 * Puts accepted signal rows into a campaign: one lead per LinkedIn profile (a profile
 * seen again gets the new signals attached), each signal stored once however often it
 * is delivered. Counts are worked out before anything is written, so a dry run reports
 * exactly what the real call would add.
 */
import { createHash } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { CampaignRow, SpeakersTable } from '../../../db/types.js';
import type { Db } from '../../../db/index.js';
import type { Clock, IdSource } from '../../context.js';
import { foldText, splitTagline } from '../../scrape/normalize.js';
import type { ParsedRows, Refusal, SignalRow } from './rows.js';
import { shardOf } from '../shards.js';

/** Leads are keyed apart from speakers, so the same person may be both in one campaign (and is flagged). */
export const leadKey = (linkedinUrl: string): string => `intent:${linkedinUrl}`;

/** IN lists of up to this many keys; inserts of up to INSERT_CHUNK rows, whose one SQL text is prepared once. */
const CHUNK = 500;
const INSERT_CHUNK = 100;

export interface ImportReport {
  dry_run: boolean;
  rows: number;
  accepted: number;
  refused: Refusal[];
  leads_new: number;
  leads_existing: number;
  signals_new: number;
  signals_already_known: number;
  /** Leads of this call who are also speakers in one of the user's campaigns. */
  also_speakers: number;
}

interface Group {
  linkedinUrl: string;
  first: SignalRow;
  signals: Array<{ row: SignalRow; fingerprint: string }>;
}

export function fingerprint(r: SignalRow): string {
  return createHash('sha256')
    .update([r.type, r.url ?? '', r.observedAt, r.text ?? ''].join('\u0000'))
    .digest('base64url')
    .slice(0, 22);
}

function groupByLead(parsed: ParsedRows): Map<string, Group> {
  const groups = new Map<string, Group>();
  for (const { value } of parsed.accepted) {
    let g = groups.get(value.linkedinUrl);
    if (!g) groups.set(value.linkedinUrl, (g = { linkedinUrl: value.linkedinUrl, first: value, signals: [] }));
    const fp = fingerprint(value);
    // Two rows of one call that are the same action count once, the second as already known.
    if (!g.signals.some((s) => s.fingerprint === fp)) g.signals.push({ row: value, fingerprint: fp });
  }
  return groups;
}

async function chunked<T, R>(items: T[], fn: (part: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(...(await fn(items.slice(i, i + CHUNK))));
  return out;
}

export interface ImportDeps {
  db: Db;
  clock: Clock;
  ids: IdSource;
}

interface Plan {
  report: ImportReport;
  newLeads: Array<ReturnType<typeof leadRow>>;
  newSignals: Array<{ lead: string; row: SignalRow; fingerprint: string }>;
}

/** What the rows would add, from reads alone: a dry run stops here. */
async function plan(d: ImportDeps, campaign: CampaignRow, parsed: ParsedRows, dryRun: boolean): Promise<Plan> {
  const groups = groupByLead(parsed);
  const urls = [...groups.keys()];
  const leads = await chunked(urls.map(leadKey), (keys) =>
    d.db.selectFrom('speakers').select(['id', 'dedupe_key']).where('campaign_id', '=', campaign.id).where('dedupe_key', 'in', keys).execute(),
  );
  const existing = new Map(leads.map((r) => [r.dedupe_key.slice('intent:'.length), r.id]));
  const held = await chunked([...existing.values()], (ids) =>
    d.db.selectFrom('intent_signals').select(['lead_id', 'fingerprint']).where('lead_id', 'in', ids).execute(),
  );
  const known = new Set(held.map((r) => `${r.lead_id} ${r.fingerprint}`));
  const speakers = await alsoSpeakers(d.db, campaign.user_id, urls);
  const now = d.clock.now().toISOString();
  const newLeads: Plan['newLeads'] = [];
  const newSignals: Plan['newSignals'] = [];
  for (const g of groups.values()) {
    let leadId = existing.get(g.linkedinUrl);
    if (!leadId) {
      leadId = d.ids.uuid();
      newLeads.push(leadRow(campaign, leadId, g.first, now));
    }
    for (const s of g.signals) if (!known.has(`${leadId} ${s.fingerprint}`)) newSignals.push({ lead: leadId, ...s });
  }
  const report: ImportReport = {
    dry_run: dryRun,
    rows: parsed.total,
    accepted: parsed.accepted.length,
    refused: parsed.refused,
    leads_new: newLeads.length,
    leads_existing: groups.size - newLeads.length,
    signals_new: newSignals.length,
    signals_already_known: parsed.accepted.length - newSignals.length,
    also_speakers: urls.filter((u) => speakers.has(u)).length,
  };
  return { report, newLeads, newSignals };
}

export async function importSignals(
  d: ImportDeps,
  campaign: CampaignRow,
  parsed: ParsedRows,
  opts: { dryRun: boolean; via: 'import' | 'webhook' },
): Promise<ImportReport> {
  const { report, newLeads, newSignals } = await plan(d, campaign, parsed, opts.dryRun);
  if (opts.dryRun || (newLeads.length === 0 && newSignals.length === 0)) return report;
  const now = d.clock.now().toISOString();
  await d.db.transaction().execute(async (trx) => {
    for (let i = 0; i < newLeads.length; i += INSERT_CHUNK) {
      await trx
        .insertInto('speakers')
        .values(newLeads.slice(i, i + INSERT_CHUNK))
        .onConflict((oc) => oc.columns(['campaign_id', 'dedupe_key']).doNothing())
        .execute();
    }
    // Another process may have added one of these leads since our read: attach to its row.
    const ours = new Map(newLeads.map((l) => [l.dedupe_key, l.id]));
    const stored = await chunked([...ours.keys()], (keys) =>
      trx.selectFrom('speakers').select(['id', 'dedupe_key']).where('campaign_id', '=', campaign.id).where('dedupe_key', 'in', keys).execute(),
    );
    const actual = new Map(stored.filter((r) => ours.get(r.dedupe_key) !== r.id).map((r) => [ours.get(r.dedupe_key) as string, r.id]));
    for (let i = 0; i < newSignals.length; i += INSERT_CHUNK) {
      const values = newSignals.slice(i, i + INSERT_CHUNK).map((s) => ({
        id: d.ids.uuid(),
        campaign_id: campaign.id,
        lead_id: actual.get(s.lead) ?? s.lead,
        user_id: campaign.user_id,
        signal_type: s.row.type,
        url: s.row.url,
        text: s.row.text,
        observed_at: s.row.observedAt,
        via: opts.via,
        fingerprint: s.fingerprint,
        created_at: now,
      }));
      await trx
        .insertInto('intent_signals')
        .values(values)
        .onConflict((oc) => oc.columns(['lead_id', 'fingerprint']).doNothing())
        .execute();
    }
  });
  return report;
}

/**
 * Profiles among `urls` that are speakers (scraped, not leads) in any of the user's
 * campaigns: by the LinkedIn URL, or by the key a speaker was first stored under. Two
 * lookups, each on its own index; one OR of both would scan all the user's people.
 */
export async function alsoSpeakers(db: Db, userId: string, urls: string[]): Promise<Set<string>> {
  const by = (column: 'linkedin_url' | 'dedupe_key') => (part: string[]) =>
    db
      .selectFrom('speakers')
      .select(['linkedin_url', 'dedupe_key'])
      .where('user_id', '=', userId)
      .where(column, 'in', part)
      .where('source', '=', 'conference')
      .execute();
  const rows = [...(await chunked(urls, by('linkedin_url'))), ...(await chunked(urls, by('dedupe_key')))];
  const wanted = new Set(urls);
  return new Set(rows.flatMap((r) => [r.linkedin_url, r.dedupe_key]).filter((u): u is string => u !== null && wanted.has(u)));
}

/** A new lead: the columns left out take their defaults (null, '[]', stage prequalify). */
function leadRow(campaign: CampaignRow, id: string, r: SignalRow, now: string): Insertable<SpeakersTable> & { id: string; dedupe_key: string } {
  const parts = splitTagline(r.headline);
  const company = r.company ?? parts.company;
  const key = leadKey(r.linkedinUrl);
  return {
    id,
    campaign_id: campaign.id,
    user_id: campaign.user_id,
    dedupe_key: key,
    name: r.name,
    name_fold: foldText(r.name),
    company_fold: foldText(company),
    shard: shardOf(foldText(company), key),
    title: parts.title ?? (r.company ? r.headline : null),
    company,
    tagline: r.headline,
    talks: '[]',
    links: '[]',
    linkedin_url: r.linkedinUrl,
    profile_url: r.linkedinUrl,
    source_url: r.linkedinUrl,
    // Signals are many and noisy: a person picks the leads worth a sequence (set_intent_lead_selected).
    selected: 0,
    source: 'intent',
    created_at: now,
    updated_at: now,
  };
}
