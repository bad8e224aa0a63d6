import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/index.js';
import { isPostgres } from '../../db/dialect.js';
import type { NewModelSpend, SpeakerRow } from '../../db/types.js';
import { insertSpend } from '../core/spend.js';
import { insertMany } from '../../db/insert-many.js';
import type { NewMessage } from './stages/effects.js';

export interface SpeakerUpdate {
  id: string;
  set: Partial<SpeakerRow>;
}

/** What a chunk of speakers writes, besides its charges and events. */
export interface ChunkRows {
  /** Each applied only where the speaker is still at this stage. */
  stage: SpeakerRow['stage'];
  updates: readonly SpeakerUpdate[];
  /** A slot already written is left as it is. */
  messages: readonly NewMessage[];
}

/**
 * A chunk's rows, with `charge` run among them: it records the charges and returns the
 * spend rows (which carry what was charged). On PostgreSQL the charges come first and
 * the rows follow in one statement, each part a WITH clause fed by one JSON parameter
 * read back as rows typed by its table (json_populate_recordset): atomic on its own, so
 * a chunk with nothing to charge needs no transaction (writeAlone). On SQLite the
 * speakers come first: a transaction that reads (the ledger) before it writes cannot
 * write once another process has written meanwhile (SQLITE_BUSY), one that has written
 * holds the lock; the updates go through json_each.
 */
export async function writeChunk(db: Db, rows: ChunkRows, charge: () => Promise<readonly NewModelSpend[]>): Promise<void> {
  if (!isPostgres(db)) {
    await updateSpeakersAt(db, rows.stage, rows.updates);
    await insertMessages(db, rows.messages);
    await insertSpend(db, [...(await charge())]);
    return;
  }
  const spend = await charge();
  const parts = [
    ...byColumns(rows.updates.map((u) => ({ ...u.set, id: u.id })))
      .filter(({ columns }) => columns.length > 1)
      .map(({ columns, json }) => {
        const assignments = sql.join(columns.filter((c) => c !== 'id').map((c) => sql`${sql.id(c)} = v.${sql.id(c)}`));
        return sql`update speakers as s set ${assignments} from json_populate_recordset(null::speakers, ${json}::json) as v where s.id = v.id and s.stage = ${rows.stage}`;
      }),
    ...byColumns(rows.messages).map(({ columns, json }) => sql`${insertRows('messages', columns, json)} on conflict (speaker_id, slot) do nothing`),
    ...byColumns(spend).map(({ columns, json }) => insertRows('model_spend', columns, json)),
  ];
  if (parts.length === 0) return;
  const clauses = sql.join(parts.map((p, i) => sql`${sql.id(`w${i}`)} as (${p})`));
  await sql`with ${clauses} select 1`.execute(db);
}

/**
 * Whether a chunk that writes only `writeChunk`'s rows may skip the transaction (and its
 * BEGIN and COMMIT round trips): on PostgreSQL, where they are one statement.
 */
export const writeAlone = (db: Db): boolean => isPostgres(db);

function insertRows(table: 'messages' | 'model_spend', columns: string[], json: string): RawBuilder<unknown> {
  const list = sql.join(columns.map((c) => sql.id(c)));
  return sql`insert into ${sql.id(table)} (${list}) select ${list} from json_populate_recordset(null::${sql.id(table)}, ${json}::json)`;
}

/** Rows grouped by the columns they set (a column left out keeps its default), each group as JSON. */
function byColumns(rows: readonly object[]): { columns: string[]; json: string }[] {
  const groups = new Map<string, { columns: string[]; rows: object[] }>();
  for (const row of rows) {
    const columns = Object.entries(row)
      .filter(([, v]) => v !== undefined)
      .map(([k]) => k)
      .sort();
    const key = columns.join(',');
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { columns, rows: [] }));
    group.rows.push(row);
  }
  return [...groups.values()].map((g) => ({ columns: g.columns, json: JSON.stringify(g.rows) }));
}

/** SQLite: the updates in one statement per set of columns, the values read from JSON through json_each. */
async function updateSpeakersAt(db: Db, stage: SpeakerRow['stage'], updates: readonly SpeakerUpdate[]): Promise<void> {
  for (const { columns, json } of byColumns(updates.map((u) => ({ ...u.set, id: u.id })))) {
    const set = columns.filter((c) => c !== 'id');
    if (set.length === 0) continue;
    const assignments = sql.join(set.map((c) => sql`${sql.id(c)} = json_extract(v.value, ${`$.${c}`})`));
    await sql`update speakers set ${assignments} from json_each(${json}) as v where speakers.id = json_extract(v.value, '$.id') and speakers.stage = ${stage}`.execute(
      db,
    );
  }
}

/** SQLite: the messages in as few inserts as its limit on bound values allows. */
async function insertMessages(db: Db, messages: readonly NewMessage[]): Promise<void> {
  for (let i = 0; i < messages.length; i += 500) {
    const part = messages.slice(i, i + 500);
    if (await insertMany(db, 'messages', part, 'on conflict ("speaker_id", "slot") do nothing')) continue;
    await db
      .insertInto('messages')
      .values(part)
      .onConflict((oc) => oc.columns(['speaker_id', 'slot']).doNothing())
      .execute();
  }
}
