import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePipelineWorld, type PipelineWorld } from '../support/pipeline.js';
import { openStream } from '../support/event-stream.js';

const open = (w: PipelineWorld, campaignId: string, lastEventId?: string) =>
  openStream(w, campaignId, ['snapshot', 'run.started', 'run.progress', 'url.scraped', 'drafts.ready', 'run.completed'], lastEventId);

describe('the live event stream', () => {
  let w: PipelineWorld;
  let campaignId: string;
  beforeAll(async () => {
    w = await makePipelineWorld({ GREENROOM_SSE_HEARTBEAT_MS: '200' });
    campaignId = (await w.tool('create_campaign', { name: 'Live', conference_url: w.urls.sessionize })).data.campaign_id;
  });
  afterAll(() => w.close());

  it('streams run.progress {stage, done, total} and run.completed {run_id, status} with event ids', async () => {
    const stream = open(w, campaignId);
    await stream.until((s) => s.some((e) => e.type === 'snapshot'));
    expect(stream.seen[0]?.data).toMatchObject({ run: null, counts: { speakers: 0 } });
    const run = await w.tool('start_campaign_run', { campaign_id: campaignId });
    await w.scheduler.drain();
    await stream.until((s) => s.some((e) => e.type === 'run.completed'));
    stream.es.close();
    const progress = stream.seen.filter((e) => e.type === 'run.progress');
    expect(progress.length).toBeGreaterThan(5);
    for (const p of progress) {
      expect(p.data).toEqual({
        stage: expect.any(String),
        done: expect.any(Number),
        total: expect.any(Number),
        drafted: expect.any(Number),
        waiting: expect.any(Number),
        // Nobody here was pushed by another campaign: the recontact window holds none.
        held: 0,
        failed: 0,
      });
      expect(p.data.done).toBeLessThanOrEqual(p.data.total);
    }
    expect(new Set(progress.map((p) => p.data.stage))).toEqual(new Set(['scrape', 'prequalify', 'enrich', 'qualify', 'research', 'drafting']));
    // The counts follow the run: drafted only grows, up to the funnel's figure; some speakers waited for a chunk on the way.
    const drafted = progress.map((p) => p.data.drafted as number);
    expect(drafted.every((d, i) => i === 0 || d >= (drafted[i - 1] as number))).toBe(true);
    expect(Math.max(...drafted)).toBeGreaterThan(0);
    expect(Math.max(...drafted)).toBeLessThanOrEqual((await w.tool('campaign_stats', { campaign_id: campaignId })).data.funnel.drafted);
    expect(progress.some((p) => p.data.waiting > 0)).toBe(true);
    const completed = stream.seen.find((e) => e.type === 'run.completed');
    expect(completed?.data).toEqual({ run_id: run.data.run.run_id, status: 'done' });
    const ids = stream.seen.filter((e) => e.type !== 'snapshot').map((e) => Number(e.id));
    expect(ids.every((id, i) => i === 0 || id > (ids[i - 1] as number))).toBe(true);
  });

  it('resumes after Last-Event-ID with exactly the events that followed it', async () => {
    const all = await w.instance.db.selectFrom('run_events').select('seq').where('campaign_id', '=', campaignId).orderBy('seq').execute();
    const from = all[all.length - 4]?.seq as number;
    const stream = open(w, campaignId, String(from));
    await stream.until((s) => s.length >= 3);
    await new Promise((r) => setTimeout(r, 100));
    stream.es.close();
    expect(stream.seen.map((e) => Number(e.id))).toEqual(all.slice(-3).map((r) => r.seq));
    expect(stream.seen.some((e) => e.type === 'snapshot')).toBe(false);
  });

  it('sends heartbeat comments on an idle stream', async () => {
    const ac = new AbortController();
    const res = await fetch(`${w.base}/api/public/v1/campaigns/${campaignId}/events`, {
      headers: { authorization: `Bearer ${w.user.keys.read}` },
      signal: ac.signal,
    });
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    while (!text.includes(': heartbeat')) text += new TextDecoder().decode((await reader.read()).value);
    ac.abort();
    expect(text).toMatch(/^event: snapshot/m);
  });

  it('refuses without a key, without the read scope, and for an unknown campaign', async () => {
    const url = `${w.base}/api/public/v1/campaigns/${campaignId}/events`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: `Bearer ${w.user.keys.write}` } })).status).toBe(403);
    const missing = await fetch(`${w.base}/api/public/v1/campaigns/00000000-0000-4000-8000-000000000000/events`, {
      headers: { authorization: `Bearer ${w.user.keys.read}` },
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ ok: false, error: { code: 'not_found' } });
    const bad = await fetch(url, { headers: { authorization: `Bearer ${w.user.keys.read}`, 'last-event-id': 'abc' } });
    expect(bad.status).toBe(400);
  });
});
