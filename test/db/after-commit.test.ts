import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { afterCommit } from '../../db/after-commit.js';
import { openDb } from '../../db/index.js';
import { prepared } from '../../db/prepared.js';
import { emitEvent } from '../../src/core/events.js';
import { WebhookWorker } from '../../src/webhooks/worker.js';
import { makeInstance, makeUser, type TestEnv } from '../support/instance.js';
import { campaignOf, hookFor } from '../webhooks/support.js';
import { startReceiver, type Receiver } from '../webhooks/receiver.js';

// Readers that see committed rows only: SQLite's second, read-only connection; on
// PostgreSQL another connection of the pool. What a signal announces must be there.
const eventsOf = prepared<{ n: number }, [string]>('select count(*) as n from run_events where campaign_id = ?');
const deliveriesOf = prepared<{ n: number }, [string]>('select count(*) as n from webhook_deliveries where campaign_id = ?');

describe('signals after commit', () => {
  let receiver: Receiver;
  let t: TestEnv;
  let campaignId: string;
  let worker: WebhookWorker | null = null;
  /** Each signal, with what a reader woken by it found. */
  const seen: Array<{ signal: string; rows: number }> = [];
  const reads: Array<Promise<unknown>> = [];
  const readOnSignal = (signal: string, read: typeof eventsOf) => () => {
    seen.push({ signal, rows: -1 });
    const entry = seen[seen.length - 1]!;
    reads.push(read(t.instance.db, campaignId).then(([r]) => (entry.rows = Number(r!.n))));
  };
  const onCampaignEvent = readOnSignal('event', eventsOf);
  const onEvent = (id: string) => {
    if (id === campaignId) onCampaignEvent();
  };
  const onNudge = readOnSignal('nudge', deliveriesOf);
  const settled = () => Promise.all(reads);
  /** Time for a signal sent too early to be acted on before the commit. */
  const pause = () => new Promise((resolve) => setTimeout(resolve, 50));
  const event = (type = 'run.started') => ({ campaignId, runId: null, type, data: {}, at: t.clock.now() });

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());
  beforeEach(async () => {
    seen.length = 0;
    reads.length = 0;
    receiver.received.length = 0;
    t = await makeInstance({ GREENROOM_ALLOW_HOSTS: receiver.host });
    const user = await makeUser(t.instance);
    campaignId = await campaignOf(t.instance, user.userId);
    await hookFor(t.instance, user, receiver.url(), ['run.started']);
    t.instance.signals.on('event', onEvent);
    t.instance.signals.on('deliveries-queued', onNudge);
  });
  afterEach(async () => {
    t.instance.signals.off('event', onEvent);
    t.instance.signals.off('deliveries-queued', onNudge);
    await Promise.allSettled(reads);
    await worker?.stop();
    worker = null;
    await t.close();
  });

  it('wakes the stream and the delivery worker once the caller’s transaction commits, and they find the rows', async () => {
    await t.instance.db.transaction().execute(async (trx) => {
      await emitEvent(trx, event());
      // The caller goes on writing after the event; nothing may be signalled yet.
      await pause();
      expect(seen).toEqual([]);
      await trx.updateTable('campaigns').set({ updated_at: t.clock.now().toISOString() }).where('id', '=', campaignId).execute();
    });
    await settled();
    // On PostgreSQL the event also comes back through LISTEN/NOTIFY: a second wake, as late.
    expect([...new Set(seen.map((s) => s.signal))].sort()).toEqual(['event', 'nudge']);
    expect(seen.filter((s) => s.rows !== 1)).toEqual([]);
  });

  it('signals nothing for a transaction that rolls back', async () => {
    await expect(
      t.instance.db.transaction().execute(async (trx) => {
        await emitEvent(trx, event());
        throw new Error('the change fails after its event was written');
      }),
    ).rejects.toThrow('the change fails');
    await settled();
    expect(seen).toEqual([]);
    // The next transaction's signals are its own: nothing of the rolled-back one is left to fire.
    await t.instance.db.transaction().execute((trx) => emitEvent(trx, event()));
    await settled();
    expect(seen.filter((s) => s.signal === 'event').length).toBeGreaterThan(0);
    expect(seen.filter((s) => s.rows !== 1)).toEqual([]);
  });

  it('an in-process worker polling only every two minutes delivers at the nudge, though the transaction commits well after the event', async () => {
    worker = new WebhookWorker(t.instance, { pollMs: 120_000 });
    worker.start();
    await t.instance.db.transaction().execute(async (trx) => {
      await emitEvent(trx, event());
      await pause();
    });
    await receiver.waitFor(1, 20_000);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ type: 'run.started', campaign_id: campaignId });
  });

  it('signals are the instance’s own (Services.signals): another instance in the same process does not wake this one', async () => {
    const other = await makeInstance();
    try {
      const otherCampaign = await campaignOf(other.instance, (await makeUser(other.instance)).userId);
      const heard: string[] = [];
      other.instance.signals.on('event', (id) => heard.push(id));
      await other.instance.db.transaction().execute((trx) => emitEvent(trx, { ...event(), campaignId: otherCampaign }));
      await settled();
      // On PostgreSQL the event also comes back through LISTEN/NOTIFY: the same campaign again.
      expect([...new Set(heard)]).toEqual([otherCampaign]);
      expect(seen).toEqual([]);
      await emitEvent(t.instance.db, event());
      await settled();
      expect(seen.map((s) => s.signal)).toContain('event');
      expect([...new Set(heard)]).toEqual([otherCampaign]);
    } finally {
      await other.close();
    }
  });

  it('a callback outside any transaction runs at once; prepared reads refuse a transaction', async () => {
    const ran: string[] = [];
    await afterCommit(t.instance.db, () => ran.push('now'));
    expect(ran).toEqual(['now']);
    await t.instance.db.transaction().execute(async (trx) => {
      await expect(eventsOf(trx, campaignId)).rejects.toThrow('prepared reads see committed data only');
    });
  });

  it('a callback that throws is reported and neither undoes the commit nor stops the next callback', async () => {
    const failures: unknown[] = [];
    const opened = openDb(t.dbEnv.GREENROOM_DATABASE_URL ?? t.dbEnv.GREENROOM_DB!, { onHookError: (err) => failures.push(err) });
    try {
      const ran: string[] = [];
      await opened.db.transaction().execute(async (trx) => {
        await trx.updateTable('campaigns').set({ name: 'Renamed' }).where('id', '=', campaignId).execute();
        await afterCommit(trx, () => {
          throw new Error('listener fault');
        });
        await afterCommit(trx, () => ran.push('second'));
      });
      expect(ran).toEqual(['second']);
      expect(failures.map((e) => (e as Error).message)).toEqual(['listener fault']);
      const row = await opened.db.selectFrom('campaigns').select('name').where('id', '=', campaignId).executeTakeFirstOrThrow();
      expect(row.name).toBe('Renamed');
    } finally {
      await opened.close();
    }
  });
});
