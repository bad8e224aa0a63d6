import type { DatabaseConnection, Dialect, Driver, Kysely, TransactionSettings } from 'kysely';

/**
 * Signals that leave the writing transaction (a live stream's wake-up, the webhook
 * worker's nudge) must fire once what they announce is committed: a reader on another
 * connection (PostgreSQL's pool, SQLite's read-only connection) woken earlier finds
 * nothing and waits a poll. Callbacks are kept per connection while its transaction is
 * open, run after COMMIT, and dropped on ROLLBACK. Every transaction counts, whoever
 * began it, because the hooks sit in the driver that begins and ends them all.
 */
const pending = new WeakMap<DatabaseConnection, Array<() => void>>();

/** Where a callback that throws is reported; the commit itself has happened and stands. */
export type HookErrorHandler = (err: unknown) => void;

/**
 * Runs `fn` once the transaction `db` belongs to commits, never if it rolls back. Outside a
 * transaction each statement commits as it runs, so `fn` runs at once.
 */
export async function afterCommit(db: Pick<Kysely<object>, 'isTransaction' | 'getExecutor'>, fn: () => void): Promise<void> {
  if (!db.isTransaction) return void fn();
  await db.getExecutor().provideConnection(async (connection) => {
    const hooks = pending.get(connection);
    if (!hooks) throw new Error('afterCommit: this transaction was not begun through a database opened by openDb');
    hooks.push(fn);
  });
}

/** The dialect with commit hooks in its driver; openDb wraps every dialect in it. */
export function withCommitHooks(dialect: Dialect, onError: HookErrorHandler): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => new HookedDriver(dialect.createDriver(), onError),
  };
}

class HookedDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly onError: HookErrorHandler,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  acquireConnection(): Promise<DatabaseConnection> {
    return this.inner.acquireConnection();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await this.inner.beginTransaction(connection, settings);
    pending.set(connection, []);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    // A failed COMMIT leaves the hooks in place for the ROLLBACK that follows to drop.
    await this.inner.commitTransaction(connection);
    const hooks = pending.get(connection) ?? [];
    pending.delete(connection);
    for (const fn of hooks) {
      try {
        fn();
      } catch (err) {
        this.onError(err);
      }
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    pending.delete(connection);
    await this.inner.rollbackTransaction(connection);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
