import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fictionalSpeakers } from '../../src/core/fictional-speakers.js';
import { sessionizeAll } from '../../src/demo/site.js';
import { recordLedger } from '../../src/core/credits.js';
import { makePipelineWorld, type PipelineWorld } from '../support/pipeline.js';

/**
 * A run paused for credits, resumed once they are added, scrapes again the pages that
 * had failed for a reason worth retrying (here HTTP 503), leaves the others failed, and
 * says which it retried in its status.
 */
describe('resuming a paused run retries its failed pages', () => {
  let w: PipelineWorld;
  let server: http.Server;
  let base: string;
  /** The flaky page answers 503 until this is set. */
  let flakyUp = false;
  const first = sessionizeAll(fictionalSpeakers(16, 60));
  const second = sessionizeAll(fictionalSpeakers(12, 90));
  const db = () => w.instance.db;
  const setBalance = async (target: number) => {
    const balance = (await w.tool('get_credit_balance')).data.balance as number;
    if (balance !== target)
      await recordLedger(db(), w.instance, {
        userId: w.user.userId,
        delta: target - balance,
        kind: target > balance ? 'grant' : 'adjustment',
        reference: `test:${w.instance.ids.uuid()}`,
        description: 'test',
      });
  };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/first') return void res.writeHead(200, { 'content-type': 'application/json' }).end(first);
      if (req.url === '/flaky' && flakyUp) return void res.writeHead(200, { 'content-type': 'application/json' }).end(second);
      if (req.url === '/flaky') return void res.writeHead(503, { 'content-type': 'text/plain' }).end('busy');
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address() as { port: number };
    base = `http://127.0.0.1:${address.port}`;
    w = await makePipelineWorld({ GREENROOM_ALLOW_HOSTS: `127.0.0.1:${address.port}` });
  });
  afterAll(async () => {
    await w.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('requeues the 503 page, not the 404 one, says so, and drafts the speakers it then finds', async () => {
    const id = (await w.tool('create_campaign', { name: 'Flaky', conference_url: `${base}/first` })).data.campaign_id as string;
    for (const path of ['/flaky', '/gone']) expect((await w.tool('add_conference_url', { campaign_id: id, url: `${base}${path}` })).ok).toBe(true);
    await setBalance(3);
    const runId = (await w.tool('start_campaign_run', { campaign_id: id })).data.run.run_id as string;
    await w.scheduler.drain();
    const paused = (await w.tool('get_run_status', { campaign_id: id })).data;
    expect(paused.run).toMatchObject({ run_id: runId, status: 'paused', retried_pages: null, warnings: 2 });
    const pageState = (data: { conference_urls: Array<{ url: string; status: string; error: string | null }> }) =>
      data.conference_urls.map((u) => [u.url.slice(base.length), u.status, u.error]);
    expect(pageState(paused)).toEqual([
      ['/first', 'done', null],
      ['/flaky', 'failed', 'the page answered HTTP 503'],
      ['/gone', 'failed', 'the page answered HTTP 404'],
    ]);

    flakyUp = true;
    await setBalance(200);
    const resumed = await w.post(`/campaigns/${id}/runs`, {});
    expect(resumed.body.data).toMatchObject({
      created: false,
      resumed: true,
      run: { run_id: runId, status: 'queued', stage: 'scrape', retried_pages: [{ url: `${base}/flaky`, error: 'the page answered HTTP 503' }] },
    });
    expect(pageState((await w.tool('get_run_status', { campaign_id: id })).data)).toEqual([
      ['/first', 'done', null],
      ['/flaky', 'pending', null],
      ['/gone', 'failed', 'the page answered HTTP 404'],
    ]);

    await w.scheduler.drain();
    const done = (await w.tool('get_run_status', { campaign_id: id })).data;
    expect(done.run).toMatchObject({
      run_id: runId,
      status: 'done',
      warnings: 1,
      retried_pages: [{ url: `${base}/flaky`, error: 'the page answered HTTP 503' }],
    });
    expect(pageState(done).map(([url, status]) => [url, status])).toEqual([
      ['/first', 'done'],
      ['/flaky', 'done'],
      ['/gone', 'failed'],
    ]);
    // The retried page's people went through the run like the first page's: none is left waiting or half-way.
    const fromFlaky = await db()
      .selectFrom('speakers')
      .select(['stage', 'drafted_at', 'qualified'])
      .where('campaign_id', '=', id)
      .where('source_url', '=', `${base}/flaky`)
      .execute();
    expect(fromFlaky).toHaveLength(12);
    expect(fromFlaky.every((s) => s.stage === 'done')).toBe(true);
    expect(fromFlaky.some((s) => s.drafted_at !== null)).toBe(true);
    const all = await db().selectFrom('speakers').select(['stage', 'qualified', 'selected', 'drafted_at']).where('campaign_id', '=', id).execute();
    expect(all.filter((s) => s.stage !== 'done' || (s.qualified === 1 && s.selected === 1 && s.drafted_at === null))).toEqual([]);
    expect(await db().selectFrom('runs').select('id').where('campaign_id', '=', id).execute()).toEqual([{ id: runId }]);
  });
});
