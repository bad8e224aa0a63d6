import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, withClient } from '../support/clients.js';
import { makeOtherUser, UNKNOWN } from '../support/drafts.js';
import { connect, HEYREACH_CAMPAIGN, HEYREACH_KEY, makeSendersWorld, type SendersWorld } from './support.js';

/** update_campaign wires a campaign to a campaign inside a sending tool. */
describe('wiring a campaign through update_campaign', () => {
  let w: SendersWorld;
  let campaignId: string;
  let heyreach: string;
  let theirs: string;
  const wiring = async () => {
    const d = (await w.tool('get_campaign', { campaign_id: campaignId })).data;
    return [d.sending_connection_id, d.sending_campaign_id];
  };
  beforeAll(async () => {
    w = await makeSendersWorld();
    campaignId = (await w.tool('create_campaign', { name: 'To wire', tone: 'warm' })).data.campaign_id;
    heyreach = await connect(w, 'heyreach');
    const other = await makeOtherUser(w);
    theirs = (await withClient(w.instance, other, (c) => call(c, 'create_sending_connection', { tool: 'heyreach', name: 'Theirs', api_key: HEYREACH_KEY })))
      .data.connection_id;
  });
  afterAll(() => w.close());

  it('starts unwired, wires to a campaign the tool lists, and shows it in get_campaign', async () => {
    expect(await wiring()).toEqual([null, null]);
    const r = await w.post(`/campaigns/${campaignId}`, {
      sending_connection_id: heyreach,
      sending_campaign_id: String(HEYREACH_CAMPAIGN),
      pitch: 'A new pitch',
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ sending_connection_id: heyreach, sending_campaign_id: String(HEYREACH_CAMPAIGN), pitch: 'A new pitch', tone: 'warm' });
    expect(await wiring()).toEqual([heyreach, String(HEYREACH_CAMPAIGN)]);
    // Nothing in the tool was touched: only its campaign list was read.
    expect(w.heyreach.received.every((x) => x.path === '/api/public/campaign/GetAll')).toBe(true);
  });

  it('refuses, changing nothing: a campaign the tool does not have, one id without the other, others’ and unknown connections', async () => {
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ sending_connection_id: heyreach, sending_campaign_id: '999', pitch: 'changed' }, 400],
      [{ sending_connection_id: heyreach }, 400],
      [{ sending_campaign_id: '4102' }, 400],
      [{ sending_connection_id: null, sending_campaign_id: '4102' }, 400],
      [{ sending_connection_id: 'nope', sending_campaign_id: '4102' }, 400],
      [{ sending_connection_id: heyreach, sending_campaign_id: '' }, 400],
      [{ sending_connection_id: theirs, sending_campaign_id: '4102' }, 404],
      [{ sending_connection_id: UNKNOWN, sending_campaign_id: '4102' }, 404],
    ];
    for (const [body, status] of cases) {
      const r = await w.post(`/campaigns/${campaignId}`, body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect((await w.tool('update_campaign', { campaign_id: campaignId, ...body })).error?.code).toBe(r.body.error?.code);
    }
    expect(await wiring()).toEqual([heyreach, String(HEYREACH_CAMPAIGN)]);
    expect((await w.tool('get_campaign', { campaign_id: campaignId })).data.pitch).toBe('A new pitch');
  });

  it('answers 422 when the tool cannot confirm the campaign, and unwires with two nulls', async () => {
    for (let i = 0; i < 3; i++) w.heyreach.script.push({ status: 503 });
    const down = await w.post(`/campaigns/${campaignId}`, { sending_connection_id: heyreach, sending_campaign_id: '4102' });
    expect(down.status).toBe(422);
    expect(await wiring()).toEqual([heyreach, String(HEYREACH_CAMPAIGN)]);
    const r = await w.tool('update_campaign', { campaign_id: campaignId, sending_connection_id: null, sending_campaign_id: null });
    expect(r.data).toMatchObject({ sending_connection_id: null, sending_campaign_id: null });
  });
});
