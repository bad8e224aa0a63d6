import type { Db } from '../../db/index.js';
import type { DeliveryRow } from '../../db/types.js';
import type { Services } from '../context.js';
import { unseal } from '../core/sealed.js';
import { SECRET_PURPOSE } from '../core/webhooks.js';
import type { GuardedFetch } from '../scrape/guarded-fetch.js';
import { SIGNATURE_HEADER, signatureFor } from './signer.js';

/** Waits after failed attempts 1..6 (SPEC part 6); a seventh failure is final. */
export const RETRY_DELAYS_MS: readonly number[] = [30_000, 120_000, 600_000, 1_800_000, 7_200_000, 21_600_000];
/** A receiver must answer 2xx within this (DESIGN: webhook payload). */
export const DELIVERY_TIMEOUT_MS = 10_000;

export type Outcome =
  | { kind: 'delivered'; status: number }
  | { kind: 'gone'; status: 410 }
  | { kind: 'failed'; status: number | null; error: string }
  | { kind: 'cancelled'; status: null; error: string };

/** One attempt: signed afresh with its own t, redirects not followed, 2xx or it failed. */
export async function attempt(services: Pick<Services, 'clock' | 'secret'>, fetch: GuardedFetch, row: DeliveryRow, hook: { url: string; secret_sealed: string }): Promise<Outcome> {
  const secret = unseal(services.secret, SECRET_PURPOSE, hook.secret_sealed);
  const t = Math.floor(services.clock.now().getTime() / 1000);
  let res;
  try {
    res = await fetch(hook.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: '*/*', [SIGNATURE_HEADER]: signatureFor(secret, row.body, t) },
      body: row.body,
      followRedirects: false,
    });
  } catch (err) {
    return { kind: 'failed', status: null, error: trim(err instanceof Error ? err.message : String(err)) };
  }
  if (res.status >= 200 && res.status < 300) return { kind: 'delivered', status: res.status };
  if (res.status === 410) return { kind: 'gone', status: 410 };
  if (res.status >= 300 && res.status < 400) return { kind: 'failed', status: res.status, error: `the endpoint redirected (HTTP ${res.status}); redirects are not followed, register the final URL` };
  return { kind: 'failed', status: res.status, error: `the endpoint answered HTTP ${res.status}` };
}

function trim(s: string): string {
  return s.length > 300 ? `${s.slice(0, 297)}...` : s;
}

/**
 * Writes an attempt's outcome. Every write is fenced on this worker's lease and on the
 * row still being pending, so a delivery cancelled meanwhile (deleted webhook) stays
 * cancelled. Returns false when the fence failed.
 */
export async function record(db: Db, now: Date, holder: string, row: DeliveryRow, outcome: Outcome): Promise<boolean> {
  const at = now.toISOString();
  const attempts = row.attempts + 1;
  return db.transaction().execute(async (trx) => {
    const fenced = trx.updateTable('webhook_deliveries').where('id', '=', row.id).where('lease_holder', '=', holder).where('status', '=', 'pending');
    const base = { attempts, response_status: outcome.status, lease_holder: null, lease_expires_at: null, updated_at: at };
    if (outcome.kind === 'cancelled') {
      const res = await fenced.set({ lease_holder: null, lease_expires_at: null, updated_at: at, status: 'cancelled', error: outcome.error }).executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    }
    if (outcome.kind === 'delivered') {
      const res = await fenced.set({ ...base, status: 'delivered', error: null, delivered_at: at }).executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return false;
      await trx.updateTable('webhooks').set({ recent_failures: 0, last_success_at: at }).where('id', '=', row.webhook_id).execute();
      return true;
    }
    const error = outcome.kind === 'gone' ? 'the endpoint answered 410 Gone: the webhook was deactivated' : outcome.error;
    const delay = RETRY_DELAYS_MS[attempts - 1];
    const retry = outcome.kind === 'failed' && delay !== undefined;
    const set = retry ? { ...base, error, next_attempt_at: now.getTime() + delay } : { ...base, error, status: 'failed' as const };
    const res = await fenced.set(set).executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return false;
    await trx
      .updateTable('webhooks')
      .set((eb) => ({ recent_failures: eb('recent_failures', '+', 1), last_failure_at: at }))
      .where('id', '=', row.webhook_id)
      .execute();
    if (outcome.kind === 'gone') await deactivate(trx, row.webhook_id, at);
    return true;
  });
}

/** 410 Gone: the receiver asked to stop. No new deliveries, and what was pending is cancelled. */
async function deactivate(db: Db, webhookId: string, at: string): Promise<void> {
  await db.updateTable('webhooks').set({ active: 0, deactivated_reason: 'the endpoint answered 410 Gone', updated_at: at }).where('id', '=', webhookId).execute();
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'cancelled', error: 'the webhook was deactivated after a 410 Gone', lease_holder: null, lease_expires_at: null, updated_at: at })
    .where('webhook_id', '=', webhookId)
    .where('status', '=', 'pending')
    .execute();
}
