/**
 * The campaign's line, phrase and frame counts for each step of a run, counted once per
 * sequence rather than once per step. Every step still reads the campaign's messages, so
 * each step is judged against what is stored then (earlier chunks, other runs, edits); a
 * sequence already counted by an earlier step of the run, unchanged since, is not cut up
 * again: only new sequences are counted and added. Any sequence changed or gone since the
 * last step, and the whole campaign is counted afresh. The counts are sums over sequences,
 * so both ways give the same figures.
 *
 * The same read gives each company's texts as its people got them (colleagues.ts): one
 * read of the campaign per step, not one per company; each sequence's shapes are kept
 * with its fingerprint and made again only when it changed.
 */
import type { Services } from '../../context.js';
import type { Db } from '../../../db/index.js';
import { isPostgres } from '../../../db/dialect.js';
import { countCampaignLines, type SlotText } from '../../qa/campaign-lines.js';
import type { CampaignLines } from '../../qa/types.js';
import type { Work } from '../work.js';
import { shape } from './colleague-shape.js';

/** A stored sequence as a step last read it. */
interface Sequence {
  /** Its messages' hashes (slot and text), combined. */
  hash: number;
  name: string;
  company: string | null;
  /** Each message's hash, and beside it (when its speaker has a company) its text's shape (colleague-shape.ts). */
  hashes: number[];
  shapes: number[];
}

interface Counted {
  sequences: Map<string, Sequence>;
  lines: CampaignLines;
}

/** What one step reads of the campaign's stored messages. */
interface StepRead {
  lines: CampaignLines;
  /** By company: the shapes of the texts its people got. A step adds what it drafts. */
  companies: Map<string, Set<number>>;
}

/** By run: the counts of its last step. A process works a few runs at a time. */
const byRun = new Map<string, Counted>();
const RUNS_KEPT = 4;
const byStep = new WeakMap<object, Promise<StepRead>>();

type StepOf = Pick<Work, 'services' | 'run' | 'campaign'>;

function readForStep(w: StepOf): Promise<StepRead> {
  let read = byStep.get(w);
  if (!read) {
    read = countForStep(w.services, w.run.id, w.campaign.id);
    byStep.set(w, read);
  }
  return read;
}

/** The counts one step of a run drafts against, read once however many speakers the step drafts. */
export async function campaignLinesForStep(w: StepOf): Promise<CampaignLines> {
  return (await readForStep(w)).lines;
}

/** The shapes of the texts each company's people got, as stored when the step began; the step adds its own drafts. */
export async function companyShapesForStep(w: StepOf): Promise<Map<string, Set<number>>> {
  return (await readForStep(w)).companies;
}

/**
 * Each message is hashed as it is read; only the texts of sequences the run has not
 * counted are kept, so a step's read of the whole campaign leaves nothing behind but
 * numbers. A sequence changed or gone since the last step has everything read and
 * counted again.
 */
async function countForStep(services: Pick<Services, 'db'>, runId: string, campaignId: string): Promise<StepRead> {
  const before = byRun.get(runId);
  byRun.delete(runId);
  const read = new Map<string, Sequence & { was: Sequence | undefined; texts: SlotText[] | null }>();
  for await (const r of messageRows(services.db, campaignId)) {
    let seq = read.get(r.speaker_id);
    if (!seq) {
      const was = before?.sequences.get(r.speaker_id);
      const same = was && was.name === r.name && was.company === r.company_fold ? was : undefined;
      read.set(r.speaker_id, (seq = { hash: 0, name: r.name, company: r.company_fold, hashes: [], shapes: [], was: same, texts: was ? null : [] }));
    }
    const h = hash53(`${r.slot}\u0000`, r.content);
    seq.hashes.push(h);
    if (seq.company) {
      const at = seq.was ? seq.was.hashes.indexOf(h) : -1;
      seq.shapes.push(at >= 0 ? ((seq.was as Sequence).shapes[at] as number) : shape(r.content, seq.name));
    }
    seq.texts?.push({ slot: r.slot, content: r.content });
  }
  const sequences = new Map<string, Sequence>();
  const companies = new Map<string, Set<number>>();
  const added = new Map<string, SlotText[]>();
  let unchanged = before !== undefined;
  for (const [id, { name, company, hashes, shapes, texts }] of read) {
    const hash = hash53([...hashes].sort((a, b) => a - b).join(','));
    if (before?.sequences.has(id) && before.sequences.get(id)?.hash !== hash) unchanged = false;
    sequences.set(id, { hash, name, company, hashes, shapes });
    if (texts) added.set(id, texts);
    if (!company) continue;
    let set = companies.get(company);
    if (!set) companies.set(company, (set = new Set()));
    for (const h of shapes) set.add(h);
  }
  if (before) for (const id of before.sequences.keys()) if (!read.has(id)) unchanged = false;
  const lines = !before
    ? countCampaignLines(added)
    : !unchanged
      ? countCampaignLines(await allTexts(services.db, campaignId))
      : added.size
        ? plus(before.lines, countCampaignLines(added))
        : before.lines;
  if (byRun.size >= RUNS_KEPT) byRun.delete(byRun.keys().next().value as string);
  byRun.set(runId, { sequences, lines });
  return { lines, companies };
}

const messagesOf = (db: Db, campaignId: string) =>
  db
    .selectFrom('messages')
    .innerJoin('speakers', 'speakers.id', 'messages.speaker_id')
    .select(['messages.speaker_id', 'messages.slot', 'messages.content', 'speakers.name', 'speakers.company_fold'])
    .where('messages.campaign_id', '=', campaignId);

/** The campaign's messages; on SQLite one row at a time, so the texts read and dropped die young. */
async function* messageRows(db: Db, campaignId: string) {
  // PostgreSQL's pool is opened without a cursor, which streaming would need.
  if (isPostgres(db)) yield* await messagesOf(db, campaignId).execute();
  else yield* messagesOf(db, campaignId).stream();
}

/** Every sequence's texts, by speaker, in the order they are stored. */
async function allTexts(db: Db, campaignId: string): Promise<Map<string, SlotText[]>> {
  const bySpeaker = new Map<string, SlotText[]>();
  for await (const r of messageRows(db, campaignId)) {
    const list = bySpeaker.get(r.speaker_id);
    if (list) list.push({ slot: r.slot, content: r.content });
    else bySpeaker.set(r.speaker_id, [{ slot: r.slot, content: r.content }]);
  }
  return bySpeaker;
}

/**
 * cyrb53: two 32-bit multiplicative hashes mixed into 53 bits, of the texts one after the
 * other (as of their concatenation, which is not made: a message's text is read as stored).
 */
function hash53(...texts: string[]): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (const text of texts) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 2654435761);
      h2 = Math.imul(h2 ^ c, 1597334677);
    }
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
