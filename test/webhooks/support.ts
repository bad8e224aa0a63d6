import { expect } from 'vitest';
import { TOOLS } from '../../tools/index.js';
import type { Instance } from '../../src/instance.js';
import { createWebhook } from '../../src/core/webhooks.js';
import { emitEvents, type EventInput } from '../../src/core/events.js';
import type { TestUser } from '../support/instance.js';
import type { SubscriptionName } from '../../schemas/webhook-events.js';

/** Successful data must validate against the tool's own output schema with nothing left over. */
export function conforms(tool: string, data: unknown): void {
  const t = TOOLS.find((x) => x.name === tool);
  if (!t) throw new Error(`no tool ${tool}`);
  expect(t.output.parse(data)).toEqual(data);
}

/** Registers an endpoint straight through core, as the given user (for worker tests). */
export async function hookFor(instance: Instance, user: TestUser, url: string, events?: SubscriptionName[]) {
  const ctx = { ...instance, principal: await user.principal('all') };
  return createWebhook(ctx, { url, events });
}

/** A bare campaign row owned by the user, enough for events to name. */
export async function campaignOf(instance: Instance, userId: string, id = crypto.randomUUID()): Promise<string> {
  const now = instance.clock.now().toISOString();
  await instance.db
    .insertInto('campaigns')
    .values({
      id,
      user_id: userId,
      name: 'Hooks',
      pitch: '',
      cta: '',
      your_name: '',
      your_role: '',
      tone: '',
      positioning: '',
      icp: '{}',
      style: '{}',
      auto_start: 0,
      intent_enabled: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** Emits events for a campaign the way the pipeline does, in one transaction. */
export async function emit(instance: Instance, campaignId: string, types: string[], data: Record<string, unknown> = {}): Promise<void> {
  const at = instance.clock.now();
  const events: EventInput[] = types.map((type) => ({ campaignId, runId: null, type, data, at }));
  await instance.db.transaction().execute((trx) => emitEvents(trx, events));
}
