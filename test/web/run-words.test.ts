import { afterAll, beforeAll, expect, it } from 'vitest';
import { recordLedger } from '../../src/core/credits.js';
import { signedIn } from '../auth/oauth-support.js';
import type { Doors } from '../auth/support.js';
import { makePipelineWorld, type PipelineWorld } from '../support/pipeline.js';

/**
 * What a run says about itself reaches people (an agent passes it on; the campaign pages
 * show it): the pause, a resume the balance cannot pay for, nothing to run. Each says what
 * to do in words, without the name of an API operation or parameter.
 */
let w: PipelineWorld;
beforeAll(async () => {
  w = await makePipelineWorld();
}, 60_000);
afterAll(() => w?.close());

/** An API name: words joined by underscores (start_campaign_run), or a parameter set to true (requalify: true). */
const API_NAME = /\b[a-z]+_[a-z_]+\b|\b[a-z]+: true\b/;

const setBalance = async (target: number) => {
  const balance = (await w.tool('get_credit_balance')).data.balance as number;
  if (balance !== target)
    await recordLedger(w.instance.db, w.instance, {
      userId: w.user.userId,
      delta: target - balance,
      kind: target > balance ? 'grant' : 'adjustment',
      reference: `test:${w.instance.ids.uuid()}`,
      description: 'test',
    });
};

const refusal = async (campaignId: string): Promise<string> => {
  const r = await w.tool('start_campaign_run', { campaign_id: campaignId });
  expect(r.ok).toBe(false);
  return r.error?.message ?? '';
};

it('a campaign with no conference page: the refusal says to add one, here and on the web', async () => {
  const id = (await w.tool('create_campaign', { name: 'No pages' })).data.campaign_id as string;
  const message = await refusal(id);
  expect(message).toBe('The campaign has no conference page yet: add one, then start the run.');
  const web = await signedIn(w as unknown as Doors, w.user.email);
  const csrf = await web.csrf(`/campaigns/${id}`);
  const page = await (await web.post(`/campaigns/${id}/runs`, { csrf })).text();
  expect(page).toContain('The campaign has no conference page yet: add one, then start the run.');
});

it('a paused run, a resume the balance cannot pay for, and a finished run with nothing left say what to do in words', async () => {
  const id = (await w.tool('create_campaign', { name: 'Shoestring', conference_url: w.urls.sessionize })).data.campaign_id as string;
  await setBalance(5);
  expect((await w.tool('start_campaign_run', { campaign_id: id })).ok).toBe(true);
  await w.scheduler.drain();
  const { pause } = (await w.tool('get_run_status', { campaign_id: id })).data.run;
  expect(pause.message).toMatch(
    /^Paused: the credits ran out between two chunks\. \d+ speakers? drafted, \d+ waiting for credits \(best fit first\); the balance is \d+ credits?\. Add credits, then resume the run: it goes on from here, and nothing already paid for is charged again\.$/,
  );
  expect(pause.message).not.toMatch(API_NAME);

  await setBalance(0);
  const short = await refusal(id);
  expect(short).toMatch(
    /^The run is still paused: what it pays for next needs \d+ credits?, and the balance is 0 \(short by \d+\)\. Add credits, then resume the run\.$/,
  );
  expect(short).not.toMatch(API_NAME);

  await setBalance(500);
  expect((await w.tool('start_campaign_run', { campaign_id: id })).data.resumed).toBe(true);
  await w.scheduler.drain();
  const nothing = await refusal(id);
  expect(nothing).toMatch(
    /^Nothing to run: every speaker is already processed; add a conference page for more, or after changing who fits \(the ICP\), start a run that judges the speakers not yet drafted again$/,
  );
  expect(nothing).not.toMatch(API_NAME);
});
