import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiKey, resolveApiKey, revokeApiKey } from '../../src/core/keys.js';
import { makeInstance, makeUser, type TestEnv } from '../support/instance.js';
import { onPostgres } from '../support/pg.js';

describe('a key revoked inside a transaction', () => {
  let t: TestEnv;
  let key: string;
  let keyId: string;
  const resolve = () => resolveApiKey(t.instance, key);

  beforeEach(async () => {
    t = await makeInstance();
    const user = await makeUser(t.instance);
    ({
      key,
      info: { key_id: keyId },
    } = await createApiKey(t.instance.db, t.instance, { userId: user.userId, name: 'revoked in a transaction', scopes: ['read'] }));
    // Resolved once, so the key sits in the cache the revocation must clear.
    expect(await resolve()).not.toBeNull();
  });
  afterEach(() => t.close());

  it('stops resolving once the transaction commits, though a lookup in between read it still valid', async () => {
    let between: Promise<unknown> = Promise.resolve();
    await t.instance.db.transaction().execute(async (trx) => {
      await revokeApiKey(trx, t.instance.clock, keyId);
      // Another connection reads what is committed: the key, still valid. (SQLite has one
      // writer connection, so there the lookup waits for the commit instead.)
      between = resolve();
      if (onPostgres) expect(await between).not.toBeNull();
    });
    await between;
    expect(await resolve()).toBeNull();
  });

  it('keeps working when the transaction rolls back', async () => {
    await expect(
      t.instance.db.transaction().execute(async (trx) => {
        await revokeApiKey(trx, t.instance.clock, keyId);
        throw new Error('the change fails after the revocation');
      }),
    ).rejects.toThrow('the change fails');
    expect(await resolve()).not.toBeNull();
    const row = await t.instance.db.selectFrom('api_keys').select('revoked_at').where('id', '=', keyId).executeTakeFirstOrThrow();
    expect(row.revoked_at).toBeNull();
  });
});
