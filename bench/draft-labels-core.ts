/**
 * The pure half of `npm run bench:labels` (bench/draft-labels.ts): the sample's shapes,
 * the fixed draw and split, the page excerpt a labeller reads, the labels file and the
 * scorer that joins labels to drafted texts. Nothing here runs the pipeline, so the
 * tests in test/bench drive it with small invented samples.
 *
 * A label describes one text: it carries the hash of the message it was written for,
 * and a label whose hash is not the current text's is stale. Stale labels are counted
 * and reported, never scored.
 */
import { createHash } from 'node:crypto';
import { load } from 'cheerio';

export const DEFECT_KINDS = ['wrong_fact', 'broken_grammar', 'generic_filler', 'template_repetition', 'pitch_paste', 'tone', 'other'] as const;
export type DefectKind = (typeof DEFECT_KINDS)[number];
export type Verdict = 'SEND' | 'DEFECT';
export type Split = 'dev' | 'holdout';
export const SPLITS: Split[] = ['dev', 'holdout'];
export const SLOTS = [1, 2, 3] as const;

/** The QA gate's stored verdict on one message. */
export interface StoredQa {
  score: number | null;
  hard_fails: string[];
  approvable: boolean;
  /** Soft flags, for the reader; not used in scoring. */
  flags?: string[];
}

export interface SampledMessage {
  slot: number;
  angle?: string | null;
  content: string;
  /** sha256 of the content, first 16 hex digits: what a label is tied to. */
  text_hash: string;
  qa: StoredQa;
  /** Filled in by the labeller in a batch file, then gathered by `bench:labels -- import`. */
  label?: Verdict | null;
  kinds?: DefectKind[];
  note?: string;
}

/** What the page and the dossier say about the speaker, for checking facts against the page. */
export interface Dossier {
  name: string;
  title: string | null;
  company: string | null;
  tagline: string | null;
  bio: string | null;
  talks: Array<{ title: string; abstract?: string }>;
  linkedin_url: string | null;
  event_name: string | null;
  /** Per field, the span of page text the scraper read it from. */
  evidence: Record<string, string>;
  qualified_by_icp: boolean;
}

export interface PageExcerpt {
  /** How the name was found in the page text: the whole name, its words reversed, one word of it, or not at all. */
  match: 'full' | 'reversed' | 'word' | 'none';
  /** Up to three windows of page text around the name, the first about 1,200 characters. */
  windows: string[];
}

export interface SampledSequence {
  /** `<page file> :: <speaker name>`, with ` #2`, ` #3` for a name a page gives twice. */
  key: string;
  split: Split;
  page: string;
  speaker: Dossier;
  page_excerpt: PageExcerpt;
  messages: SampledMessage[];
}

export interface SampleFile {
  kind: 'greenroom-draft-labels-sample';
  created_at: string;
  seed: string;
  campaign: Record<string, unknown>;
  /** Per page: speakers drafted, of them qualified by the ICP, sequences drawn. */
  pages: Array<{ file: string; field?: string; drafted: number; qualified: number; sampled: number; error?: string }>;
  batch?: { index: number; of: number };
  sequences: SampledSequence[];
}

export interface LabelEntry {
  key: string;
  slot: number;
  text_hash: string;
  label: Verdict;
  kinds: DefectKind[];
  note: string;
}

export const textHash = (content: string): string => createHash('sha256').update(content, 'utf8').digest('hex').slice(0, 16);

/** Fixed per key: a third of all keys are held out, whatever else is sampled. */
export function splitOf(key: string): Split {
  const h = Number.parseInt(createHash('sha256').update(`split:${key}`, 'utf8').digest('hex').slice(0, 8), 16);
  return h % 3 === 0 ? 'holdout' : 'dev';
}

export function sequenceKey(page: string, name: string, seen: Map<string, number>): string {
  const base = `${page} :: ${name.trim()}`;
  const n = (seen.get(base) ?? 0) + 1;
  seen.set(base, n);
  return n === 1 ? base : `${base} #${n}`;
}

