import { afterAll, beforeAll, expect, it } from 'vitest';
import { makePipelineWorld, type PipelineWorld } from '../support/pipeline.js';

/**
 * A conference page whose name has no public address fails in the words every fetch uses
 * for it, whether the name does not resolve (here: ".invalid" never does) or resolves to a
 * private address (test/scrape/guarded-fetch.test.ts): the page error maps no network.
 */
let w: PipelineWorld;
beforeAll(async () => {
  w = await makePipelineWorld();
});
afterAll(() => w?.close());

it('fails a page on a name with no public address with the one refusal, and reads the other pages', async () => {
  const id = (await w.tool('create_campaign', { name: 'Nowhere', conference_url: w.urls.sessionize })).data.campaign_id as string;
  const nowhere = 'https://speakers.nothing-here.invalid/2026/speakers';
  expect((await w.tool('add_conference_url', { campaign_id: id, url: nowhere })).ok).toBe(true);
  expect((await w.tool('start_campaign_run', { campaign_id: id })).ok).toBe(true);
  await w.scheduler.drain();
  const status = (await w.tool('get_run_status', { campaign_id: id })).data;
  const pages = status.conference_urls as Array<{ url: string; status: string; error: string | null }>;
  expect(pages.find((p) => p.url === nowhere)).toMatchObject({
    status: 'failed',
    error: 'could not resolve speakers.nothing-here.invalid to a public address',
  });
  expect(pages.find((p) => p.url === w.urls.sessionize)).toMatchObject({ status: 'done', error: null });
});
