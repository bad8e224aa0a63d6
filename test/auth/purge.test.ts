import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser } from '../../src/core/users.js';
import { purgeExpiredAuth } from '../../src/auth/purge.js';
import { http } from '../support/clients.js';
import { startDoors, type Doors } from './support.js';
import { signedIn } from './oauth-support.js';

let d: Doors;
beforeAll(async () => {
  d = await startDoors();
});
afterAll(() => d.stop());

const count = async (table: 'signin_challenges' | 'sessions' | 'agent_signups' | 'mail_outbox') =>
  Number(
    (
      await d.instance.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

it('removes lapsed challenges, sessions, mail and unconfirmed sign-ups, and keeps what is live', async () => {
  await createUser(d.instance.db, d.instance, { email: 'p@example.com', name: 'P', role: 'member', grant: 0 });
  const person = await signedIn(d, 'p@example.com');
  expect((await http(d.base, 'POST', '/agent-signup', { body: { email: 'q@example.com', agent_name: 'Bot' } })).status).toBe(200);
  await purgeExpiredAuth(d.instance.db, d.clock.now());
  expect([await count('signin_challenges'), await count('sessions'), await count('agent_signups')]).toEqual([1, 1, 1]);
  expect((await person.get('/settings')).status).toBe(200);

  d.clock.advance(9 * 86_400_000);
  for (let i = 0; i < 100 && (await count('mail_outbox')) < 2; i++) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 100));
  await purgeExpiredAuth(d.instance.db, d.clock.now());
  expect([await count('signin_challenges'), await count('sessions'), await count('agent_signups'), await count('mail_outbox')]).toEqual([0, 0, 0, 0]);
  expect((await person.get('/settings')).status).toBe(303);
});
