/**
 * The campaign's line, phrase and frame counts for each step of a run, counted once per
 * sequence rather than once per step. Every step still reads the campaign's messages, so
 * each step is judged against what is stored then (earlier chunks, other runs, edits); a
 * sequence already counted by an earlier step of the run, unchanged since, is not cut up
 * again: only new sequences are counted and added. Any sequence changed or gone since the
 * last step, and the whole campaign is counted afresh. The counts are sums over sequences,
 * so both ways give the same figures.
 */
import type { Services } from '../../context.js';
import { countCampaignLines, type SlotText } from '../../qa/campaign-lines.js';
import type { CampaignLines } from '../../qa/types.js';
import type { Work } from '../work.js';

interface Counted {
  /** Each counted sequence's fingerprint: its slots and texts, hashed. */
  hashes: Map<string, number>;
  lines: CampaignLines;
}

/** By run: the counts of its last step. A process works a few runs at a time. */
const byRun = new Map<string, Counted>();
const RUNS_KEPT = 4;
const byStep = new WeakMap<object, Promise<CampaignLines>>();

/** The counts one step of a run drafts against, read once however many speakers the step drafts. */
export function campaignLinesForStep(w: Pick<Work, 'services' | 'run' | 'campaign'>): Promise<CampaignLines> {
  let lines = byStep.get(w);
  if (!lines) {
    lines = countForStep(w.services, w.run.id, w.campaign.id);
    byStep.set(w, lines);
  }
  return lines;
}

async function countForStep(services: Pick<Services, 'db'>, runId: string, campaignId: string): Promise<CampaignLines> {
  const rows = await services.db.selectFrom('messages').select(['speaker_id', 'slot', 'content']).where('campaign_id', '=', campaignId).execute();
  const bySpeaker = new Map<string, SlotText[]>();
  for (const r of rows) {
    const list = bySpeaker.get(r.speaker_id);
    if (list) list.push({ slot: r.slot, content: r.content });
    else bySpeaker.set(r.speaker_id, [{ slot: r.slot, content: r.content }]);
  }
  const hashes = new Map<string, number>();
  for (const [id, messages] of bySpeaker) hashes.set(id, fingerprint(messages));
  const before = byRun.get(runId);
  byRun.delete(runId);
  const added = before && onlyAdded(before.hashes, hashes) ? new Map([...bySpeaker].filter(([id]) => !before.hashes.has(id))) : null;
  const lines = !before || !added ? countCampaignLines(bySpeaker) : added.size ? plus(before.lines, countCampaignLines(added)) : before.lines;
  if (byRun.size >= RUNS_KEPT) byRun.delete(byRun.keys().next().value as string);
  byRun.set(runId, { hashes, lines });
  return lines;
}

/** Whether every sequence counted before is still there, unchanged. */
function onlyAdded(before: ReadonlyMap<string, number>, now: ReadonlyMap<string, number>): boolean {
  for (const [id, h] of before) if (now.get(id) !== h) return false;
  return true;
}

/** A sequence's slots and texts, in any order, as one 53-bit hash. */
function fingerprint(messages: readonly SlotText[]): number {
  const parts = messages.map((m) => `${m.slot}\u0000${m.content}`).sort();
  return hash53(parts.join('\u0001'));
}

/** cyrb53: two 32-bit multiplicative hashes mixed into 53 bits. */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** Two sets of counts over different sequences, summed (new maps: the step before may still read its own). */
function plus(a: CampaignLines, b: CampaignLines): CampaignLines {
  const sum: CampaignLines = { sequences: a.sequences + b.sequences, counts: add(a.counts, b.counts) };
  if (!a.phrases && !b.phrases) return sum;
  return {
    ...sum,
    phrases: addBySlot(a.phrases, b.phrases),
    frames: addBySlot(a.frames, b.frames),
    slotTotals: add(a.slotTotals ?? new Map(), b.slotTotals ?? new Map()),
  };
}

function add<K>(a: ReadonlyMap<K, number>, b: ReadonlyMap<K, number>): Map<K, number> {
  const out = new Map(a);
  for (const [k, n] of b) out.set(k, (out.get(k) ?? 0) + n);
  return out;
}

function addBySlot(
  a: ReadonlyMap<number, ReadonlyMap<string, number>> | undefined,
  b: ReadonlyMap<number, ReadonlyMap<string, number>> | undefined,
): Map<number, ReadonlyMap<string, number>> {
  const out = new Map<number, ReadonlyMap<string, number>>(a ?? []);
  for (const [slot, counts] of b ?? []) out.set(slot, add(out.get(slot) ?? new Map(), counts));
  return out;
}
