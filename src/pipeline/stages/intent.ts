import type { SpeakerRow } from '../../../db/types.js';
import { intentSignals, MAX_ACTIONS } from '../../engine/intent.js';
import type { Signal } from '../../engine/types.js';
import type { Work } from '../work.js';

/** The lead's newest LinkedIn actions as research signals. */
export async function leadActions(w: Work, s: SpeakerRow): Promise<Signal[]> {
  const rows = await w.services.db
    .selectFrom('intent_signals')
    .select(['signal_type', 'url', 'text', 'observed_at'])
    .where('lead_id', '=', s.id)
    .orderBy('observed_at', 'desc')
    .orderBy('seq', 'desc')
    .limit(MAX_ACTIONS)
    .execute();
  return intentSignals(
    rows.map((r) => ({ type: r.signal_type, url: r.url, text: r.text, observedAt: r.observed_at })),
    { company: s.company },
    w.brief,
  );
}
