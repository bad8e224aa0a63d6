import type { CampaignRow, ConferenceUrlRow } from '../../db/types.js';
import type { Ctx } from '../context.js';
import { ToolError, notFound } from '../errors.js';
import { checkPublicUrl } from '../scrape/url-safety.js';
import { prepared } from '../../db/prepared.js';
import type { Db } from '../../db/index.js';
import type { Icp } from '../../schemas/fields.js';
import { IcpSchema } from '../../schemas/fields.js';
import { DEFAULT_PAGE_SIZE, decodeCursor, toPage, type Page } from './cursor.js';
import { parseProfile } from './profile.js';
import { getUser } from './users.js';
import type { CostPreview } from '../../schemas/fields.js';
import type { ProviderId } from '../model-settings.js';
import { icpColumn, styleColumn } from './campaign-columns.js';

export const CONFERENCE_URL_MAX = 500;

export interface CampaignFields {
  name?: string;
  pitch?: string;
  cta?: string;
  your_name?: string;
  your_role?: string;
  your_company?: string;
  tone?: string;
  positioning?: string;
  /** ICP lists that replace the profile's; lists not given are seeded from it. */
  icp?: Partial<Icp>;
  /** Null: the instance's GREENROOM_MODEL_PROVIDER. */
  model_provider?: ProviderId | null;
  /** Pushes take only sequences a person approved. */
  push_requires_approval?: boolean;
}

/**
 * A campaign may name only a provider this instance can call: a key or URL missing is
 * refused now, not at the next run. The request is well formed, the instance lacks a
 * setting: tool_error, like a run on such a provider.
 */
export function assertProviderReady(ctx: Pick<Ctx, 'engines'>, provider: ProviderId | null | undefined): void {
  if (!provider) return;
  const missing = ctx.engines.missingSetting(provider);
  if (missing) throw new ToolError('tool_error', `model_provider ${provider} is not configured on this instance: ${missing}`);
}

const campaignById = prepared<CampaignRow, [string, string]>('select * from campaigns where id = ? and user_id = ?');
const urlsOfCampaign = prepared<ConferenceUrlRow, [string]>('select * from conference_urls where campaign_id = ? order by seq');

export async function requireCampaign(ctx: Ctx, campaignId: string): Promise<CampaignRow> {
  const [row] = await campaignById(ctx.db, campaignId, ctx.principal.userId);
  // Another user's campaign is reported as absent, never as forbidden: ids do not leak.
  if (!row) throw notFound(`campaign ${campaignId}`);
  return row;
}

/** Validates a user-supplied conference URL against the public-URL rules. */
export function assertPublicUrl(ctx: Pick<Ctx, 'config'>, url: string, field: string, max = CONFERENCE_URL_MAX): string {
  const check = checkPublicUrl(url, { allowHosts: ctx.config.allowHosts, maxLength: max });
  if (!check.ok) throw new ToolError('invalid_request', `${field}: ${check.reason}`);
  return check.url.toString();
}

export function createPreview(balance: number, withRun: boolean): CostPreview {
  return {
    credits: 0,
    model_calls: 0,
    lines: [{ operation: 'create_campaign', count: 1, unit_credits: 0, credits: 0 }],
    balance,
    sufficient: true,
    ...(withRun ? { note: 'The run is billed per speaker once the conference pages are read; a dry run of its start shows what it would cost' } : {}),
  };
}

/**
 * Inserts a campaign seeded from the user's profile; fields given explicitly win.
 * `alongside` runs in the same transaction (queueing the first run): both are written or neither.
 */
export async function insertCampaign(
  ctx: Ctx,
  fields: CampaignFields & { conference_url?: string; auto_start?: boolean },
  alongside?: (trx: Db, campaign: CampaignRow) => Promise<void>,
): Promise<{ campaign: CampaignRow; url: ConferenceUrlRow | null }> {
  const user = await getUser(ctx.db, ctx.principal.userId);
  const profile = parseProfile(user.profile);
  const now = ctx.clock.now().toISOString();
  const url = fields.conference_url ? assertPublicUrl(ctx, fields.conference_url, 'conference_url') : null;
  assertProviderReady(ctx, fields.model_provider);
  const campaign: CampaignRow = {
    seq: 0,
    id: ctx.ids.uuid(),
    user_id: user.user_id,
    name: fields.name?.trim() || defaultName(url, now),
    pitch: fields.pitch ?? profile.pitch,
    cta: fields.cta ?? profile.cta,
    your_name: fields.your_name ?? (profile.your_name || user.name),
    your_role: fields.your_role ?? profile.your_role,
    // The profile's company is the sender's own: the same default as name and role.
    your_company: fields.your_company ?? profile.company,
    tone: fields.tone ?? profile.tone,
    positioning: fields.positioning ?? profile.positioning,
    icp: JSON.stringify(IcpSchema.parse({ ...profile.icp, ...fields.icp })),
    style: styleColumn.write({ exemplars: profile.exemplars }),
    auto_start: fields.auto_start ? 1 : 0,
    intent_enabled: 0,
    model_provider: fields.model_provider ?? null,
    created_at: now,
    updated_at: now,
    sending_connection_id: null,
    sending_campaign_id: null,
    push_requires_approval: fields.push_requires_approval ? 1 : 0,
  };
  const { seq: _seq, ...values } = campaign;
  let urlRow: ConferenceUrlRow | null = null;
  await ctx.db.transaction().execute(async (trx) => {
    const inserted = await trx.insertInto('campaigns').values(values).returning('seq').executeTakeFirstOrThrow();
    campaign.seq = inserted.seq;
    if (url) {
      urlRow = newUrlRow(ctx, campaign.id, url, now);
      const { seq: _s, ...urlValues } = urlRow;
      await trx.insertInto('conference_urls').values(urlValues).execute();
    }
    if (alongside) await alongside(trx, campaign);
  });
  return { campaign, url: urlRow };
}

