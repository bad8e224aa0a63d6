import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld, type World } from '../support/world.js';

describe('add_conference_url', () => {
  let w: World;
  let id: string;
  beforeAll(async () => {
    w = await makeWorld({ GREENROOM_ALLOW_HOSTS: '127.0.0.1:45678' });
    id = (await w.tool('create_campaign', { name: 'Urls' })).data.campaign_id;
  });
  afterAll(() => w.close());

  it('adds a public https URL once; adding it again returns it with added=false', async () => {
    const first = await w.post(`/campaigns/${id}/conference-urls`, { url: 'https://events.example.com/2026/speakers' });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ added: true, conference_url: { url: 'https://events.example.com/2026/speakers', status: 'pending' } });
    const again = await w.tool('add_conference_url', { campaign_id: id, url: 'https://events.example.com/2026/speakers' });
    expect(again.data).toMatchObject({ added: false, conference_url: { url_id: first.body.data.conference_url.url_id } });
    expect((await w.tool('get_campaign', { campaign_id: id })).data.totals.conference_urls).toBe(1);
  });

  it.each([
    'http://events.example.com/',
    'https://127.0.0.1/',
    'https://2130706433/',
    'https://0x7f.0.0.1/',
    'https://0177.0.0.1/',
    'https://127.1/',
    'https://[::1]/',
    'https://[::ffff:127.0.0.1]/',
    'https://localhost/',
    'https://api.localhost/',
    'https://169.254.169.254/latest/meta-data',
    'https://metadata.google.internal/',
    'https://printer.local/',
    'https://user:pass@events.example.com/',
    `https://events.example.com/${'a'.repeat(480)}`,
    'https://127.0.0.1:45679/',
    'ftp://events.example.com/',
  ])('refuses %s with invalid_request', async (url) => {
    const r = await w.post(`/campaigns/${id}/conference-urls`, { url });
    expect(r.status).toBe(400);
    expect(r.body.error?.code).toBe('invalid_request');
  });

  it('says how to allow a refused loopback or http host', async () => {
    const r = await w.post(`/campaigns/${id}/conference-urls`, { url: 'http://127.0.0.1:8099/speakers' });
    expect(r.status).toBe(400);
    expect(r.body.error?.message).toMatch(/to reach 127\.0\.0\.1:8099 anyway .* add it to GREENROOM_ALLOW_HOSTS/);
  });

  it('accepts an allowlisted loopback host:port (tests and demos)', async () => {
    const r = await w.tool('add_conference_url', { campaign_id: id, url: 'http://127.0.0.1:45678/speakers' });
    expect(r.ok).toBe(true);
  });

  it('answers 404 for an unknown campaign and 400 without a url', async () => {
    expect((await w.post('/campaigns/00000000-0000-4000-8000-000000000000/conference-urls', { url: 'https://a.example.com/' })).status).toBe(404);
    expect((await w.post(`/campaigns/${id}/conference-urls`, {})).status).toBe(400);
  });
});
