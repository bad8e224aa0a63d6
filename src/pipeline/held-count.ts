import { contactedProfiles, heldWaitingAmong, windowStart } from '../core/recontact.js';
import type { Work } from './work.js';

/**
 * run.progress counts the people the recontact window holds back as `held`, apart from
 * `waiting`, as get_run_status and run.paused do. Counting them means reading the account's
 * pushes, so it is not done for every event: the profiles other campaigns pushed are read
 * once per run and chunk (a wave), and matched again only when the number waiting changed
 * (prequalify adds people, a chunk takes them). Held people are never taken into a chunk,
 * so within a wave their count moves only with the number waiting.
 */
interface Entry {
  wave: number;
  contacted: ReadonlySet<string>;
  waiting: number;
  held: number;
}

const cache = new Map<string, Entry>();
/** Runs a process steps at once are few; the oldest entry goes past this many. */
const MAX_RUNS = 64;

/** Of `waiting` speakers waiting for a chunk (heldCounts' sense), how many the window holds. */
export async function heldWaiting(w: Pick<Work, 'services' | 'run' | 'campaign'>, waiting: number): Promise<number> {
  const since = windowStart(w.services.clock.now(), w.services.config.recontactDays);
  if (!since || waiting === 0) return 0;
  const known = cache.get(w.run.id);
  if (known && known.wave === w.run.wave && known.waiting === waiting) return known.held;
  const contacted = known && known.wave === w.run.wave ? known.contacted : await contactedProfiles(w.services.db, w.run.user_id, w.campaign.id, since);
  const held = Math.min(waiting, await heldWaitingAmong(w.services.db, w.campaign.id, contacted));
  cache.delete(w.run.id);
  cache.set(w.run.id, { wave: w.run.wave, contacted, waiting, held });
  if (cache.size > MAX_RUNS) cache.delete(cache.keys().next().value as string);
  return held;
}
