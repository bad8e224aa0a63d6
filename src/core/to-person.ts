import type { MessageRow } from '../../db/types.js';
import { FLAG, qaCode } from '../qa/codes.js';
import type { QaResult } from '../qa/types.js';
import { qaFlagsColumn } from './message-columns.js';

/** The slot waits for a person, saying why; its hard fails stand. */
export function toPerson(r: QaResult, reason: string): QaResult {
  const flag = qaCode(FLAG.autoRewriteFailed)!;
  return {
    ...r,
    flags: [...r.flags, flag.code],
    reasons: [...r.reasons, reason],
    fixHints: [...r.fixHints, { code: flag.code, action: flag.action, fix: flag.fix, hint: flag.hint }],
    needsHuman: true,
    approvable: false,
  };
}

/**
 * A fresh verdict on a message the run already rewrote once in vain keeps it with a person
 * while its text is still the run's and still fails: scoring it again does not make a
 * second automatic rewrite any likelier to succeed.
 */
export function keepWithPerson(m: MessageRow, fresh: QaResult): QaResult {
  const routed = qaFlagsColumn.read(m.qa_flags).includes(FLAG.autoRewriteFailed);
  if (!routed || m.hand_edited || m.content_updated_at !== m.drafted_at || fresh.hardFails.length === 0) return fresh;
  return toPerson(
    fresh,
    `The run's automatic rewrite could not clear this message's hard fails (${fresh.hardFails.join(', ')}). A person should edit or rewrite it.`,
  );
}
