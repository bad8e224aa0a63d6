import type { Db } from '../../db/index.js';
import type { DeliveryRow } from '../../db/types.js';
import type { Clock } from '../context.js';
import { unseal } from '../core/sealed.js';
import { SECRET_PURPOSE } from '../core/webhooks.js';
import type { GuardedFetch } from '../scrape/guarded-fetch.js';
import { SIGNATURE_HEADER, signatureFor } from '../senders/signer.js';

/** Waits after failed attempts 1..6 (SPEC part 6); a seventh failure is final. */
export const RETRY_DELAYS_MS: readonly number[] = [30_000, 120_000, 600_000, 1_800_000, 7_200_000, 21_600_000];

export type Outcome =
  | { kind: 'delivered'; status: number }
  | { kind: 'gone'; status: 410 }
  | { kind: 'failed'; status: number | null; error: string }
  | { kind: 'cancelled'; status: null; error: string };

/** Where a delivery goes, with its signing secret unsealed; null when the webhook is gone. */
export interface Target {
  url: string;
  secret: string;
}

/** The targets of a batch of deliveries, each secret unsealed once. */
export async function targetsOf(db: Db, instanceSecret: Buffer, rows: readonly DeliveryRow[]): Promise<Map<string, Target>> {
  const ids = [...new Set(rows.map((r) => r.webhook_id))];
  const out = new Map<string, Target>();
  if (ids.length === 0) return out;
  const hooks = await db
    .selectFrom('webhooks')
    .select(['id', 'url', 'secret_sealed'])
    .where('id', 'in', ids)
    .where('active', '=', 1)
    .where('deleted_at', 'is', null)
    .execute();
  for (const h of hooks) out.set(h.id, { url: h.url, secret: unseal(instanceSecret, SECRET_PURPOSE, h.secret_sealed) });
  return out;
}

/** One attempt: signed afresh with its own t, redirects not followed, 2xx or it failed. */
export async function attempt(clock: Clock, fetch: GuardedFetch, row: DeliveryRow, target: Target): Promise<Outcome> {
  const t = Math.floor(clock.now().getTime() / 1000);
  let res;
  try {
    res = await fetch(target.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: '*/*', [SIGNATURE_HEADER]: signatureFor(target.secret, row.body, t) },
      body: row.body,
      followRedirects: false,
    });
  } catch (err) {
    return { kind: 'failed', status: null, error: trim(err instanceof Error ? err.message : String(err)) };
  }
  if (res.status >= 200 && res.status < 300) return { kind: 'delivered', status: res.status };
  if (res.status === 410) return { kind: 'gone', status: 410 };
  if (res.status >= 300 && res.status < 400)
    return { kind: 'failed', status: res.status, error: `the endpoint redirected (HTTP ${res.status}); redirects are not followed, register the final URL` };
  return { kind: 'failed', status: res.status, error: `the endpoint answered HTTP ${res.status}` };
}

function trim(s: string): string {
  return s.length > 300 ? `${s.slice(0, 297)}...` : s;
}

export interface Attempted {
  row: DeliveryRow;
  outcome: Outcome;
  /** When the attempt ended; retries are scheduled from here. */
  at: Date;
}

/**
 * Writes the outcomes of finished attempts in one transaction. Every write is fenced on
 * this worker's lease and on the row still being pending, so a delivery cancelled
 * meanwhile (deleted or deactivated webhook) stays cancelled. Returns the deliveries
 * whose fence failed.
 */
export async function record(db: Db, holder: string, done: readonly Attempted[]): Promise<DeliveryRow[]> {
  if (done.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const lost: DeliveryRow[] = [];
    const health = new Map<string, Health>();
    const recorded = new Set(
      await recordDelivered(
        trx,
        holder,
        done.filter((d) => d.outcome.kind === 'delivered'),
      ),
    );
    for (const d of done) {
      const ok = d.outcome.kind === 'delivered' ? recorded.has(d.row.id) : await recordOne(trx, holder, d);
      if (!ok) {
        lost.push(d.row);
        continue;
      }
      if (d.outcome.kind === 'cancelled') continue;
      const h = health.get(d.row.webhook_id) ?? { reset: false, failures: 0, success: null, failure: null };
      if (d.outcome.kind === 'delivered') Object.assign(h, { reset: true, failures: 0, success: d.at.toISOString() });
      else Object.assign(h, { failures: h.failures + 1, failure: d.at.toISOString() });
      health.set(d.row.webhook_id, h);
    }
    // In id order: two workers updating the same endpoints then lock them in one order, never in a cycle.
    for (const id of [...health.keys()].sort()) await updateHealth(trx, id, health.get(id) as Health);
    return lost;
  });
}

