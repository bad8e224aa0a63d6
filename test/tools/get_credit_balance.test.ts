import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld, type World } from '../support/world.js';
import { recordLedger } from '../../src/core/credits.js';

describe('get_credit_balance', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
  });
  afterAll(() => w.close());

  it('starts with the configured grant recorded as a ledger entry', async () => {
    const r = await w.tool('get_credit_balance');
    expect(r.data.balance).toBe(500);
    expect(r.data.entries).toEqual([expect.objectContaining({ delta: 500, balance_after: 500, kind: 'grant', reference: 'grant:signup' })]);
  });

  it('returns the last 20 entries newest first, with a running balance', async () => {
    for (let i = 0; i < 25; i++) {
      await recordLedger(w.instance.db, w.instance, { userId: w.user.userId, delta: -1, kind: 'charge', reference: `test:${i}`, description: `charge ${i}` });
    }
    const r = await w.get('/credits');
    expect(r.status).toBe(200);
    expect(r.body.data.balance).toBe(475);
    expect(r.body.data.entries).toHaveLength(20);
    expect(r.body.data.entries[0]).toMatchObject({ reference: 'test:24', balance_after: 475 });
    expect(r.body.data.entries[19]).toMatchObject({ reference: 'test:5', balance_after: 494 });
  });

  it('records a reference once and refuses a charge beyond the balance', async () => {
    const deps = w.instance;
    const again = await recordLedger(deps.db, deps, { userId: w.user.userId, delta: -1, kind: 'charge', reference: 'test:0', description: 'retry' });
    expect(again).toBe('duplicate');
    await expect(
      recordLedger(deps.db, deps, { userId: w.user.userId, delta: -10_000, kind: 'charge', reference: 'big', description: 'too much' }),
    ).rejects.toThrow(/short by 9525/);
    expect((await w.tool('get_credit_balance')).data.balance).toBe(475);
  });

  it('needs a credential', async () => {
    const r = await w.get('/credits', { key: undefined });
    expect(r.status).toBe(401);
  });
});