/** A small seeded generator (mulberry32) from any string. */
export function rng(seed: string): () => number {
  let a = Number.parseInt(createHash('sha256').update(seed, 'utf8').digest('hex').slice(0, 8), 16) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffled<T>(items: T[], seed: string): T[] {
  const out = [...items];
  const r = rng(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * How many sequences each page gives: one per page in turn (pages in a seeded order),
 * skipping a page once it has nothing left, until `target` is reached or every page is spent.
 */
export function allocate(available: Record<string, number>, target: number, seed: string): Record<string, number> {
  const order = shuffled(Object.keys(available).sort(), `${seed}:pages`);
  const out: Record<string, number> = Object.fromEntries(order.map((p) => [p, 0]));
  let left = target;
  while (left > 0) {
    let gave = false;
    for (const p of order) {
      if (left === 0) break;
      if ((out[p] as number) < (available[p] as number)) {
        out[p] = (out[p] as number) + 1;
        left -= 1;
        gave = true;
      }
    }
    if (!gave) break;
  }
  return out;
}

/**
 * Draws `quota[page]` sequences from each page's candidates, in a seeded order that
 * depends on the keys only (not on the order they were read in).
 */
export function draw<T extends { key: string; page: string }>(candidates: T[], quota: Record<string, number>, seed: string): T[] {
  const out: T[] = [];
  for (const page of Object.keys(quota).sort()) {
    const mine = candidates.filter((c) => c.page === page).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    out.push(...shuffled(mine, `${seed}:${page}`).slice(0, quota[page]));
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// The page text a labeller reads, found without the scraper.

const BLOCK = /^(?:p|div|li|ul|ol|dl|dt|dd|h[1-6]|tr|td|th|table|section|article|header|footer|main|nav|aside|br|hr|blockquote|figure|figcaption|pre)$/i;

/** An HTML page as plain text: scripts, styles and comments dropped, tags made spaces or line breaks, entities decoded. */
export function htmlText(html: string): string {
  const stripped = html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|noscript|template|svg)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<\/?([a-zA-Z][\w-]*)\b[^>]*>/g, (_m, tag: string) => (BLOCK.test(tag) ? '\n' : ' '))
    .replace(/<!\w[^>]*>/g, ' ');
  // No tags are left: parsing the rest only decodes its character references.
  const decoded = load(`<body>${stripped.replace(/</g, '&lt;')}</body>`)('body').text();
  return decoded
    .replace(/[ \t\u00a0\r]+/g, ' ')
    .replace(/ ?\n[ \n]*/g, '\n')
    .trim();
}

/** The text a labeller searches: HTML without tags, JSON re-indented (escapes decoded), YAML and anything else as served. */
export function pageText(file: string, body: string): string {
  if (/\.json$/i.test(file)) {
    try {
      return JSON.stringify(JSON.parse(body), null, 1);
    } catch {
      return body;
    }
  }
  if (/\.html?$/i.test(file) || /^\s*</.test(body)) return htmlText(body);
  return body;
}

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function nameRe(words: string[]): RegExp {
  return new RegExp(words.map(escapeRe).join('[\\s\\p{P}]{1,6}'), 'giu');
}

/**
 * Up to three windows of the page text around a person's name: the first occurrence with
 * about 1,200 characters, then two further occurrences outside it with 600 characters each.
 * `before` is the share of a window put before the name: a third for a page, where a card's
 * details follow the name; a half for a JSON or YAML record, whose fields sit on both sides.
 */
export function excerpt(text: string, name: string, size = 1200, before = 1 / 3): PageExcerpt {
  const norm = text.normalize('NFC');
  const words = name
    .normalize('NFC')
    .split(/[\s,]+/)
    .map((w) => w.replace(/^[\p{P}]+|[\p{P}]+$/gu, ''))
    .filter(Boolean);
  if (!words.length) return { match: 'none', windows: [] };
  const tries: Array<[PageExcerpt['match'], RegExp]> = [['full', nameRe(words)]];
  if (words.length > 1) tries.push(['reversed', nameRe([...words].reverse())]);
  const longest = [...words].sort((a, b) => b.length - a.length)[0] as string;
  if (longest.length >= 3) tries.push(['word', new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(longest)}(?![\\p{L}\\p{N}])`, 'giu')]);
  for (const [match, re] of tries) {
    const hits = [...norm.matchAll(re)].map((m) => m.index as number);
    if (!hits.length) continue;
    const windows: string[] = [];
    const taken: Array<[number, number]> = [];
    for (const at of hits) {
      if (windows.length >= 3) break;
      if (taken.some(([a, b]) => at >= a && at < b)) continue;
      const len = windows.length ? size / 2 : size;
      const from = Math.max(0, at - Math.floor(len * before));
      const to = Math.min(norm.length, from + len);
      taken.push([from, to]);
      windows.push(`${from > 0 ? '…' : ''}${norm.slice(from, to).trim()}${to < norm.length ? '…' : ''}`);
    }
    return { match, windows };
  }
  return { match: 'none', windows: [] };
}

// ---------------------------------------------------------------------------------------
// Labels.

/** Problems with a labels file's entries: unknown verdicts or kinds, a DEFECT without a kind, a SEND with one, duplicates. */
export function validateLabels(entries: unknown): { labels: LabelEntry[]; errors: string[] } {
  const errors: string[] = [];
  const labels: LabelEntry[] = [];
  if (!Array.isArray(entries)) return { labels, errors: ['the labels file must hold a JSON array'] };
  const seen = new Set<string>();
  entries.forEach((e: any, i) => {
    const at = `entry ${i}${e && typeof e.key === 'string' ? ` (${e.key} slot ${e.slot})` : ''}`;
    if (!e || typeof e !== 'object') return void errors.push(`${at}: not an object`);
    if (typeof e.key !== 'string' || !e.key) return void errors.push(`${at}: no key`);
    if (!SLOTS.includes(e.slot)) return void errors.push(`${at}: slot must be 1, 2 or 3`);
    if (typeof e.text_hash !== 'string' || !/^[0-9a-f]{16}$/.test(e.text_hash)) return void errors.push(`${at}: text_hash must be 16 hex digits`);
    if (e.label !== 'SEND' && e.label !== 'DEFECT') return void errors.push(`${at}: label must be SEND or DEFECT`);
    const kinds: unknown[] = Array.isArray(e.kinds) ? e.kinds : [];
    const bad = kinds.filter((k) => !DEFECT_KINDS.includes(k as DefectKind));
    if (bad.length) return void errors.push(`${at}: unknown kinds ${bad.join(', ')}`);
    if (e.label === 'DEFECT' && !kinds.length) return void errors.push(`${at}: a DEFECT needs at least one kind`);
    if (e.label === 'SEND' && kinds.length) return void errors.push(`${at}: a SEND has no kinds`);
    const id = `${e.key}\u0000${e.slot}\u0000${e.text_hash}`;
    if (seen.has(id)) return void errors.push(`${at}: labelled twice for the same text`);
    seen.add(id);
    labels.push({
      key: e.key,
      slot: e.slot,
      text_hash: e.text_hash,
      label: e.label,
      kinds: [...new Set(kinds as DefectKind[])],
      note: typeof e.note === 'string' ? e.note : '',
    });
  });
  return { labels, errors };
}

/**
 * Labels filled in a batch file's messages, as entries of the labels file. Each carries the
 * hash of the text it sits beside (recomputed, so an edited text cannot keep an old hash).
 */
export function labelsFromSample(sample: SampledSequence[]): LabelEntry[] {
  const out: LabelEntry[] = [];
  for (const s of sample) {
    for (const m of s.messages) {
      if (m.label !== 'SEND' && m.label !== 'DEFECT') continue;
      out.push({
        key: s.key,
        slot: m.slot,
        text_hash: textHash(m.content),
        label: m.label,
        kinds: m.label === 'SEND' ? [] : [...(m.kinds ?? [])],
        note: m.note ?? '',
      });
    }
  }
  return out;
}

/** Adds `fresh` to `existing`; an entry for the same key, slot and text replaces the old one. Sorted by key, slot. */
export function mergeLabels(existing: LabelEntry[], fresh: LabelEntry[]): { labels: LabelEntry[]; added: number; replaced: number } {
  const id = (l: LabelEntry) => `${l.key}\u0000${l.slot}\u0000${l.text_hash}`;
  const map = new Map(existing.map((l) => [id(l), l]));
  let added = 0;
  let replaced = 0;
  for (const l of fresh) {
    if (map.has(id(l))) replaced += 1;
    else added += 1;
    map.set(id(l), l);
  }
  const labels = [...map.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.slot - b.slot || (a.text_hash < b.text_hash ? -1 : 1)));
  return { labels, added, replaced };
}

// ---------------------------------------------------------------------------------------
// Scoring.

export type JoinState = 'labelled' | 'stale' | 'unlabelled';

export interface JoinedMessage {
  key: string;
  split: Split;
  slot: number;
  content: string;
  text_hash: string;
  qa: StoredQa;
  state: JoinState;
  label?: LabelEntry;
  /** The campaign's ICP qualified the speaker: the pipeline drafts them without the bench's help. */
  qualified: boolean;
}

/**
 * Each sampled message with its label: one for the same key, slot and text hash; else
 * `stale` when the key and slot have labels only for other texts; else `unlabelled`.
 * The split is recomputed from the key.
 */
export function join(sample: SampledSequence[], labels: LabelEntry[]): { messages: JoinedMessage[]; orphans: number } {
  const byId = new Map<string, LabelEntry>();
  const bySlot = new Set<string>();
  for (const l of labels) {
    byId.set(`${l.key}\u0000${l.slot}\u0000${l.text_hash}`, l);
    bySlot.add(`${l.key}\u0000${l.slot}`);
  }
  const used = new Set<string>();
  const messages: JoinedMessage[] = [];
  for (const s of sample) {
    for (const m of s.messages) {
      const hash = textHash(m.content);
      const slotId = `${s.key}\u0000${m.slot}`;
      used.add(slotId);
      const label = byId.get(`${slotId}\u0000${hash}`);
      const state: JoinState = label ? 'labelled' : bySlot.has(slotId) ? 'stale' : 'unlabelled';
      messages.push({
        key: s.key,
        split: splitOf(s.key),
        slot: m.slot,
        content: m.content,
        text_hash: hash,
        qa: m.qa,
        state,
        qualified: s.speaker.qualified_by_icp === true,
        ...(label ? { label } : {}),
      });
    }
  }
  const orphans = labels.filter((l) => !used.has(`${l.key}\u0000${l.slot}`)).length;
  return { messages, orphans };
}

/** The QA gate flags a message when it raised a hard fail or did not leave the message approvable. */
export const flagged = (qa: StoredQa): boolean => qa.hard_fails.length > 0 || !qa.approvable;

export interface Ratio {
  n: number;
  of: number;
}

export interface Example {
  key: string;
  slot: number;
  hard_fails: string[];
  approvable: boolean;
  kinds?: DefectKind[];
  note?: string;
  text: string;
}

export interface SplitMetrics {
  sequences: number;
  messages: number;
  labelled: number;
  stale: number;
  unlabelled: number;
  send: Ratio;
  sendBySlot: Record<'1' | '2' | '3', Ratio>;
  /** Sequences whose three messages are all labelled for their current text, and all SEND. */
  sequencesSend: Ratio;
  /** DEFECT messages the QA gate flagged. */
  qaRecall: Ratio;
  /** DEFECT messages with a hard fail (a stricter reading of the above). */
  defectsHardFailed: Ratio;
  wrongFactFlagged: Ratio;
  /** SEND messages the QA gate left approvable. */
  sendApprovable: Ratio;
  kindRecall: Record<DefectKind, Ratio>;
  falseFlags: Example[];
  missedDefects: Example[];
}

export interface Score {
  splits: Record<Split, SplitMetrics>;
  /**
   * The same, of the speakers the campaign's ICP qualified: what a run drafts by itself. The
   * bench drafts the screened-out speakers too, so the texts depend on extraction alone.
   */
  qualified: Record<Split, SplitMetrics>;
  orphans: number;
  /** The issue's bar, read on the held-out labels only. */
  done: Array<{ check: string; value: string; pass: boolean }>;
}

const ratio = (n = 0, of = 0): Ratio => ({ n, of });
export const share = (r: Ratio): number | null => (r.of ? r.n / r.of : null);

function example(m: JoinedMessage): Example {
  const text = m.content.replace(/\s+/g, ' ');
  return {
    key: m.key,
    slot: m.slot,
    hard_fails: m.qa.hard_fails,
    approvable: m.qa.approvable,
    ...(m.label?.label === 'DEFECT' ? { kinds: m.label.kinds } : {}),
    ...(m.label?.note ? { note: m.label.note } : {}),
    text: text.length > 160 ? `${text.slice(0, 157)}…` : text,
  };
}

export function metrics(messages: JoinedMessage[], examples = 5): SplitMetrics {
  const count = (f: (m: JoinedMessage) => boolean): number => messages.filter(f).length;
  const labelled = messages.filter((m) => m.state === 'labelled');
  const send = labelled.filter((m) => m.label?.label === 'SEND');
  const defects = labelled.filter((m) => m.label?.label === 'DEFECT');
  const bySeq = new Map<string, JoinedMessage[]>();
  for (const m of messages) bySeq.set(m.key, [...(bySeq.get(m.key) ?? []), m]);
  const complete = [...bySeq.values()].filter((ms) => ms.length > 0 && ms.every((m) => m.state === 'labelled'));
  const sendBySlot = Object.fromEntries(
    SLOTS.map((slot) => {
      const here = labelled.filter((m) => m.slot === slot);
      return [String(slot), ratio(here.filter((m) => m.label?.label === 'SEND').length, here.length)];
    }),
  ) as Record<'1' | '2' | '3', Ratio>;
  const kindRecall = Object.fromEntries(
    DEFECT_KINDS.map((k) => {
      const here = defects.filter((m) => m.label?.kinds.includes(k));
      return [k, ratio(here.filter((m) => flagged(m.qa)).length, here.length)];
    }),
  ) as Record<DefectKind, Ratio>;
  const wrongFacts = defects.filter((m) => m.label?.kinds.includes('wrong_fact'));
  return {
    sequences: bySeq.size,
    messages: messages.length,
    labelled: labelled.length,
    stale: count((m) => m.state === 'stale'),
    unlabelled: count((m) => m.state === 'unlabelled'),
    send: ratio(send.length, labelled.length),
    sendBySlot,
    sequencesSend: ratio(complete.filter((ms) => ms.every((m) => m.label?.label === 'SEND')).length, complete.length),
    qaRecall: ratio(defects.filter((m) => flagged(m.qa)).length, defects.length),
    defectsHardFailed: ratio(defects.filter((m) => m.qa.hard_fails.length > 0).length, defects.length),
    wrongFactFlagged: ratio(wrongFacts.filter((m) => flagged(m.qa)).length, wrongFacts.length),
    sendApprovable: ratio(send.filter((m) => m.qa.approvable).length, send.length),
    kindRecall,
    falseFlags: send
      .filter((m) => flagged(m.qa))
      .slice(0, examples)
      .map(example),
    missedDefects: defects
      .filter((m) => !flagged(m.qa))
      .slice(0, examples)
      .map(example),
  };
}

const atLeast = (r: Ratio, bar: number): boolean => r.of > 0 && r.n / r.of >= bar;

export function score(sample: SampledSequence[], labels: LabelEntry[], examples = 5): Score {
  const { messages, orphans } = join(sample, labels);
  const splits = Object.fromEntries(
    SPLITS.map((s) => [
      s,
      metrics(
        messages.filter((m) => m.split === s),
        examples,
      ),
    ]),
  ) as Record<Split, SplitMetrics>;
  const qualified = Object.fromEntries(
    SPLITS.map((s) => [
      s,
      metrics(
        messages.filter((m) => m.split === s && m.qualified),
        0,
      ),
    ]),
  ) as Record<Split, SplitMetrics>;
  const h = splits.holdout;
  const show = (r: Ratio): string => `${r.n}/${r.of}`;
  const done = [
    { check: 'messages SEND ≥ 85%', value: show(h.send), pass: atLeast(h.send, 0.85) },
    { check: 'slot 1 SEND ≥ 90%', value: show(h.sendBySlot['1']), pass: atLeast(h.sendBySlot['1'], 0.9) },
    // Vacuously true with no wrong_fact labels, provided something was labelled at all.
    { check: 'every wrong_fact flagged', value: show(h.wrongFactFlagged), pass: h.labelled > 0 && h.wrongFactFlagged.n === h.wrongFactFlagged.of },
    { check: 'QA recall on defects ≥ 0.95', value: show(h.qaRecall), pass: h.qaRecall.of === 0 ? h.labelled > 0 : atLeast(h.qaRecall, 0.95) },
    { check: 'SEND approvable ≥ 0.9', value: show(h.sendApprovable), pass: atLeast(h.sendApprovable, 0.9) },
    { check: 'no stale labels in the held-out part', value: String(h.stale), pass: h.stale === 0 },
  ];
  return { splits, qualified, orphans, done };
}

function cell(r: Ratio): string {
  const s = share(r);
  return s === null ? '–' : `${(100 * s).toFixed(1)}% (${r.n}/${r.of})`;
}

function exampleLine(e: Example): string {
  const qa = e.hard_fails.length ? e.hard_fails.join(',') : e.approvable ? 'approvable' : 'not approvable';
  return `- \`${e.key}\` slot ${e.slot} [${qa}]${e.kinds ? ` {${e.kinds.join(',')}}` : ''}${e.note ? ` — ${e.note}` : ''}: ${e.text}`;
}

/**
 * The score as Markdown: dev and holdout side by side, the bar on holdout, then examples: of the
 * dev part only unless `holdoutDetail` (the held-out messages are read once the engine is settled).
 */
export function markdown(s: Score, holdoutDetail = false): string {
  const { dev, holdout } = s.splits;
  const rows: Array<[string, string, string]> = [
    ['sequences in the sample', String(dev.sequences), String(holdout.sequences)],
    ['messages in the sample', String(dev.messages), String(holdout.messages)],
    ['messages labelled (current text)', String(dev.labelled), String(holdout.labelled)],
    ['stale labels (text changed since)', String(dev.stale), String(holdout.stale)],
    ['messages without a label', String(dev.unlabelled), String(holdout.unlabelled)],
    ['messages SEND', cell(dev.send), cell(holdout.send)],
    ...SLOTS.map((k): [string, string, string] => [`  slot ${k}`, cell(dev.sendBySlot[String(k) as '1']), cell(holdout.sendBySlot[String(k) as '1'])]),
    ['sequences SEND as a whole (fully labelled)', cell(dev.sequencesSend), cell(holdout.sequencesSend)],
    ['QA recall on DEFECT (hard fail or not approvable)', cell(dev.qaRecall), cell(holdout.qaRecall)],
    ['  DEFECT with a hard fail', cell(dev.defectsHardFailed), cell(holdout.defectsHardFailed)],
    ['wrong_fact flagged', cell(dev.wrongFactFlagged), cell(holdout.wrongFactFlagged)],
    ['SEND approvable', cell(dev.sendApprovable), cell(holdout.sendApprovable)],
    ...DEFECT_KINDS.map((k): [string, string, string] => [`recall on ${k}`, cell(dev.kindRecall[k]), cell(holdout.kindRecall[k])]),
    ['messages SEND, speakers the ICP qualifies', cell(s.qualified.dev.send), cell(s.qualified.holdout.send)],
    ...SLOTS.map((k): [string, string, string] => [
      `  slot ${k}, speakers the ICP qualifies`,
      cell(s.qualified.dev.sendBySlot[String(k) as '1']),
      cell(s.qualified.holdout.sendBySlot[String(k) as '1']),
    ]),
    ['QA recall on DEFECT, speakers the ICP qualifies', cell(s.qualified.dev.qaRecall), cell(s.qualified.holdout.qaRecall)],
    ['SEND approvable, speakers the ICP qualifies', cell(s.qualified.dev.sendApprovable), cell(s.qualified.holdout.sendApprovable)],
  ];
  const lines = ['| | dev | holdout |', '|---|---|---|', ...rows.map(([a, b, c]) => `| ${a} | ${b} | ${c} |`), ''];
  if (s.orphans) lines.push(`${s.orphans} label(s) name a sequence or slot this sample does not hold.`, '');
  lines.push('Done when (held-out labels):', '', ...s.done.map((d) => `- [${d.pass ? 'x' : ' '}] ${d.check}: ${d.value}`), '');
  for (const part of SPLITS) {
    if (part === 'holdout' && !holdoutDetail) continue;
    const m = s.splits[part];
    if (m.falseFlags.length) lines.push(`SEND messages the QA gate flagged (${part}):`, '', ...m.falseFlags.map(exampleLine), '');
    if (m.missedDefects.length) lines.push(`DEFECT messages the QA gate let through (${part}):`, '', ...m.missedDefects.map(exampleLine), '');
  }
  return lines.join('\n');
}