/**
 * Successes are the bulk of the work: one fenced update per response status for the
 * whole batch, stamped with the batch's last finish time. Returns the ids it updated.
 */
async function recordDelivered(db: Db, holder: string, done: readonly Attempted[]): Promise<string[]> {
  const byStatus = new Map<number, Attempted[]>();
  for (const d of done) byStatus.set(d.outcome.status as number, [...(byStatus.get(d.outcome.status as number) ?? []), d]);
  const ids: string[] = [];
  for (const [status, group] of byStatus) {
    const at = new Date(Math.max(...group.map((d) => d.at.getTime()))).toISOString();
    for (let i = 0; i < group.length; i += 500) {
      const rows = await db
        .updateTable('webhook_deliveries')
        .set((eb) => ({
          status: 'delivered',
          attempts: eb('attempts', '+', 1),
          response_status: status,
          error: null,
          lease_holder: null,
          lease_expires_at: null,
          updated_at: at,
          delivered_at: at,
        }))
        .where(
          'id',
          'in',
          group.slice(i, i + 500).map((d) => d.row.id),
        )
        .where('lease_holder', '=', holder)
        .where('status', '=', 'pending')
        .returning('id')
        .execute();
      ids.push(...rows.map((r) => r.id));
    }
  }
  return ids;
}

/** What a batch of outcomes says about one endpoint: written once per batch, not per delivery. */
interface Health {
  /** A delivery succeeded: the failure count restarts from the failures after it. */
  reset: boolean;
  failures: number;
  success: string | null;
  failure: string | null;
}

async function updateHealth(db: Db, webhookId: string, h: Health): Promise<void> {
  await db
    .updateTable('webhooks')
    .set((eb) => ({
      recent_failures: h.reset ? h.failures : eb('recent_failures', '+', h.failures),
      ...(h.success ? { last_success_at: h.success } : {}),
      ...(h.failure ? { last_failure_at: h.failure } : {}),
    }))
    .where('id', '=', webhookId)
    .execute();
}

async function recordOne(db: Db, holder: string, { row, outcome, at: when }: Attempted): Promise<boolean> {
  const at = when.toISOString();
  const attempts = row.attempts + 1;
  const fenced = db.updateTable('webhook_deliveries').where('id', '=', row.id).where('lease_holder', '=', holder).where('status', '=', 'pending');
  const base = { attempts, response_status: outcome.status, lease_holder: null, lease_expires_at: null, updated_at: at };
  let res;
  if (outcome.kind === 'delivered') throw new Error('successes are recorded by recordDelivered');
  if (outcome.kind === 'cancelled')
    res = await fenced.set({ lease_holder: null, lease_expires_at: null, updated_at: at, status: 'cancelled', error: outcome.error }).executeTakeFirst();
  else {
    const error = outcome.kind === 'gone' ? 'the endpoint answered 410 Gone: the webhook was deactivated' : outcome.error;
    const delay = RETRY_DELAYS_MS[attempts - 1];
    const retry = outcome.kind === 'failed' && delay !== undefined;
    res = await fenced
      .set(retry ? { ...base, error, next_attempt_at: when.getTime() + delay } : { ...base, error, status: 'failed' as const })
      .executeTakeFirst();
  }
  if (Number(res.numUpdatedRows) !== 1) return false;
  if (outcome.kind === 'gone') await deactivate(db, row.webhook_id, at);
  return true;
}

/** 410 Gone: the receiver asked to stop. No new deliveries, and what was pending is cancelled. */
async function deactivate(db: Db, webhookId: string, at: string): Promise<void> {
  await db
    .updateTable('webhooks')
    .set({ active: 0, deactivated_reason: 'the endpoint answered 410 Gone', updated_at: at })
    .where('id', '=', webhookId)
    .execute();
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'cancelled', error: 'the webhook was deactivated after a 410 Gone', lease_holder: null, lease_expires_at: null, updated_at: at })
    .where('webhook_id', '=', webhookId)
    .where('status', '=', 'pending')
    .execute();
}
