import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { isPostgres } from '../../db/dialect.js';
import type { SpeakerRow } from '../../db/types.js';
import type { NewMessage } from './stages/effects.js';

export interface SpeakerUpdate {
  id: string;
  set: Partial<SpeakerRow>;
}

/**
 * A chunk's speaker updates in one statement per set of columns (a stage's speakers
 * mostly change the same ones), each applied only where the speaker is still at `stage`.
 * The new values travel as one JSON parameter read back as rows: on PostgreSQL typed by
 * the speakers table (json_populate_recordset), on SQLite through json_each.
 */
export async function updateSpeakersAt(db: Db, stage: SpeakerRow['stage'], updates: readonly SpeakerUpdate[]): Promise<void> {
  const groups = new Map<string, { columns: string[]; rows: Record<string, unknown>[] }>();
  for (const u of updates) {
    const entries = Object.entries(u.set).filter(([k, v]) => v !== undefined && k !== 'id');
    if (entries.length === 0) continue;
    const columns = entries.map(([k]) => k).sort();
    const key = columns.join(',');
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { columns, rows: [] }));
    group.rows.push({ ...Object.fromEntries(entries), id: u.id });
  }
  for (const { columns, rows } of groups.values()) {
    const json = JSON.stringify(rows);
    if (isPostgres(db)) {
      const assignments = sql.join(columns.map((c) => sql`${sql.id(c)} = v.${sql.id(c)}`));
      await sql`update speakers as s set ${assignments} from json_populate_recordset(null::speakers, ${json}::json) as v where s.id = v.id and s.stage = ${stage}`.execute(db);
    } else {
      const assignments = sql.join(columns.map((c) => sql`${sql.id(c)} = json_extract(v.value, ${`$.${c}`})`));
      await sql`update speakers set ${assignments} from json_each(${json}) as v where speakers.id = json_extract(v.value, '$.id') and speakers.stage = ${stage}`.execute(db);
    }
  }
}

/** A chunk's new messages in as few inserts as the parameter limits allow; a slot already written is left as it is. */
export async function insertMessages(db: Db, messages: readonly NewMessage[]): Promise<void> {
  for (let i = 0; i < messages.length; i += 500) {
    await db.insertInto('messages').values(messages.slice(i, i + 500)).onConflict((oc) => oc.columns(['speaker_id', 'slot']).doNothing()).execute();
  }
}
