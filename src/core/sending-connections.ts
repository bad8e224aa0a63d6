import { sql } from 'kysely';
import type { SendingConnectionRow, SenderTool } from '../../db/types.js';
import type { Ctx } from '../context.js';
import { ToolError, notFound } from '../errors.js';
import { createSenderHttp, RefusedTargetError, SenderError } from '../senders/http.js';
import { senderFor } from '../senders/index.js';
import type { SenderAdapter, SenderCall, SenderCampaign } from '../senders/types.js';
import { assertPublicUrl, requireCampaign } from './campaigns.js';
import { DEFAULT_PAGE_SIZE, decodeCursor, toPage } from './cursor.js';
import { seal, unseal } from './sealed.js';

export const WEBHOOK_URL_MAX = 1000;
/** A signing secret shorter than this is guessable. */
const WEBHOOK_SECRET_MIN = 16;

const purpose = (id: string) => `sending-connection:${id}`;

export interface ConnectionView {
  connection_id: string;
  tool: SenderTool;
  name: string;
  url: string | null;
  created_at: string;
  wired_campaigns: number;
  events_url: boolean;
}

export function connectionView(row: SendingConnectionRow, wired: number): ConnectionView {
  return {
    connection_id: row.id,
    tool: row.tool,
    name: row.name,
    url: row.url,
    created_at: row.created_at,
    wired_campaigns: wired,
    events_url: row.inbound_hash !== null,
  };
}

export interface OpenConnection {
  adapter: SenderAdapter;
  call: SenderCall;
  close(): Promise<void>;
}

/** An HTTP client for one connection, paced under its tool's budget; close it when done. */
export function openConnection(ctx: Ctx, c: { id?: string; tool: SenderTool; url: string | null; apiKey?: string; credential?: string }): OpenConnection {
  const adapter = senderFor(c.tool);
  const { timeoutMs, maxWaitMs, heyreachUrl, lemlistUrl } = ctx.config.senders;
  const http = createSenderHttp({ timeoutMs, maxWaitMs, rate: adapter.rate, guarded: adapter.userUrl ? { allowHosts: ctx.config.allowHosts } : undefined });
  const apiKey = c.apiKey ?? unseal(ctx.secret, purpose(c.id as string), c.credential as string);
  const call: SenderCall = { apiKey, url: c.url, http, baseUrls: { heyreach: heyreachUrl, lemlist: lemlistUrl }, now: () => ctx.clock.now() };
  return { adapter, call, close: () => http.close() };
}

/**
 * A refusal by the tool, in the envelope's terms. While a connection is being created the
 * key or URL is the caller's input (invalid_request); later the stored key is at fault.
 */
export function senderFault(err: unknown, adapter: SenderAdapter, creating: boolean): unknown {
  if (!(err instanceof SenderError)) return err;
  if (err.kind === 'unauthorized') {
    return creating
      ? new ToolError('invalid_request', `api_key: ${adapter.label} refused this key (${err.message}); copy it again from ${adapter.label}'s settings`)
      : new ToolError('tool_error', `${err.message}: the stored key no longer works; delete this connection and create it again with a current key`);
  }
  if ((err.kind === 'rejected' || err instanceof RefusedTargetError) && creating) return new ToolError('invalid_request', err.message);
  return new ToolError('tool_error', err.message, err.retryAfterS !== undefined ? { retryAfter: err.retryAfterS } : {});
}

export interface NewConnection {
  tool: SenderTool;
  name: string;
  api_key: string;
  url?: string;
}

/** Checks the key with the tool (by listing its campaigns, or a signed ping for a webhook), then stores it sealed. */
export async function createConnection(ctx: Ctx, input: NewConnection): Promise<{ view: ConnectionView; campaigns: number }> {
  const adapter = senderFor(input.tool);
  let url: string | null = null;
  if (adapter.userUrl) {
    if (!input.url) throw new ToolError('invalid_request', `url: required for tool=${input.tool}`);
    url = assertPublicUrl(ctx, input.url, 'url', WEBHOOK_URL_MAX);
    if (input.api_key.length < WEBHOOK_SECRET_MIN)
      throw new ToolError('invalid_request', `api_key: the signing secret must be at least ${WEBHOOK_SECRET_MIN} characters`);
  } else if (input.url !== undefined) {
    throw new ToolError('invalid_request', `url: only a webhook connection takes a url; ${adapter.label} has a fixed address`);
  }
  const open = openConnection(ctx, { tool: input.tool, url, apiKey: input.api_key });
  let campaigns: SenderCampaign[];
  try {
    if (adapter.verify) await adapter.verify(open.call);
    campaigns = await adapter.listCampaigns(open.call);
  } catch (err) {
    throw senderFault(err, adapter, true);
  } finally {
    await open.close();
  }
  const now = ctx.clock.now().toISOString();
  const id = ctx.ids.uuid();
  const row = {
    id,
    user_id: ctx.principal.userId,
    tool: input.tool,
    name: input.name.trim(),
    credential: seal(ctx.secret, purpose(id), input.api_key),
    url,
    created_at: now,
    updated_at: now,
  };
  const inserted = await ctx.db.insertInto('sending_connections').values(row).returning('seq').executeTakeFirstOrThrow();
  return { view: connectionView({ ...row, seq: inserted.seq, inbound_hash: null }, 0), campaigns: campaigns.length };
}

