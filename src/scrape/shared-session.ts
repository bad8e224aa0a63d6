/**
 * A session several people of the page share: a talk title given to three speakers or more
 * is a panel, a round table or a group session ("Underrepresented in STEM" over four people's
 * cards), not one person's talk. Its kind says so, so a draft speaks of "the session" the
 * person is part of, never of "your talk". Two people may give one talk together; three are
 * a group. A kind the page gave (a "Panels" heading, a "Workshop" label) is kept.
 */
import { foldText } from './normalize.js';
import type { ScrapedSpeaker } from './types.js';

/** This many speakers of a page holding one title make it a group's session. */
export const GROUP_SESSION = 3;

export function withSharedSessions(speakers: ScrapedSpeaker[]): ScrapedSpeaker[] {
  const holders = new Map<string, number>();
  for (const s of speakers) {
    for (const key of new Set(s.talks.map((t) => foldText(t.title)))) holders.set(key, (holders.get(key) ?? 0) + 1);
  }
  if (![...holders.values()].some((n) => n >= GROUP_SESSION)) return speakers;
  const shared = (t: ScrapedSpeaker['talks'][number]): boolean => !t.kind && (holders.get(foldText(t.title)) ?? 0) >= GROUP_SESSION;
  return speakers.map((s) => (s.talks.some(shared) ? { ...s, talks: s.talks.map((t) => (shared(t) ? { ...t, kind: 'session' } : t)) } : s));
}
