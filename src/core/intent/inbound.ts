/**
 * The inbound webhook a signal vendor posts to: one per campaign, its URL carrying an id
 * that is not the campaign's, its secret sealed at rest and shown once. Bodies are signed
 * with the scheme Greenroom signs its own webhooks with (X-Service-Signature
 * t=<unix>,v1=<hex HMAC-SHA256 of "t.body">); a signature outside the age window or one
 * already accepted is refused, so a captured delivery cannot be replayed.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IntentInboundRow } from '../../../db/types.js';
import type { Ctx, Services } from '../../context.js';
import { ToolError } from '../../errors.js';
import { SIGNATURE_HEADER, SIGNATURE_TOLERANCE_S, verifySignature } from '../../senders/signer.js';
import { seal, unseal } from '../sealed.js';
import { intake, type IntakeResult } from './intake.js';
import { requireIntentCampaign } from './leads.js';

export const INBOUND_PATH = '/inbound/intent-signals';
const purpose = (id: string): string => `intent-inbound-secret:${id}`;

export const inboundUrl = (services: Pick<Services, 'config'>, id: string): string => `${services.config.publicUrl}${INBOUND_PATH}/${id}`;

/** Creates the campaign's endpoint, or gives the existing one a new secret (the old one stops working at once). */
export async function createOrRotateInbound(ctx: Ctx, campaignId: string) {
  const campaign = await requireIntentCampaign(ctx, campaignId);
  const secret = `whsec_${randomBytes(24).toString('base64url')}`;
  const now = ctx.clock.now().toISOString();
  const existing = await ctx.db.selectFrom('intent_inbound').selectAll().where('campaign_id', '=', campaign.id).executeTakeFirst();
  let row: Omit<IntentInboundRow, 'seq'>;
  if (existing) {
    row = { ...existing, secret_sealed: seal(ctx.secret, purpose(existing.id), secret), rotated_at: now };
    await ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('intent_inbound').set({ secret_sealed: row.secret_sealed, rotated_at: now }).where('id', '=', row.id).execute();
      // Signatures seen under the old secret mean nothing now.
      await trx.deleteFrom('intent_inbound_seen').where('inbound_id', '=', row.id).execute();
    });
  } else {
    const id = ctx.ids.uuid();
    row = {
      id,
      campaign_id: campaign.id,
      user_id: campaign.user_id,
      secret_sealed: seal(ctx.secret, purpose(id), secret),
      created_at: now,
      rotated_at: now,
      last_received_at: null,
    };
    await ctx.db.insertInto('intent_inbound').values(row).execute();
  }
  return {
    inbound_id: row.id,
    campaign_id: campaign.id,
    url: inboundUrl(ctx, row.id),
    secret,
    rotated: Boolean(existing),
    signature_header: SIGNATURE_HEADER,
    created_at: row.created_at,
    rotated_at: row.rotated_at,
  };
}

/** Checks and imports one delivery. Every refusal is a ToolError: the route turns it into the envelope. */
export async function receiveInbound(services: Services, inboundId: string, body: string, header: string | undefined): Promise<IntakeResult> {
  const row = await services.db.selectFrom('intent_inbound').selectAll().where('id', '=', inboundId).executeTakeFirst();
  // An unknown endpoint and a bad signature answer alike, so ids cannot be probed.
  if (!row) throw new ToolError('unauthenticated', 'signature does not match the body');
  const nowS = Math.floor(services.clock.now().getTime() / 1000);
  const verdict = verifySignature(unseal(services.secret, purpose(row.id), row.secret_sealed), body, header, nowS);
  if (!verdict.ok) throw new ToolError('unauthenticated', verdict.reason);
  const payload = parseBody(body);
  const ctx: Ctx = {
    ...services,
    principal: { userId: row.user_id, scopes: ['write'], tokenId: `intent-inbound:${row.id}`, tokenKind: 'api_key', tokenName: 'intent inbound webhook' },
  };
  const campaign = await requireIntentCampaign(ctx, row.campaign_id).catch((err: unknown) => {
    throw err instanceof ToolError && err.code === 'invalid_request'
      ? new ToolError('tool_error', 'intent is turned off for this campaign; signals are not taken')
      : err;
  });
  await remember(services, row.id, body, verdict.t, nowS);
  const result = await intake(ctx, campaign, { rows: payload }, 'webhook');
  await services.db.updateTable('intent_inbound').set({ last_received_at: services.clock.now().toISOString() }).where('id', '=', row.id).execute();
  return result;
}

/** A delivery is one signal object, an array of them, or {rows: [...]}. */
function parseBody(body: string): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new ToolError('invalid_request', 'body is not valid JSON');
  }
  if (Array.isArray(parsed)) return parsed;
  if (parsed && typeof parsed === 'object') {
    const rows = (parsed as { rows?: unknown }).rows;
    if (rows === undefined) return [parsed];
    if (Array.isArray(rows)) return rows;
  }
  throw new ToolError('invalid_request', 'body must be a signal object, an array of them, or {"rows": [...]}');
}

/**
 * Records what was signed (t and the body, whatever else the header holds); the same
 * again inside the window is a replay. Older ones need no record: the window refuses them.
 */
async function remember(services: Services, inboundId: string, body: string, t: number, nowS: number): Promise<void> {
  const signature = createHash('sha256').update(`${t}.${body}`).digest('base64url');
  await services.db
    .deleteFrom('intent_inbound_seen')
    .where('t', '<', nowS - 2 * SIGNATURE_TOLERANCE_S)
    .execute();
  const res = await services.db
    .insertInto('intent_inbound_seen')
    .values({ inbound_id: inboundId, signature, t })
    .onConflict((oc) => oc.columns(['inbound_id', 'signature']).doNothing())
    .returning('t')
    .executeTakeFirst();
  if (!res) throw new ToolError('invalid_request', 'replay: this signed delivery was already received; sign each delivery afresh');
}