function defaultName(url: string | null, now: string): string {
  return url ? `Speakers of ${new URL(url).hostname}` : `Campaign ${now.slice(0, 10)}`;
}

function newUrlRow(ctx: Ctx, campaignId: string, url: string, now: string): ConferenceUrlRow {
  return {
    seq: 0,
    id: ctx.ids.uuid(),
    campaign_id: campaignId,
    url,
    status: 'pending',
    speaker_count: null,
    extractor: null,
    error: null,
    event_name: null,
    created_at: now,
    updated_at: now,
  };
}

export async function addConferenceUrl(ctx: Ctx, campaignId: string, rawUrl: string): Promise<{ row: ConferenceUrlRow; added: boolean }> {
  await requireCampaign(ctx, campaignId);
  const url = assertPublicUrl(ctx, rawUrl, 'url');
  const now = ctx.clock.now().toISOString();
  const row = newUrlRow(ctx, campaignId, url, now);
  const { seq: _s, ...values } = row;
  return ctx.db.transaction().execute(async (trx) => {
    const res = await trx
      .insertInto('conference_urls')
      .values(values)
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    const added = Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
    const stored = await trx.selectFrom('conference_urls').selectAll().where('campaign_id', '=', campaignId).where('url', '=', url).executeTakeFirstOrThrow();
    if (added) await trx.updateTable('campaigns').set({ updated_at: now }).where('id', '=', campaignId).execute();
    return { row: stored, added };
  });
}

export interface CampaignPatch extends CampaignFields {
  positioning?: string;
  intent_enabled?: boolean;
  /** Intent imports queue a run for new leads. */
  auto_start?: boolean;
  icp?: Partial<Icp>;
}

export async function updateCampaign(ctx: Ctx, campaignId: string, patch: CampaignPatch): Promise<CampaignRow> {
  const row = await requireCampaign(ctx, campaignId);
  assertProviderReady(ctx, patch.model_provider);
  const { icp, intent_enabled, auto_start, push_requires_approval, ...text } = patch;
  const set: Partial<CampaignRow> = { ...text, updated_at: ctx.clock.now().toISOString() };
  if (text.name !== undefined) set.name = text.name.trim() || row.name;
  if (intent_enabled !== undefined) set.intent_enabled = intent_enabled ? 1 : 0;
  if (push_requires_approval !== undefined) set.push_requires_approval = push_requires_approval ? 1 : 0;
  if (auto_start !== undefined) set.auto_start = auto_start ? 1 : 0;
  // ICP lists are replaced one by one: sending only `exclusions` keeps the titles.
  if (icp) set.icp = JSON.stringify(IcpSchema.parse({ ...parseIcp(row.icp), ...icp }));
  await ctx.db.updateTable('campaigns').set(set).where('id', '=', campaignId).execute();
  return { ...row, ...set };
}

const ICP_LISTS = ['titles', 'seniority', 'industries', 'keywords', 'exclusions', 'competitors'] as const;

/** Stored ICPs were validated on write; reading only fills lists an older row lacks. */
export function parseIcp(json: string): Icp {
  const raw = icpColumn.read(json);
  const out = {} as Icp;
  for (const k of ICP_LISTS) out[k] = Array.isArray(raw[k]) ? raw[k] : [];
  return out;
}

export async function listCampaignRows(ctx: Ctx, opts: { limit?: number; cursor?: string }): Promise<Page<CampaignRow>> {
  const limit = opts.limit ?? DEFAULT_PAGE_SIZE;
  const binding = { tokenId: ctx.principal.tokenId, tool: 'list_campaigns', filters: {} };
  let q = ctx.db.selectFrom('campaigns').selectAll().where('user_id', '=', ctx.principal.userId);
  if (opts.cursor) q = q.where('seq', '<', decodeCursor(ctx.secret, binding, opts.cursor));
  const rows = await q
    .orderBy('seq', 'desc')
    .limit(limit + 1)
    .execute();
  return toPage(rows, limit, ctx.secret, binding, (r) => r);
}

export async function conferenceUrls(ctx: Ctx, campaignId: string): Promise<ConferenceUrlRow[]> {
  return urlsOfCampaign(ctx.db, campaignId);
}
