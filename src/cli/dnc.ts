import fs from 'node:fs';
import type { Config } from '../config.js';
import type { Ctx } from '../context.js';
import type { Instance } from '../instance.js';
import { addEntries, DNC_TYPES, importCsv, listEntries, removeEntry, type AddReport, type DncView } from '../core/do-not-contact.js';
import type { DoNotContactType } from '../../db/types.js';
import { CommandFailed, out, UsageError } from './output.js';
import { usageOf, type ParsedArgs } from './args.js';
import { userFor, withInstance } from './admin.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user's own view of the list, as the tools act for them. */
async function asUser(i: Instance, email: string | undefined): Promise<{ ctx: Ctx; email: string }> {
  const user = await userFor(i, email);
  const ctx: Ctx = { ...i, principal: { userId: user.user_id, scopes: ['read', 'write'], tokenId: 'cli', tokenKind: 'api_key', tokenName: 'greenroom dnc' } };
  return { ctx, email: user.email };
}

function typeOf(raw: string | undefined): DoNotContactType | undefined {
  if (raw === undefined) return undefined;
  if (!(DNC_TYPES as readonly string[]).includes(raw)) throw new UsageError(`--type must be one of ${DNC_TYPES.join(', ')} (got "${raw}")`, usageOf('dnc'));
  return raw as DoNotContactType;
}

const line = (e: DncView) => [e.type.padEnd(9), e.value, e.reason ? `  (${e.reason})` : '', `  [${e.source}, ${e.created_at}]`].join('');

function added(r: AddReport, email: string): string {
  const verb = r.dry_run ? 'would add' : 'added';
  const matched = r.speakers_matched ? `; ${r.speakers_matched} speaker(s) of ${email} now held back (never drafted, never pushed)` : '';
  return `${verb} ${r.added}, already listed ${r.already_listed}${matched}`;
}

/** `greenroom dnc`: the do-not-contact list of a user (the owner by default), through the same functions as the tools. */
export async function dncCommand(config: Config, { sub, values, positionals }: ParsedArgs): Promise<void> {
  const text = (k: string) => values[k] as string | undefined;
  const type = typeOf(text('type'));
  // Read the file before opening the database: a wrong path changes nothing.
  let csv = '';
  if (sub === 'import') {
    try {
      csv = fs.readFileSync(positionals[0] as string, 'utf8');
    } catch (e) {
      throw new CommandFailed(`cannot read ${positionals[0]}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
    }
  }
  await withInstance(config, async (i) => {
    const { ctx, email } = await asUser(i, text('user'));
    if (sub === 'list') {
      const entries: DncView[] = [];
      let cursor: string | undefined;
      do {
        const page = await listEntries(ctx, { type, limit: 500, cursor });
        entries.push(...page.items);
        cursor = page.has_more ? (page.next_cursor ?? undefined) : undefined;
      } while (cursor);
      if (values.json) return out(JSON.stringify(entries, null, 2));
      if (entries.length === 0) return out(`${email}: the do-not-contact list is empty${type ? ` (type ${type})` : ''}`);
      for (const e of entries) out(line(e));
      return out(`${entries.length} entr${entries.length === 1 ? 'y' : 'ies'}`);
    }
    if (sub === 'add') {
      const r = await addEntries(ctx, [{ value: positionals[0] as string, type, reason: text('reason') }], 'manual', values['dry-run'] === true);
      if (values.json) return out(JSON.stringify(r, null, 2));
      for (const e of r.entries) out(line(e));
      return out(added(r, email));
    }
    if (sub === 'remove') {
      const target = positionals[0] as string;
      const r = await removeEntry(ctx, UUID.test(target) && !type ? { entry_id: target } : { value: target, type });
      if (values.json) return out(JSON.stringify(r, null, 2));
      out(`removed ${line(r.removed)}`);
      return out(`${r.speakers_released} speaker(s) released: the next run takes them on`);
    }
    const r = await importCsv(ctx, csv, values['dry-run'] === true);
    if (values.json) return out(JSON.stringify(r, null, 2));
    out(`${r.rows} row(s) read; ${added(r, email)}`);
    for (const x of r.refused) out(`refused row ${x.row} (line ${x.line}): ${x.error}`);
  });
}
