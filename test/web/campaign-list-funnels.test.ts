import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser } from '../../src/core/users.js';
import { findTool } from '../../src/registry/catalog.js';
import { invokeTool } from '../../src/registry/invoke.js';
import type { Principal } from '../../src/context.js';
import { startDoors, type Doors } from '../auth/support.js';
import { signedIn } from '../auth/oauth-support.js';

/**
 * The campaign list draws every campaign's funnel from one query: the page costs one read
 * call (the list) however many campaigns it shows, never one call per campaign.
 */
let d: Doors;
const CAMPAIGNS = 12;

beforeAll(async () => {
  // Two read calls a minute: a list page that asked for each campaign's funnel would be refused at once.
  d = await startDoors({ GREENROOM_RATE_READ: '2' });
  const user = await createUser(d.instance.db, d.instance, { email: 'many@example.com', name: 'Many', role: 'member', grant: 0 });
  const principal: Principal = { userId: user.user_id, scopes: ['read', 'write'], tokenId: `t-${user.user_id}`, tokenKind: 'api_key', tokenName: 't' };
  for (let i = 0; i < CAMPAIGNS; i++) await invokeTool(findTool('create_campaign')!, { name: `Conference ${i + 1}` }, d.instance, principal);
});
afterAll(() => d.stop());

it('shows the funnel of each of twelve campaigns as bars for one read call a page', async () => {
  const web = await signedIn(d, 'many@example.com');
  d.clock.advance(61_000);
  for (let load = 0; load < 2; load++) {
    const res = await web.get('/campaigns');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html.match(/<figure class="funnel"/g)).toHaveLength(CAMPAIGNS);
    expect(html.match(/<meter /g)).toHaveLength(CAMPAIGNS * 6);
  }
  // The third page in the minute is the third read call: the limit holds, so the two above were one call each.
  expect((await web.get('/campaigns')).status).toBe(429);
});
