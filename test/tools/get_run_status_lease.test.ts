/**
 * After a worker crashes, get_run_status says the run waits for that worker's lease,
 * which part, and for how long. The worker is `greenroom serve` killed by its failpoint.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashingWorker } from '../support/crashing-worker.js';
import { makePipelineWorld, type PipelineWorld } from '../support/pipeline.js';
import { conforms } from '../senders/support.js';

const LEASE_MS = 60_000;

describe('get_run_status after a crash', () => {
  let w: PipelineWorld;
  beforeAll(async () => {
    w = await makePipelineWorld({ GREENROOM_LEASE_MS: String(LEASE_MS) });
  });
  afterAll(() => w.close());

  it('shows which lease the run waits for and how long, then nothing once the run is taken over', { timeout: 120_000 }, async () => {
    const created = await w.tool('create_campaign', { name: 'Crash', conference_url: w.urls.sessionize, auto_start: true });
    const campaignId = created.data.campaign_id;
    expect((await crashingWorker(w, { leaseMs: LEASE_MS, crashAfterItems: 20 })).signal).toBe('SIGKILL');
    const lease = await w.instance.db.selectFrom('leases').selectAll().executeTakeFirstOrThrow();
    // Twenty seconds after the dead worker last renewed its lease.
    const renewedAt = Number(lease.expires_at) - LEASE_MS;
    w.clock.set(renewedAt + 20_000);
    const h = await w.get(`/campaigns/${campaignId}/runs/latest`);
    conforms('get_run_status', h.body.data);
    const wait = h.body.data.run.lease_wait;
    // The run's lease, or the shards the dead worker was working (a step takes several).
    expect(wait.seconds_left).toBe(40);
    expect(wait.leases.length).toBeGreaterThan(0);
    for (const held of wait.leases)
      expect(held).toEqual({
        work: expect.stringMatching(/^(the run|shard \d+)$/),
        seconds_left: 40,
        renewed_seconds_ago: 20,
        lapses_at: new Date(Number(lease.expires_at)).toISOString(),
      });
    expect(wait.message).toMatch(
      /^Waiting for the lease of (the run|shard \d+) \(not renewed for 20 s, lapses in 40 s\)(, shard \d+ \(not renewed for 20 s, lapses in 40 s\))*: .*crash.*within 40 s/,
    );
    expect((await w.tool('get_run_status', { campaign_id: campaignId })).data).toEqual(h.body.data);
    // A lease renewed a moment ago is a worker at work, not a wait.
    w.clock.set(renewedAt + 1_000);
    expect((await w.tool('get_run_status', { campaign_id: campaignId })).data.run.lease_wait).toBeNull();
    w.clock.set(Number(lease.expires_at) + 1_000);
    await w.scheduler.drain();
    const done = (await w.tool('get_run_status', { campaign_id: campaignId })).data.run;
    expect(done).toMatchObject({ status: 'done', lease_wait: null });
  });
});
