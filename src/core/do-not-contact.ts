/**
 * The do-not-contact list: per account, LinkedIn profiles, e-mail addresses and company
 * domains. A run skips a listed speaker before any model is called or credit charged,
 * and a push leaves listed people out whenever they were added, so an entry made after
 * drafting withdraws the unsent drafts at the next push.
 */
import { sql } from 'kysely';
import type { DoNotContactRow, DoNotContactType, SpeakerRow, SpeakerStage } from '../../db/types.js';
import type { Db } from '../../db/index.js';
import type { Ctx } from '../context.js';
import { ToolError, notFound } from '../errors.js';
import { DEFAULT_PAGE_SIZE, decodeCursor, toPage } from './cursor.js';
import { publicProfileUrl } from './push/linkedin.js';
import { parseCsv } from './intent/csv.js';
import { enrichmentColumn, linksColumn } from './speaker-columns.js';

export const DNC_TYPES = ['linkedin', 'email', 'domain'] as const satisfies readonly DoNotContactType[];
export const DNC_VALUE_MAX = 500;
export const DNC_REASON_MAX = 500;
export const DNC_ENTRIES_MAX = 1000;
export const DNC_CSV_ROWS_MAX = 10_000;

export interface DncView {
  entry_id: string;
  type: DoNotContactType;
  value: string;
  reason: string | null;
  source: DoNotContactRow['source'];
  created_at: string;
}

export const dncView = (r: DoNotContactRow): DncView => ({
  entry_id: r.id,
  type: r.type,
  value: r.value,
  reason: r.reason,
  source: r.source,
  created_at: r.created_at,
});

/** The key a LinkedIn profile is matched by: the public profile URL, lowercased (slugs are case-blind). */
export function profileKey(raw: string | null | undefined): string | null {
  const url = publicProfileUrl(raw ?? null);
  if (!url) return null;
  try {
    return decodeURI(url).toLowerCase();
  } catch {
    return url.toLowerCase();
  }
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63})$/;
const HOST = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** What kind of value it looks like, for entries and CSV cells given without a type. */
export function inferType(value: string): DoNotContactType {
  const v = value.trim().toLowerCase();
  if (/(^|[/.])linkedin\.com(\/|$)/.test(v)) return 'linkedin';
  if (v.startsWith('mailto:') || (v.includes('@') && !v.startsWith('@'))) return 'email';
  return 'domain';
}

