/**
 * A campaign's own model provider: create_campaign and update_campaign take
 * model_provider, refuse an unknown one and one this instance has no key or URL for,
 * and get_campaign shows the override and the provider in use.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld, type World } from '../support/world.js';

describe('model_provider on a campaign', () => {
  let w: World;
  let id: string;
  beforeAll(async () => {
    // Anthropic has a key here; nothing else does, and the instance default stays offline.
    w = await makeWorld({ GREENROOM_ANTHROPIC_API_KEY: 'sk-ant-test' });
    id = (await w.tool('create_campaign', { name: 'Providers' })).data.campaign_id;
  });
  afterAll(() => w.close());

  it('starts on the instance default', async () => {
    const c = (await w.get(`/campaigns/${id}`)).body.data;
    expect(c).toMatchObject({ model_provider: null, model_provider_in_use: 'offline' });
  });

  it('sets, shows and clears a configured provider, over HTTP and MCP', async () => {
    const set = await w.post(`/campaigns/${id}`, { model_provider: 'anthropic' });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ model_provider: 'anthropic', model_provider_in_use: 'anthropic' });
    const offline = await w.tool('update_campaign', { campaign_id: id, model_provider: 'offline' });
    expect(offline.data).toMatchObject({ model_provider: 'offline', model_provider_in_use: 'offline' });
    const cleared = await w.tool('update_campaign', { campaign_id: id, model_provider: null });
    expect(cleared.data).toMatchObject({ model_provider: null, model_provider_in_use: 'offline' });
  });

  it('refuses an unknown provider (invalid_request) and one without its key or URL (tool_error, naming the setting), and changes nothing', async () => {
    await w.tool('update_campaign', { campaign_id: id, model_provider: 'anthropic' });
    const unknown = await w.post(`/campaigns/${id}`, { model_provider: 'cohere', name: 'Renamed' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ code: 'invalid_request', message: expect.stringMatching(/model_provider/) });
    // A provider this instance has no key for is a well-formed request the instance cannot serve.
    const noKey = await w.post(`/campaigns/${id}`, { model_provider: 'openai', name: 'Renamed' });
    expect(noKey.status).toBe(422);
    expect(noKey.body.error?.message).toBe('model_provider openai is not configured on this instance: GREENROOM_OPENAI_API_KEY is not set');
    const noUrl = await w.tool('update_campaign', { campaign_id: id, model_provider: 'openai_compatible' });
    expect(noUrl.error).toEqual({
      code: 'tool_error',
      message: 'model_provider openai_compatible is not configured on this instance: GREENROOM_OPENAI_COMPATIBLE_URL is not set',
    });
    expect((await w.get(`/campaigns/${id}`)).body.data).toMatchObject({ name: 'Providers', model_provider: 'anthropic' });
  });

  it('create_campaign takes a configured provider and refuses one without a key, dry run included', async () => {
    const made = await w.tool('create_campaign', { name: 'On Claude', model_provider: 'anthropic' });
    expect((await w.tool('get_campaign', { campaign_id: made.data.campaign_id })).data.model_provider).toBe('anthropic');
    const before = (await w.tool('list_campaigns', {})).data.items.length;
    for (const dry_run of [false, true]) {
      const r = await w.post('/campaigns', { name: 'On Gemini', model_provider: 'google', dry_run });
      expect(r.status).toBe(422);
      expect(r.body.error?.message).toMatch(/GREENROOM_GOOGLE_API_KEY is not set/);
    }
    expect((await w.tool('list_campaigns', {})).data.items.length).toBe(before);
  });
});
