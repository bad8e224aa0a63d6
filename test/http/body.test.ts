import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld, type World } from '../support/world.js';
import { portOf, rawRequest } from './raw.js';

describe('request bodies over REST', () => {
  let w: World;
  let port: number;
  let campaignId: string;
  beforeAll(async () => {
    w = await makeWorld();
    port = portOf(w.base);
    campaignId = (await w.tool('create_campaign', { name: 'Bodies' })).data.campaign_id;
  });
  afterAll(() => w.close());

  const post = (path: string, body: string | undefined, contentType?: string) =>
    rawRequest(port, {
      method: 'POST',
      path: `/api/public/v1${path}`,
      headers: { authorization: `Bearer ${w.user.keys.all}`, ...(contentType ? { 'content-type': contentType } : {}) },
      body,
    });

  const names = async () => (await w.tool('list_campaigns')).data.items.map((c: { name: string }) => c.name);

  it.each([
    ['text/plain', JSON.stringify({ name: 'Plain' })],
    ['application/x-www-form-urlencoded', 'name=Form'],
    ['application/xml', '<campaign><name>Xml</name></campaign>'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nMulti\r\n--x--'],
    [undefined, JSON.stringify({ name: 'Untyped' })],
    ['application/json; charset=latin1', JSON.stringify({ name: 'Latin' })],
  ])('refuses a body typed %s with 415 invalid_request, writing nothing', async (type, body) => {
    const r = await post('/campaigns', body, type);
    expect(r.status).toBe(415);
    expect(r.json).toMatchObject({ ok: false, tool: 'create_campaign', kind: 'write', data: null, error: { code: 'invalid_request' } });
    expect(r.json.error.message).toMatch(/Content-Type: application\/json/);
    expect(await names()).toEqual(['Bodies']);
  });

  it.each(['application/json', 'application/json; charset=utf-8', 'Application/JSON;charset="UTF-8"', 'application/merge-patch+json'])(
    'takes JSON typed %s',
    async (type) => {
      const r = await post(`/campaigns/${campaignId}`, JSON.stringify({ pitch: `typed ${type}` }), type);
      expect(r.status, r.text).toBe(200);
    },
  );

  it('takes an empty body with or without a type, where the body is optional', async () => {
    expect((await post(`/campaigns/${campaignId}/rescores`, undefined)).status).toBe(200);
    expect((await post(`/campaigns/${campaignId}/rescores`, '', 'text/plain')).status).toBe(200);
  });

  it('answers 413 to a body over the cap, declared or chunked, and writes nothing', async () => {
    const big = JSON.stringify({ name: 'Big', pitch: 'y'.repeat(2 * 1024 * 1024) });
    const declared = await post('/campaigns', big, 'application/json');
    expect(declared.status).toBe(413);
    expect(declared.json).toMatchObject({ ok: false, tool: 'create_campaign', error: { code: 'invalid_request' } });
    const chunked = await new Promise<{ status: number; body: any }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/public/v1/campaigns',
          headers: { authorization: `Bearer ${w.user.keys.all}`, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
        },
      );
      req.on('error', reject);
      for (let i = 0; i < 17; i++) req.write('y'.repeat(64 * 1024));
      req.end();
    });
    expect(chunked.status).toBe(413);
    expect(chunked.body.error.code).toBe('invalid_request');
    expect(await names()).toEqual(['Bodies']);
  });
});
