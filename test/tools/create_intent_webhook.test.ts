import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal, UNKNOWN } from '../support/drafts.js';
import { signalRows, signedPost } from '../support/intent.js';
import { makeWorld, type World } from '../support/world.js';
import { assertContract } from '../support/contract.js';
import { signatureFor } from '../../src/senders/signer.js';

const TOOL = 'create_intent_webhook';
const refused = refusal(TOOL, 'write');
const inboundRefusal = (code: string) => ({
  ok: false,
  tool: 'receive_intent_signals',
  kind: 'write',
  data: null,
  error: { code, message: expect.any(String) },
});

describe('create_intent_webhook and the inbound webhook', () => {
  let w: World;
  let campaignId: string;
  let hook: { inbound_id: string; url: string; secret: string };
  /** The hook's path on the test server (the configured public URL is not where it listens). */
  const target = () => `${w.base}${new URL(hook.url).pathname}`;
  const nowS = () => Math.floor(w.clock.now().getTime() / 1000);
  const signals = async () => w.instance.db.selectFrom('intent_signals').select(['via']).where('campaign_id', '=', campaignId).execute();
  const send = async (body: string, secret = hook.secret, t = nowS(), header?: string) => {
    const res = await signedPost(target(), secret, body, t, header);
    const json = await res.json();
    assertContract(json, 'inbound');
    return { status: res.status, body: json };
  };

  beforeAll(async () => {
    w = await makeWorld();
    campaignId = (await w.tool('create_campaign', { name: 'Vendor feed' })).data.campaign_id;
  });
  afterAll(() => w.close());

  it('refuses a campaign without intent_enabled', async () => {
    const r = await w.post(`/campaigns/${campaignId}/intent-webhook`);
    expect(r.status).toBe(400);
    expect(r.body).toEqual(refused('invalid_request'));
    expect(await w.tool(TOOL, { campaign_id: UNKNOWN })).toEqual(refused('not_found'));
    await w.tool('update_campaign', { campaign_id: campaignId, intent_enabled: true });
  });

  it('creates the webhook over HTTP: a URL and a secret shown once, stored sealed', async () => {
    const r = await w.post(`/campaigns/${campaignId}/intent-webhook`);
    expect(r.status).toBe(200);
    hook = r.body.data;
    expect(r.body.data).toMatchObject({
      campaign_id: campaignId,
      rotated: false,
      signature_header: 'X-Service-Signature',
      secret: expect.stringMatching(/^whsec_/),
    });
    expect(hook.url).toBe(`http://127.0.0.1:8787/inbound/intent-signals/${hook.inbound_id}`);
    const row = await w.instance.db.selectFrom('intent_inbound').selectAll().executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(hook.secret);
  });

  it('takes a signed delivery and imports its signals', async () => {
    const r = await send(JSON.stringify({ rows: signalRows(3, 3) }));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: true, tool: 'receive_intent_signals', kind: 'write', data: { leads_new: 3, signals_new: 3, refused: [] }, error: null });
    const single = await send(JSON.stringify({ ...signalRows(1, 1)[0], observed_at: '2026-11-21T08:00:00Z' }));
    expect(single.body.data).toMatchObject({ leads_new: 0, leads_existing: 1, signals_new: 1 });
    expect((await signals()).map((s) => s.via)).toEqual(['webhook', 'webhook', 'webhook', 'webhook']);
  });

  it('refuses a bad signature, a tampered body and an old timestamp with 401, writing nothing', async () => {
    const body = JSON.stringify(signalRows(5, 5).slice(3));
    const wrong = await send(body, 'whsec_not-the-secret');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(inboundRefusal('unauthenticated'));
    const other = JSON.stringify(signalRows(1, 1));
    const tampered = await send(body, hook.secret, nowS(), signatureFor(hook.secret, other, nowS()));
    expect(tampered.status).toBe(401);
    const old = await send(body, hook.secret, nowS() - 301);
    expect(old.status).toBe(401);
    expect(old.body.error.message).toMatch(/tolerance/);
    const unsigned = await fetch(target(), { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(unsigned.status).toBe(401);
    const unknown = await fetch(`${w.base}/inbound/intent-signals/${UNKNOWN}`, { method: 'POST', body });
    expect(unknown.status).toBe(401);
    expect(await signals()).toHaveLength(4);
  });

  it('refuses a replay of a delivery it took, even with the header reworded', async () => {
    const body = JSON.stringify(signalRows(6, 6).slice(5));
    const t = nowS();
    expect((await send(body, hook.secret, t)).status).toBe(200);
    const again = await send(body, hook.secret, t);
    expect(again.status).toBe(400);
    expect(again.body).toEqual(inboundRefusal('invalid_request'));
    expect(again.body.error.message).toMatch(/replay/);
    const reworded = signatureFor(hook.secret, body, t).replace(',', ' , ').concat(',v1=00');
    expect((await send(body, hook.secret, t, reworded)).status).toBe(400);
    // The vendor's own retry signs afresh and goes through; the signal is not stored twice.
    w.clock.advance(1000);
    const retry = await send(body);
    expect(retry.status).toBe(200);
    expect(retry.body.data).toMatchObject({ signals_new: 0, signals_already_known: 1 });
  });

  it('answers a signed body that is not signals with 400', async () => {
    for (const body of ['{not json', '"text"', '{"rows": 3}']) {
      const r = await send(body);
      expect(r.status, body).toBe(400);
      expect(r.body).toEqual(inboundRefusal('invalid_request'));
    }
  });

  it('rotates the secret over MCP: same URL, the old secret refused at once', async () => {
    const old = hook.secret;
    const r = await w.tool(TOOL, { campaign_id: campaignId });
    expect(r.data).toMatchObject({ inbound_id: hook.inbound_id, url: hook.url, rotated: true });
    expect(r.data.secret).not.toBe(old);
    const body = JSON.stringify(signalRows(8, 8).slice(7));
    expect((await send(body, old)).status).toBe(401);
    hook = r.data;
    expect((await send(body)).status).toBe(200);
  });

  it('stops taking signals once intent is turned off for the campaign', async () => {
    await w.tool('update_campaign', { campaign_id: campaignId, intent_enabled: false });
    const r = await send(JSON.stringify(signalRows(9, 9).slice(8)));
    expect(r.status).toBe(422);
    expect(r.body).toEqual(inboundRefusal('tool_error'));
    await w.tool('update_campaign', { campaign_id: campaignId, intent_enabled: true });
  });
});