/** A value in its stored form, or why it cannot be one. */
export function normalize(type: DoNotContactType, raw: string): { value: string } | { error: string } {
  const v = raw.trim();
  if (!v) return { error: 'must not be blank' };
  if (v.length > DNC_VALUE_MAX) return { error: `must be at most ${DNC_VALUE_MAX} characters` };
  if (type === 'linkedin') {
    const key = profileKey(/^[a-z][a-z0-9+.-]*:\/\//i.test(v) ? v : `https://${v}`);
    return key ? { value: key } : { error: `"${v}" is not a LinkedIn profile URL (https://www.linkedin.com/in/<name>)` };
  }
  if (type === 'email') {
    const e = v.replace(/^mailto:/i, '').toLowerCase();
    return EMAIL.test(e) ? { value: e } : { error: `"${v}" is not an e-mail address` };
  }
  let host = v.toLowerCase().replace(/^@/, '');
  if (host.includes('://')) {
    try {
      host = new URL(host).hostname;
    } catch {
      return { error: `"${v}" is not a domain such as acme.com` };
    }
  }
  host = host
    .split(/[/?#]/)[0]!
    .replace(/^www\./, '')
    .replace(/\.$/, '');
  return HOST.test(host) ? { value: host } : { error: `"${v}" is not a domain such as acme.com` };
}

export interface EntryInput {
  type?: DoNotContactType;
  value: string;
  reason?: string;
}

/** The list held in memory for matching. */
export interface Suppression {
  linkedin: Map<string, DoNotContactRow>;
  email: Map<string, DoNotContactRow>;
  domain: Map<string, DoNotContactRow>;
  size: number;
}

export async function loadSuppression(db: Db, userId: string): Promise<Suppression> {
  const rows = await db.selectFrom('do_not_contact').selectAll().where('user_id', '=', userId).execute();
  const s: Suppression = { linkedin: new Map(), email: new Map(), domain: new Map(), size: rows.length };
  for (const r of rows) s[r.type].set(r.value, r);
  return s;
}

type Matchable = Pick<SpeakerRow, 'linkedin_url' | 'links' | 'enrichment'>;

/** What a speaker can be matched by: profile, addresses (mailto links) and domains (company site, enrichment, addresses). */
export function speakerKeys(s: Matchable): { linkedin: string[]; emails: string[]; domains: string[] } {
  const linkedin = new Set<string>();
  const emails = new Set<string>();
  const domains = new Set<string>();
  const own = profileKey(s.linkedin_url);
  if (own) linkedin.add(own);
  let e: { linkedinUrl?: string | null; companyDomain?: string | null; companyWebsite?: string | null } = {};
  try {
    e = enrichmentColumn.read(s.enrichment) ?? {};
  } catch {
    e = {};
  }
  const enriched = profileKey(e.linkedinUrl);
  if (enriched) linkedin.add(enriched);
  for (const d of [e.companyDomain, e.companyWebsite]) {
    if (!d) continue;
    const n = normalize('domain', d);
    if ('value' in n) domains.add(n.value);
  }
  let links: unknown = [];
  try {
    links = linksColumn.read(s.links);
  } catch {
    links = [];
  }
  for (const l of Array.isArray(links) ? links : []) {
    if (typeof l !== 'string' || !/^mailto:/i.test(l)) continue;
    const n = normalize('email', l.split('?')[0]!);
    if (!('value' in n)) continue;
    emails.add(n.value);
    domains.add(n.value.split('@')[1]!);
  }
  return { linkedin: [...linkedin], emails: [...emails], domains: [...domains] };
}

/** The entry that suppresses this speaker, if any: a domain matches itself and its subdomains. */
export function matchSpeaker(list: Suppression, s: Matchable): DoNotContactRow | null {
  if (list.size === 0) return null;
  const k = speakerKeys(s);
  for (const l of k.linkedin) {
    const hit = list.linkedin.get(l);
    if (hit) return hit;
  }
  for (const m of k.emails) {
    const hit = list.email.get(m);
    if (hit) return hit;
  }
  for (const d of k.domains) {
    const parts = d.split('.');
    for (let i = 0; i < parts.length - 1; i++) {
      const hit = list.domain.get(parts.slice(i).join('.'));
      if (hit) return hit;
    }
  }
  return null;
}

/** Speakers of the account the list matches now. */
async function matchedSpeakers(db: Db, userId: string, list: Suppression): Promise<string[]> {
  if (list.size === 0) return [];
  const out: string[] = [];
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('speakers')
      .select(['seq', 'id', 'linkedin_url', 'links', 'enrichment'])
      .where('user_id', '=', userId)
      .where('seq', '>', after)
      .orderBy('seq')
      .limit(2000)
      .execute();
    for (const r of rows) if (matchSpeaker(list, r)) out.push(r.id);
    if (rows.length < 2000) return out;
    after = rows[rows.length - 1]!.seq;
  }
}

export interface AddReport {
  dry_run: boolean;
  added: number;
  already_listed: number;
  entries: DncView[];
  speakers_matched: number;
}

type Prepared = { type: DoNotContactType; value: string; reason: string | null };

/** Entries into the list; the ones already there are counted, not changed. */
async function store(ctx: Ctx, entries: Prepared[], source: DoNotContactRow['source'], dryRun: boolean): Promise<AddReport> {
  const userId = ctx.principal.userId;
  const unique = new Map<string, Prepared>();
  for (const e of entries) if (!unique.has(`${e.type}\u0000${e.value}`)) unique.set(`${e.type}\u0000${e.value}`, e);
  const wanted = [...unique.values()];
  const existing = new Map<string, DoNotContactRow>();
  for (const type of DNC_TYPES) {
    const values = wanted.filter((e) => e.type === type).map((e) => e.value);
    for (let i = 0; i < values.length; i += 500) {
      const rows = await ctx.db
        .selectFrom('do_not_contact')
        .selectAll()
        .where('user_id', '=', userId)
        .where('type', '=', type)
        .where('value', 'in', values.slice(i, i + 500))
        .execute();
      for (const r of rows) existing.set(`${r.type}\u0000${r.value}`, r);
    }
  }
  const now = ctx.clock.now().toISOString();
  const fresh = wanted
    .filter((e) => !existing.has(`${e.type}\u0000${e.value}`))
    .map((e) => ({ id: ctx.ids.uuid(), user_id: userId, type: e.type, value: e.value, reason: e.reason, source, created_at: now }));
  const views: DncView[] = [];
  if (!dryRun && fresh.length) {
    await ctx.db.transaction().execute(async (trx) => {
      for (let i = 0; i < fresh.length; i += 100) {
        await trx
          .insertInto('do_not_contact')
          .values(fresh.slice(i, i + 100))
          .onConflict((oc) => oc.columns(['user_id', 'type', 'value']).doNothing())
          .execute();
      }
    });
  }
  const stored = dryRun
    ? []
    : await ctx.db
        .selectFrom('do_not_contact')
        .selectAll()
        .where('user_id', '=', userId)
        .where('id', 'in', fresh.length ? fresh.map((f) => f.id).slice(0, 1000) : ['-'])
        .orderBy('seq')
        .execute();
  views.push(
    ...(dryRun
      ? fresh.map((f) => ({ entry_id: f.id, type: f.type, value: f.value, reason: f.reason, source: f.source, created_at: f.created_at }))
      : stored.map(dncView)),
  );
  const justAdded: Suppression = { linkedin: new Map(), email: new Map(), domain: new Map(), size: 0 };
  for (const f of fresh) {
    justAdded[f.type].set(f.value, { seq: 0, ...f });
    justAdded.size++;
  }
  const matched = await matchedSpeakers(ctx.db, userId, justAdded);
  return { dry_run: dryRun, added: fresh.length, already_listed: wanted.length - fresh.length, entries: views, speakers_matched: matched.length };
}

/** add_do_not_contact: every entry is checked first; one bad entry refuses the call, naming it. */
export async function addEntries(ctx: Ctx, entries: EntryInput[], source: 'manual' | 'reply' = 'manual', dryRun = false): Promise<AddReport> {
  const prepared: Prepared[] = [];
  entries.forEach((e, i) => {
    const type = e.type ?? inferType(e.value);
    const n = normalize(type, e.value);
    const where = entries.length === 1 ? 'value' : `entries[${i}].value`;
    if ('error' in n) throw new ToolError('invalid_request', `${where}: ${n.error}${e.type ? '' : ` (read as type ${type}; give type to say otherwise)`}`);
    prepared.push({ type, value: n.value, reason: e.reason?.trim() || null });
  });
  return store(ctx, prepared, source, dryRun);
}

export interface ImportReport extends AddReport {
  rows: number;
  refused: Array<{ row: number; line: number; error: string }>;
}

const COLUMNS: Record<string, DoNotContactType | 'reason'> = {
  linkedin: 'linkedin',
  linkedin_url: 'linkedin',
  linkedin_profile: 'linkedin',
  linkedin_profile_url: 'linkedin',
  profile_url: 'linkedin',
  profile: 'linkedin',
  linkedinurl: 'linkedin',
  email: 'email',
  e_mail: 'email',
  email_address: 'email',
  mail: 'email',
  domain: 'domain',
  company_domain: 'domain',
  website: 'domain',
  company_website: 'domain',
  reason: 'reason',
  note: 'reason',
  notes: 'reason',
  comment: 'reason',
};

const columnOf = (header: string): DoNotContactType | 'reason' | undefined =>
  COLUMNS[
    header
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_')
  ];

/**
 * CSV text: with a header row naming linkedin_url, email, domain and reason columns (any
 * of them; a row may fill several), or without one, each cell read by what it looks like.
 * A row that cannot be read is reported with its number and line, and the rest go in.
 */
export async function importCsv(ctx: Ctx, csv: string, dryRun: boolean): Promise<ImportReport> {
  const records = parseCsv(csv);
  const header = records[0] && records[0].fields.some((f) => columnOf(f) !== undefined) ? records[0] : undefined;
  const body = header ? records.slice(1) : records;
  if (body.length === 0) throw new ToolError('invalid_request', header ? 'csv: only a header row, no entries' : 'csv: no rows');
  if (body.length > DNC_CSV_ROWS_MAX) throw new ToolError('invalid_request', `csv: ${body.length} rows; at most ${DNC_CSV_ROWS_MAX} a call`);
  const cols = header?.fields.map(columnOf);
  const refused: ImportReport['refused'] = [];
  const prepared: Prepared[] = [];
  body.forEach((rec, i) => {
    const row = i + 1;
    if (rec.unterminated) return void refused.push({ row, line: rec.line, error: 'a quoted field is not closed' });
    const cells: Array<{ type: DoNotContactType; text: string }> = [];
    let reason: string | null = null;
    rec.fields.forEach((text, c) => {
      const col = cols ? cols[c] : undefined;
      if (!text.trim()) return;
      if (col === 'reason') reason = text.trim().slice(0, DNC_REASON_MAX);
      else if (col) cells.push({ type: col, text });
      else if (!cols) cells.push({ type: inferType(text), text });
    });
    if (cells.length === 0) return void refused.push({ row, line: rec.line, error: header ? 'no linkedin, email or domain value in this row' : 'empty row' });
    const errors: string[] = [];
    const ok: Prepared[] = [];
    for (const cell of cells) {
      const n = normalize(cell.type, cell.text);
      if ('error' in n) errors.push(`${cell.type}: ${n.error}`);
      else ok.push({ type: cell.type, value: n.value, reason });
    }
    if (errors.length) return void refused.push({ row, line: rec.line, error: errors.join('; ') });
    prepared.push(...ok);
  });
  const report = await store(ctx, prepared, 'csv', dryRun);
  return { ...report, rows: body.length, refused };
}

export async function listEntries(ctx: Ctx, q: { type?: DoNotContactType; limit?: number; cursor?: string }) {
  const limit = q.limit ?? DEFAULT_PAGE_SIZE;
  const binding = { tokenId: ctx.principal.tokenId, tool: 'list_do_not_contact', filters: { type: q.type ?? null } };
  let page = ctx.db.selectFrom('do_not_contact').selectAll().where('user_id', '=', ctx.principal.userId);
  if (q.type) page = page.where('type', '=', q.type);
  if (q.cursor) page = page.where('seq', '>', decodeCursor(ctx.secret, binding, q.cursor));
  const rows = await page
    .orderBy('seq')
    .limit(limit + 1)
    .execute();
  const total = await ctx.db
    .selectFrom('do_not_contact')
    .select(sql<number>`count(*)`.as('n'))
    .where('user_id', '=', ctx.principal.userId)
    .executeTakeFirstOrThrow();
  return { ...toPage(rows, limit, ctx.secret, binding, dncView), total: Number(total.n) };
}

/**
 * Removes one entry, by id or by value. Speakers a run skipped because of the list and
 * that nothing on it matches any more go back to the stage they were skipped at, so the
 * next start_campaign_run takes them on.
 */
export async function removeEntry(
  ctx: Ctx,
  by: { entry_id?: string; type?: DoNotContactType; value?: string },
): Promise<{ removed: DncView; speakers_released: number }> {
  const userId = ctx.principal.userId;
  let row: DoNotContactRow | undefined;
  if (by.entry_id) {
    row = await ctx.db.selectFrom('do_not_contact').selectAll().where('user_id', '=', userId).where('id', '=', by.entry_id).executeTakeFirst();
    if (!row) throw notFound(`do-not-contact entry ${by.entry_id}`);
  } else {
    const type = by.type ?? inferType(by.value as string);
    const n = normalize(type, by.value as string);
    if ('error' in n) throw new ToolError('invalid_request', `value: ${n.error}`);
    row = await ctx.db
      .selectFrom('do_not_contact')
      .selectAll()
      .where('user_id', '=', userId)
      .where('type', '=', type)
      .where('value', '=', n.value)
      .executeTakeFirst();
    if (!row) throw notFound(`do-not-contact entry ${type} ${n.value}`);
  }
  await ctx.db.deleteFrom('do_not_contact').where('id', '=', row.id).execute();
  const released = await releaseSpeakers(ctx, userId);
  return { removed: dncView(row), speakers_released: released };
}

async function releaseSpeakers(ctx: Ctx, userId: string): Promise<number> {
  const held = await ctx.db
    .selectFrom('speakers')
    .select(['id', 'linkedin_url', 'links', 'enrichment', 'suppressed_stage'])
    .where('user_id', '=', userId)
    .where('suppressed_stage', 'is not', null)
    .where('stage', '=', 'done')
    .execute();
  if (held.length === 0) return 0;
  const list = await loadSuppression(ctx.db, userId);
  const now = ctx.clock.now().toISOString();
  let n = 0;
  for (const s of held) {
    if (matchSpeaker(list, s)) continue;
    await ctx.db
      .updateTable('speakers')
      .set({ stage: s.suppressed_stage as SpeakerStage, suppressed_stage: null, updated_at: now })
      .where('id', '=', s.id)
      .where('stage', '=', 'done')
      .execute();
    n++;
  }
  return n;
}

/** The speaker's listed entry, for the dossier and the reply action. */
export async function speakerSuppression(db: Db, s: SpeakerRow): Promise<DncView | null> {
  const hit = matchSpeaker(await loadSuppression(db, s.user_id), s);
  return hit ? dncView(hit) : null;
}

/**
 * Lists one speaker (their LinkedIn profile and any address known), for a reply that
 * asks to stop; the entries that now hold them are returned, new or already there.
 */
export async function listSpeaker(ctx: Ctx, s: SpeakerRow, reason: string): Promise<DncView[]> {
  const k = speakerKeys(s);
  const wanted: Prepared[] = [
    ...k.linkedin.map((value) => ({ type: 'linkedin' as const, value, reason })),
    ...k.emails.map((value) => ({ type: 'email' as const, value, reason })),
  ];
  if (wanted.length === 0) {
    throw new ToolError(
      'tool_error',
      `speaker ${s.id} has no LinkedIn profile or e-mail address to list; add the company's domain with add_do_not_contact instead`,
    );
  }
  await store(ctx, wanted, 'reply', false);
  const rows = await ctx.db
    .selectFrom('do_not_contact')
    .selectAll()
    .where('user_id', '=', s.user_id)
    .where(
      'value',
      'in',
      wanted.map((w) => w.value),
    )
    .orderBy('seq')
    .execute();
  return rows.filter((r) => wanted.some((w) => w.type === r.type && w.value === r.value)).map(dncView);
}