export async function requireConnection(ctx: Ctx, id: string): Promise<SendingConnectionRow> {
  const row = await ctx.db.selectFrom('sending_connections').selectAll().where('id', '=', id).where('user_id', '=', ctx.principal.userId).executeTakeFirst();
  if (!row) throw notFound(`sending connection ${id}`);
  return row;
}

const wiredCount = sql<number>`(select count(*) from campaigns c where c.sending_connection_id = sending_connections.id)`;

export async function listConnections(ctx: Ctx, q: { limit?: number; cursor?: string }) {
  const limit = q.limit ?? DEFAULT_PAGE_SIZE;
  const binding = { tokenId: ctx.principal.tokenId, tool: 'list_sending_connections', filters: {} };
  let page = ctx.db.selectFrom('sending_connections').selectAll().select(wiredCount.as('wired')).where('user_id', '=', ctx.principal.userId);
  if (q.cursor) page = page.where('seq', '>', decodeCursor(ctx.secret, binding, q.cursor));
  const rows = await page
    .orderBy('seq')
    .limit(limit + 1)
    .execute();
  return toPage(rows, limit, ctx.secret, binding, (r) => connectionView(r, Number(r.wired)));
}

/** Deletes the connection and its sealed key; campaigns wired to it are unwired, past pushes stay recorded. */
export async function deleteConnection(ctx: Ctx, id: string): Promise<{ connection_id: string; deleted: true; unwired_campaigns: number }> {
  await requireConnection(ctx, id);
  const now = ctx.clock.now().toISOString();
  const unwired = await ctx.db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable('campaigns')
      .set({ sending_connection_id: null, sending_campaign_id: null, updated_at: now })
      .where('sending_connection_id', '=', id)
      .executeTakeFirst();
    await trx.deleteFrom('sending_connections').where('id', '=', id).where('user_id', '=', ctx.principal.userId).execute();
    return Number(res.numUpdatedRows);
  });
  return { connection_id: id, deleted: true, unwired_campaigns: unwired };
}

/** The campaigns inside the tool, read live with the stored key. */
export async function toolCampaigns(ctx: Ctx, conn: SendingConnectionRow): Promise<SenderCampaign[]> {
  const open = openConnection(ctx, conn);
  try {
    return await open.adapter.listCampaigns(open.call);
  } catch (err) {
    throw senderFault(err, open.adapter, false);
  } finally {
    await open.close();
  }
}

/**
 * Wires a campaign to one campaign inside one connection (or unwires it with two nulls).
 * The tool is asked whether that campaign exists; nothing in it is started or changed.
 */
export async function wireCampaign(
  ctx: Ctx,
  campaignId: string,
  connectionId: string | null | undefined,
  sendingCampaignId: string | null | undefined,
): Promise<void> {
  await requireCampaign(ctx, campaignId);
  if ((connectionId === null) !== (sendingCampaignId === null) || connectionId === undefined || sendingCampaignId === undefined) {
    throw new ToolError('invalid_request', 'sending_connection_id and sending_campaign_id go together: send both to wire the campaign, both null to unwire it');
  }
  if (connectionId !== null && sendingCampaignId !== null) {
    const conn = await requireConnection(ctx, connectionId);
    const campaigns = await toolCampaigns(ctx, conn);
    if (!campaigns.some((c) => c.id === sendingCampaignId)) {
      throw new ToolError(
        'invalid_request',
        `sending_campaign_id: ${senderFor(conn.tool).label} has no campaign ${sendingCampaignId} under this connection; list them with list_sending_tool_campaigns`,
      );
    }
  }
  await ctx.db
    .updateTable('campaigns')
    .set({ sending_connection_id: connectionId, sending_campaign_id: sendingCampaignId, updated_at: ctx.clock.now().toISOString() })
    .where('id', '=', campaignId)
    .execute();
}
