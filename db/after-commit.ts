import { CompiledQuery, type DatabaseConnection, type Dialect, type Driver, type Kysely, type TransactionSettings } from 'kysely';
import type { SignalArgs, SignalName, Signals } from './signals.js';

/**
 * Signals that leave the writing transaction (a live stream's wake-up, the webhook
 * worker's nudge) must fire once what they announce is committed: a reader on another
 * connection (PostgreSQL's pool, SQLite's read-only connection) woken earlier finds
 * nothing and waits a poll. Callbacks are kept per connection while its transaction is
 * open, run after COMMIT, and dropped on ROLLBACK. Every transaction counts, whoever
 * began it, because the hooks sit in the driver that begins and ends them all.
 */
const pending = new WeakMap<DatabaseConnection, Array<() => void>>();

/**
 * PostgreSQL notifications a transaction sends (NOTIFY is delivered at commit whenever it
 * is called): kept per connection and sent with the COMMIT, in one round trip.
 */
const notices = new WeakMap<DatabaseConnection, Array<[channel: string, payload: string]>>();

/** The signals of the database each connection belongs to. */
const owners = new WeakMap<DatabaseConnection, Signals>();

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

/**
 * Tells this process's listeners (the database's Signals, on Services) once the
 * transaction `db` belongs to commits; at once outside a transaction.
 */
export async function signalAfterCommit<N extends SignalName>(
  db: Pick<Kysely<object>, 'isTransaction' | 'getExecutor'>,
  name: N,
  ...args: SignalArgs[N]
): Promise<void> {
  let signals: Signals | undefined;
  await db.getExecutor().provideConnection(async (connection) => {
    signals = owners.get(connection);
  });
  if (!signals) throw new Error('signalAfterCommit: this database was not opened by openDb');
  const to = signals;
  await afterCommit(db, () => to.emit(name, ...args));
}

/**
 * PostgreSQL: sends `pg_notify(channel, payload)` with the COMMIT of the transaction `db`
 * belongs to; false outside a transaction, where the caller sends it itself.
 */
export async function notifyOnCommit(db: Pick<Kysely<object>, 'isTransaction' | 'getExecutor'>, channel: string, payload: string): Promise<boolean> {
  if (!db.isTransaction) return false;
  await db.getExecutor().provideConnection(async (connection) => {
    const list = notices.get(connection);
    if (!list) throw new Error('notifyOnCommit: this transaction was not begun through a database opened by openDb');
    list.push([channel, payload]);
  });
  return true;
}

/** A string as an SQL literal (E'' quoting, so backslashes mean the same whatever standard_conforming_strings says). */
const literal = (s: string) => `E'${s.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** The dialect with commit hooks in its driver; openDb wraps every dialect in it. */
export function withCommitHooks(dialect: Dialect, onError: HookErrorHandler, signals: Signals): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => new HookedDriver(dialect.createDriver(), onError, signals),
  };
}

class HookedDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly onError: HookErrorHandler,
    private readonly signals: Signals,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    owners.set(connection, this.signals);
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await this.inner.beginTransaction(connection, settings);
    pending.set(connection, []);
    notices.set(connection, []);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    // A failed COMMIT leaves the hooks in place for the ROLLBACK that follows to drop.
    const sends = notices.get(connection) ?? [];
    if (sends.length === 0) await this.inner.commitTransaction(connection);
    // Parameterless, so sent as one simple query: the notifications, then the COMMIT
    // (which a failing notification skips: the transaction is rolled back instead).
    else await connection.executeQuery(CompiledQuery.raw(`${sends.map(([c, p]) => `select pg_notify(${literal(c)}, ${literal(p)});`).join(' ')} commit`));
    notices.delete(connection);
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
    notices.delete(connection);
    await this.inner.rollbackTransaction(connection);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
