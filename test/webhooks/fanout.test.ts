import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, withClient, call } from '../support/clients.js';
import { autoStartCampaign, cleanSpeakers, draftsOf, giveTestProfile, makeDraftsWorld } from '../support/drafts.js';
import { makeUser } from '../support/instance.js';
import type { PipelineWorld } from '../support/pipeline.js';
import { emitEvents } from '../../src/core/events.js';

interface Row {
  webhook_id: string;
  event_type: string;
  event_id: string;
  body: string;
}

describe('events fan out to the webhook outbox with the change they report', () => {
  let w: PipelineWorld;
  let all: string;
  let runsOnly: string;
  let theirs: string;
  let campaignId: string;
  let rows: Row[];
  const outbox = (webhookId: string) =>
    w.instance.db
      .selectFrom('webhook_deliveries')
      .select(['webhook_id', 'event_type', 'event_id', 'body'])
      .where('webhook_id', '=', webhookId)
      .orderBy('seq')
      .execute();
  const count = (list: Row[]) => list.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.event_type]: (acc[r.event_type] ?? 0) + 1 }), {});

  beforeAll(async () => {
    w = await makeDraftsWorld();
    all = (await w.tool('create_webhook', { url: 'https://all.example.com/h' })).data.webhook.webhook_id;
    runsOnly = (await w.tool('create_webhook', { url: 'https://runs.example.com/h', events: ['run.started', 'run.completed'] })).data.webhook.webhook_id;
    const other = await makeUser(w.instance, 'other@example.com');
    theirs = (await callAs(w.instance, other, 'all', 'create_webhook', { url: 'https://theirs.example.com/h' })).data.webhook.webhook_id;
    campaignId = await autoStartCampaign(w, 'DevConf', w.urls.sessionize);
    await w.scheduler.drain();
    rows = await outbox(all);
  });
  afterAll(() => w.close());

  it('queues run.started, message.ready per drafted message, drafts.ready and run.completed for a run, and nothing else', async () => {
    const drafts = await draftsOf(w, campaignId);
    expect(drafts.length).toBeGreaterThan(0);
    expect(count(rows)).toEqual({ 'run.started': 1, 'message.ready': drafts.length, 'drafts.ready': 1, 'run.completed': 1 });
    expect(rows[0]?.event_type).toBe('run.started');
    expect(rows.slice(-2).map((r) => r.event_type)).toEqual(['drafts.ready', 'run.completed']);
    const ready = rows.filter((r) => r.event_type === 'message.ready').map((r) => JSON.parse(r.body));
    expect(new Set(ready.map((b) => b.data.message_id))).toEqual(new Set(drafts.map((d) => d.message_id)));
    const byId = new Map(drafts.map((d) => [d.message_id, d]));
    for (const b of ready) {
      const d = byId.get(b.data.message_id)!;
      expect(b).toEqual({
        id: expect.any(String),
        type: 'message.ready',
        created_at: expect.any(String),
        campaign_id: campaignId,
        data: {
          run_id: expect.any(String),
          message_id: d.message_id,
          speaker_id: d.speaker_id,
          slot: d.slot,
          qa_score: d.qa_score,
          approvable: d.approvable,
          needs_human: d.needs_human,
        },
      });
    }
    const completed = JSON.parse(rows[rows.length - 1]!.body);
    expect(completed.data).toEqual({ run_id: ready[0].data.run_id, status: 'done' });
    expect(new Set(rows.map((r) => r.event_id)).size).toBe(rows.length);
  });

  it('queues only the subscribed events for a narrower subscription, and nothing for another user’s endpoint', async () => {
    const mine = await outbox(runsOnly);
    expect(mine.map((r) => r.event_type)).toEqual(['run.started', 'run.completed']);
    // One event, one id, whichever endpoint it goes to.
    const started = rows.find((r) => r.event_type === 'run.started')!;
    expect(mine[0]).toMatchObject({ event_id: started.event_id, body: started.body });
    expect(await outbox(theirs)).toEqual([]);
  });

  it('queues message.approved when a person approves a message, once per text', async () => {
    const drafts = await draftsOf(w, campaignId);
    const speaker = cleanSpeakers(drafts)[0]!;
    const target = drafts.find((d) => d.speaker_id === speaker && d.approved_at === null)!;
    expect((await w.post(`/messages/${target.message_id}/approve`, {})).body.ok).toBe(true);
    expect((await w.tool('approve_message', { message_id: target.message_id })).ok).toBe(true);
    const approved = (await outbox(all)).filter((r) => r.event_type === 'message.approved');
    expect(approved).toHaveLength(1);
    expect(JSON.parse(approved[0]!.body)).toMatchObject({
      type: 'message.approved',
      campaign_id: campaignId,
      data: { message_id: target.message_id, speaker_id: speaker, slot: target.slot },
    });
    expect(await outbox(runsOnly)).toHaveLength(2);
  });

  it('queues run.paused, and no run.completed, when a run runs out of credits', async () => {
    const poor = await makeUser(w.instance, 'poor@example.com', 2);
    await giveTestProfile(w, poor);
    const hook = (await callAs(w.instance, poor, 'all', 'create_webhook', { url: 'https://poor.example.com/h' })).data.webhook.webhook_id;
    const id = await withClient(w.instance, poor, (c) => autoStartCampaign(c, 'Broke', w.urls.cards));
    await w.scheduler.drain();
    const status = await withClient(w.instance, poor, (c) => call(c, 'get_run_status', { campaign_id: id }));
    expect(status.data.run.status).toBe('paused');
    const list = await outbox(hook);
    expect(list.map((r) => r.event_type).filter((t) => t.startsWith('run.'))).toEqual(['run.started', 'run.paused']);
    const paused = JSON.parse(list.find((r) => r.event_type === 'run.paused')!.body).data;
    expect(paused).toMatchObject({
      run_id: status.data.run.run_id,
      reason: 'insufficient_credits',
      drafted: status.data.run.pause.drafted,
      waiting: status.data.run.pause.waiting,
    });
  });

  it('writes neither the event nor its deliveries when the transaction rolls back', async () => {
    const before = (await outbox(all)).length;
    const events = await w.instance.db.selectFrom('run_events').select('seq').execute();
    await expect(
      w.instance.db.transaction().execute(async (trx) => {
        await emitEvents(trx, [{ campaignId, runId: null, type: 'run.completed', data: {}, at: w.clock.now() }]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await outbox(all)).toHaveLength(before);
    expect(await w.instance.db.selectFrom('run_events').select('seq').execute()).toHaveLength(events.length);
  });
});
