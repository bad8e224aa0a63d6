import { dbLabel, dbTarget, type Config } from '../config.js';
import { openInstance, type Instance } from '../instance.js';
import { createApiKey, listApiKeys, parseScopes, revokeApiKey } from '../core/keys.js';
import { createUser, findOwner, findUserByEmail, listUsers, setUserDisabled } from '../core/users.js';
import { getBalance, recordLedger } from '../core/credits.js';
import { migrate, openDb } from '../../db/index.js';
import { ToolError } from '../errors.js';
import { err, out, UsageError } from './output.js';
import { usageOf, type ParsedArgs } from './args.js';
import { announceDb } from './database.js';

export async function withInstance<T>(config: Config, fn: (i: Instance) => Promise<T>): Promise<T> {
  const instance = await openInstance(config);
  announceDb(config);
  try {
    return await fn(instance);
  } catch (e) {
    if (e instanceof ToolError) throw new UsageError(e.message);
    throw e;
  } finally {
    await instance.close();
  }
}

export async function userFor(i: Instance, email: string | undefined): Promise<{ user_id: string; email: string; disabled_at: string | null }> {
  const user = email ? await findUserByEmail(i.db, email) : await findOwner(i.db);
  if (!user) throw new UsageError(email ? `no user with e-mail ${email}` : 'no owner yet: run `greenroom serve` once or `greenroom users create --role owner`');
  return user;
}

/** Widths of the `keys list` columns before the last (ids, prefixes, scopes, owner, timestamps, status). */
const KEY_COLUMNS = [36, 12, 15, 28, 24, 32];
/** The shape of an e-mail address, as the sign-up doors check it. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function keysCommand(config: Config, { sub, values, positionals }: ParsedArgs): Promise<void> {
  const text = (k: string) => values[k] as string | undefined;
  await withInstance(config, async (i) => {
    if (sub === 'create') {
      const scopes = text('scopes');
      if (!scopes) throw new UsageError('keys create needs --scopes, e.g. --scopes read,write', usageOf('keys'));
      const user = await userFor(i, text('user'));
      if (user.disabled_at) throw new UsageError(`${user.email} is disabled: \`greenroom users enable --email ${user.email}\` first`);
      const { key, info } = await createApiKey(i.db, i, { userId: user.user_id, name: text('name') ?? 'cli', scopes: parseScopes(scopes) });
      process.stderr.write(`Key ${info.key_id} for ${user.email} with ${info.scopes.join(', ')}; it is shown this once:\n`);
      out(key);
    } else if (sub === 'list') {
      const user = text('user') ? await userFor(i, text('user')) : null;
      const keys = await listApiKeys(i.db, user?.user_id);
      const owners = new Map((await listUsers(i.db)).map((u) => [u.user_id, u.email]));
      const row = (cols: string[]) =>
        out(
          cols
            .map((c, n) => (n < cols.length - 1 ? c.padEnd(KEY_COLUMNS[n] as number) : c))
            .join('  ')
            .trimEnd(),
        );
      // The prefix is printed as `keys revoke` takes it, so it can be pasted.
      row(['ID', 'PREFIX', 'SCOPES', 'USER', 'LAST USED', 'STATUS', 'NAME']);
      for (const k of keys) {
        row([
          k.key_id,
          k.prefix,
          k.scopes.join(','),
          owners.get(k.user_id) ?? k.user_id,
          k.last_used_at ?? 'never',
          k.revoked_at ? `revoked ${k.revoked_at}` : 'active',
          k.name,
        ]);
      }
      if (keys.length === 0) err('no API keys yet: greenroom keys create --scopes read,write');
    } else {
      // A prefix copied from older output may end in an ellipsis.
      const info = await revokeApiKey(i.db, i.clock, (positionals[0] as string).trim().replace(/(?:…|\.\.\.)$/, ''));
      out(`revoked ${info.key_id} (${info.prefix})`);
    }
  });
}

export async function usersCommand(config: Config, { sub, values }: ParsedArgs): Promise<void> {
  const text = (k: string) => values[k] as string | undefined;
  await withInstance(config, async (i) => {
    if (sub === 'create') {
      const email = text('email')?.trim();
      if (!email) throw new UsageError('users create needs --email', usageOf('users'));
      if (!EMAIL.test(email) || email.length > 254) throw new UsageError(`--email must be an e-mail address (got "${email}")`, usageOf('users'));
      const role = text('role') ?? 'member';
      if (role !== 'owner' && role !== 'member') throw new UsageError('--role must be owner or member', usageOf('users'));
      const user = await createUser(i.db, i, { email, name: text('name') ?? email.split('@')[0], role, grant: config.signupCredits });
      out(`created ${user.role} ${user.email} (${user.user_id}) with ${config.signupCredits} credits`);
    } else if (sub === 'disable' || sub === 'enable') {
      const email = text('email')?.trim();
      if (!email) throw new UsageError(`users ${sub} needs --email`, usageOf('users'));
      const user = await userFor(i, email);
      const owners = (await listUsers(i.db)).filter((u) => u.role === 'owner' && !u.disabled_at);
      if (sub === 'disable' && owners.length === 1 && owners[0]?.user_id === user.user_id)
        throw new UsageError(`${user.email} is the only active owner; make another owner first`);
      const { changed } = await setUserDisabled(i.db, i.clock, user.user_id, sub === 'disable');
      if (sub === 'disable')
        out(
          changed
            ? `disabled ${user.email}: their keys stop working within seconds, their sessions and OAuth connections are ended, and sign-in mail is no longer sent`
            : `${user.email} was already disabled`,
        );
      else out(changed ? `enabled ${user.email}: their keys work again; web and OAuth sign in anew` : `${user.email} was not disabled`);
    } else {
      for (const u of await listUsers(i.db))
        out(`${u.user_id}  ${u.role.padEnd(6)} ${u.email}  ${u.name}${u.disabled_at ? `  (disabled ${u.disabled_at})` : ''}`);
    }
  });
}

export async function creditsCommand(config: Config, { sub, values }: ParsedArgs): Promise<void> {
  const text = (k: string) => values[k] as string | undefined;
  await withInstance(config, async (i) => {
    const user = await userFor(i, text('user'));
    if (sub === 'grant') {
      const amount = Number(text('amount'));
      if (!Number.isInteger(amount) || amount === 0) throw new UsageError('credits grant needs --amount N (a non-zero integer)', usageOf('credits'));
      await recordLedger(i.db, i, {
        userId: user.user_id,
        delta: amount,
        kind: amount > 0 ? 'grant' : 'adjustment',
        reference: `cli:${i.ids.uuid()}`,
        description: text('note') ?? 'Granted from the command line',
      });
    }
    out(`${user.email}: ${await getBalance(i.db, user.user_id)} credits`);
  });
}

export async function migrateCommand(config: Config): Promise<void> {
  const opened = openDb(dbTarget(config));
  announceDb(config);
  try {
    const applied = await migrate(opened.db);
    out(applied.length ? `applied: ${applied.join(', ')}` : `database ${dbLabel(config)} is up to date`);
  } finally {
    await opened.close();
  }
}
