import type { Db } from '../../db/index.js';
import type { Clock, IdSource } from '../context.js';

export interface AuditEntry {
  userId: string;
  actor: string;
  action: string;
  targetType: string;
  targetId: string;
  meta?: Record<string, unknown>;
}

export async function writeAudit(db: Db, deps: { clock: Clock; ids: IdSource }, e: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: deps.ids.uuid(),
      user_id: e.userId,
      actor: e.actor,
      action: e.action,
      target_type: e.targetType,
      target_id: e.targetId,
      meta: JSON.stringify(e.meta ?? {}),
      created_at: deps.clock.now().toISOString(),
    })
    .execute();
}
