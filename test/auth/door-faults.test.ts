import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDoors, WebClient, type Doors } from './support.js';

describe('a fault behind a door page', () => {
  let doors: Doors;
  beforeAll(async () => {
    doors = await startDoors();
  });
  afterAll(() => doors.stop());

  it('answers a page saying so, with 500, not the API envelope', async () => {
    const client = new WebClient(doors.base);
    const csrf = await client.csrf('/signin');
    // The table the code is checked against goes away under the running server.
    await sql`alter table signin_challenges rename to signin_challenges_gone`.execute(doors.instance.db);
    const res = await client.post('/signin/code', { csrf, challenge: '00000000-0000-4000-8000-000000000000', code: 'ABCD-2345' });
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('Something went wrong on our side; the fault was logged.');
    expect(html).toContain('<title>Cannot show this page · Greenroom</title>');
  });
});
