import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser } from '../../src/core/users.js';
import { findTool } from '../../src/registry/catalog.js';
import { invokeTool } from '../../src/registry/invoke.js';
import type { Principal } from '../../src/context.js';
import { startDoors, type Doors } from '../auth/support.js';
import { signedIn } from '../auth/oauth-support.js';

/** The new-campaign form takes the whole of who fits (the ICP), seeded from the profile, as plain HTTP. */
let d: Doors;
let userId: string;

beforeAll(async () => {
  d = await startDoors();
  userId = (await createUser(d.instance.db, d.instance, { email: 'icp@example.com', name: 'Icp', role: 'member', grant: 0 })).user_id;
});
afterAll(() => d.stop());

const principal = (): Principal => ({ userId, scopes: ['read', 'write'], tokenId: `t-${userId}`, tokenKind: 'api_key', tokenName: 't' });
const call = async (name: string, args: Record<string, unknown>) => (await invokeTool(findTool(name)!, args, d.instance, principal())).envelope.data as any;

it('seeds every part of who fits from the profile, and creates the campaign with what the form says', async () => {
  const icp = {
    titles: ['CTO'],
    seniority: ['director'],
    industries: ['healthcare'],
    keywords: ['postgres'],
    exclusions: ['recruiter'],
    competitors: ['Hooli'],
  };
  await call('update_profile', { icp });
  const web = await signedIn(d, 'icp@example.com');
  const form = await (await web.get('/campaigns/new')).text();
  for (const [name, values] of Object.entries(icp)) expect(form).toMatch(new RegExp(`name="${name}"[^>]*(value="${values[0]}"|>${values[0]}<)`));

  const csrf = await web.csrf('/campaigns/new');
  const created = await web.post('/campaigns/new', {
    csrf,
    name: 'Health',
    urls: 'https://example.com/speakers',
    titles: 'CTO, VP Engineering',
    seniority: 'director, vp',
    industries: 'healthcare, biotech',
    keywords: 'postgres',
    exclusions: 'recruiter',
    competitors: 'Hooli, Initech',
  });
  const id = /\/campaigns\/([0-9a-f-]{36})/.exec(created.headers.get('location') ?? '')?.[1];
  expect(id).toBeTruthy();
  expect((await call('get_campaign', { campaign_id: id })).icp).toEqual({
    titles: ['CTO', 'VP Engineering'],
    seniority: ['director', 'vp'],
    industries: ['healthcare', 'biotech'],
    keywords: ['postgres'],
    exclusions: ['recruiter'],
    competitors: ['Hooli', 'Initech'],
  });
});
