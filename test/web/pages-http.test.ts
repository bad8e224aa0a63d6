import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createUser } from '../../src/core/users.js';
import { findTool } from '../../src/registry/catalog.js';
import { invokeTool } from '../../src/registry/invoke.js';
import type { Principal } from '../../src/context.js';
import { startDoors, type Doors } from '../auth/support.js';
import { signedIn } from '../auth/oauth-support.js';

/** The campaign pages over plain HTTP: they are the API's calls, made as the signed-in person. */
let d: Doors;
let mine: string;
let theirs: string;

const principal = (userId: string): Principal => ({ userId, scopes: ['read', 'write'], tokenId: `t-${userId}`, tokenKind: 'api_key', tokenName: 't' });

beforeAll(async () => {
  // Six reads make one campaign page not yet wired to a sending tool: the second load within the minute is over the limit.
  d = await startDoors({ GREENROOM_RATE_READ: '8' });
  const me = await createUser(d.instance.db, d.instance, { email: 'kay@example.com', name: 'Kay', role: 'member', grant: 0 });
  const other = await createUser(d.instance.db, d.instance, { email: 'other@example.com', name: 'Other', role: 'member', grant: 0 });
  const create = async (userId: string, name: string) =>
    ((await invokeTool(findTool('create_campaign')!, { name }, d.instance, principal(userId))).envelope.data as { campaign_id: string }).campaign_id;
  mine = await create(me.user_id, 'Mine');
  theirs = await create(other.user_id, 'Theirs');
});
afterAll(() => d.stop());

it('sends a signed-out person to sign in, and refuses the page stream without a session', async () => {
  const res = await fetch(`${d.base}/campaigns/${mine}`, { redirect: 'manual' });
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toBe(`/signin?next=${encodeURIComponent(`/campaigns/${mine}`)}`);
  const stream = await fetch(`${d.base}/campaigns/${mine}/events`);
  expect(stream.status).toBe(401);
  expect(await stream.json()).toMatchObject({ ok: false, tool: 'stream_campaign_events', error: { code: 'unauthenticated' } });
});

it('shows only the person’s own campaigns, streams their events, and holds pages to the read rate limit', async () => {
  const kay = await signedIn(d, 'kay@example.com');
  const list = await (await kay.get('/campaigns')).text();
  expect(list).toContain('Mine');
  expect(list).not.toContain('Theirs');
  const foreign = await kay.get(`/campaigns/${theirs}`);
  expect(foreign.status).toBe(404);
  expect(await foreign.text()).toContain('role="alert"');

  const stream = await kay.get(`/campaigns/${mine}/events`);
  expect(stream.status).toBe(200);
  expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = stream.body!.getReader();
  const first = new TextDecoder().decode((await reader.read()).value);
  expect(first).toMatch(/^event: snapshot\ndata: \{"run":null/);
  await reader.cancel();

  d.clock.advance(61_000);
  expect((await kay.get(`/campaigns/${mine}`)).status).toBe(200);
  const limited = await kay.get(`/campaigns/${mine}`);
  expect(limited.status).toBe(429);
  expect(await limited.text()).toMatch(/Too many read calls/);
});

it('answers a fault on a page, and an id that cannot be a campaign, as an HTML page, never JSON', async () => {
  const kay = await signedIn(d, 'kay@example.com');
  d.clock.advance(61_000);
  const unknown = await kay.get('/campaigns/not-a-campaign/review');
  expect(unknown.status).toBe(404);
  expect(unknown.headers.get('content-type')).toMatch(/^text\/html/);
  expect(await unknown.text()).toContain('No such campaign.');

  // The list page reads the funnels of its campaigns in one query: without the table, that query faults.
  await sql`alter table speakers rename to speakers_away`.execute(d.instance.db);
  try {
    const fault = await kay.get('/campaigns');
    expect(fault.status).toBe(500);
    expect(fault.headers.get('content-type')).toMatch(/^text\/html/);
    const text = await fault.text();
    expect(text).toContain('role="alert"');
    expect(text).not.toMatch(/speakers_away|no such table/);
  } finally {
    await sql`alter table speakers_away rename to speakers`.execute(d.instance.db);
  }
});
