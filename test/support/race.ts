import type { Db } from '../../db/index.js';

/**
 * Fires calls while a slow writer holds the database connection, as a long transaction
 * of another caller or a step that waits mid-way would. Every call that arrives meanwhile
 * queues for the connection in arrival order, so each one's first read runs before any
 * of them writes: the interleaving a race needs, made certain instead of lucky. The hold
 * is generous so that every call has arrived on a loaded machine; a call that arrives
 * later only makes the race milder, never a guarded write wrong.
 */
export async function whileDatabaseBusy<T>(db: Db, fire: () => Promise<T>, holdMs = 1000): Promise<T> {
  let fired: Promise<T> | undefined;
  await db.transaction().execute(async () => {
    fired = fire();
    await new Promise((resolve) => setTimeout(resolve, holdMs));
  });
  return fired as Promise<T>;
}
