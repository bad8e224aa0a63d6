/**
 * Signal rows as LinkedIn signal tools export them, read leniently (their column names
 * differ) and judged one by one: a row that cannot be used is refused with its number
 * and the reason, and never stops the others.
 */
import type { IntentSignalType } from '../../../db/types.js';
import { cleanName, collapseSpace, normalizeLinkedIn } from '../../scrape/normalize.js';
import { parseCsv } from './csv.js';

export const SIGNAL_TYPES = [
  'post_reaction',
  'post_comment',
  'profile_view',
  'company_follow',
  'job_change',
  'event_attendance',
] as const satisfies readonly IntentSignalType[];
export const MAX_ROWS = 5000;
export const MAX_TEXT = 3000;
const MAX_NAME = 200;
const MAX_HEADLINE = 300;
const MAX_COMPANY = 200;
const MAX_URL = 1000;
/** Clocks of signal tools drift; a day ahead is still believable, more is a wrong date. */
const FUTURE_SLACK_MS = 86_400_000;

export interface SignalRow {
  linkedinUrl: string;
  name: string;
  headline: string | null;
  company: string | null;
  type: IntentSignalType;
  url: string | null;
  text: string | null;
  observedAt: string;
}

export interface Refusal {
  /** 1-based position among the data rows (a CSV header is not counted). */
  row: number;
  /** CSV only: the line of the text where the row starts. */
  line?: number;
  reason: string;
}

export interface ParsedRows {
  total: number;
  accepted: Array<{ row: number; value: SignalRow }>;
  refused: Refusal[];
}

/** Column names seen in exports, folded (lower case, runs of other characters as "_"). */
const ALIASES: Record<keyof SignalRow | 'first_name' | 'last_name', string[]> = {
  linkedinUrl: ['linkedin_url', 'profile_url', 'linkedin', 'linkedin_profile', 'linkedin_profile_url', 'person_linkedin_url', 'member_url'],
  name: ['name', 'full_name', 'fullname', 'person_name', 'lead_name'],
  first_name: ['first_name', 'firstname', 'given_name'],
  last_name: ['last_name', 'lastname', 'surname', 'family_name'],
  headline: ['headline', 'title', 'job_title', 'occupation', 'position'],
  company: ['company', 'company_name', 'organization', 'organisation', 'current_company'],
  type: ['signal_type', 'type', 'signal', 'action', 'activity', 'activity_type', 'event_type', 'intent_type'],
  url: ['post_url', 'url', 'page_url', 'source_url', 'activity_url', 'content_url', 'event_url', 'post_link'],
  text: ['post_text', 'text', 'content', 'post_content', 'page_text', 'comment', 'comment_text', 'snippet', 'description'],
  observedAt: ['observed_at', 'date', 'timestamp', 'occurred_at', 'created_at', 'signal_date', 'detected_at', 'time'],
};

const TYPE_ALIASES: Record<string, IntentSignalType> = {
  reaction: 'post_reaction',
  like: 'post_reaction',
  post_like: 'post_reaction',
  liked_post: 'post_reaction',
  reacted: 'post_reaction',
  comment: 'post_comment',
  commented: 'post_comment',
  post_commented: 'post_comment',
  profile_visit: 'profile_view',
  visited_profile: 'profile_view',
  viewed_profile: 'profile_view',
  profile_viewer: 'profile_view',
  follow: 'company_follow',
  company_follower: 'company_follow',
  followed_company: 'company_follow',
  page_follow: 'company_follow',
  new_job: 'job_change',
  changed_job: 'job_change',
  role_change: 'job_change',
  new_role: 'job_change',
  event: 'event_attendance',
  event_registration: 'event_attendance',
  attended_event: 'event_attendance',
  event_rsvp: 'event_attendance',
};

const fold = (key: string): string =>
  key
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/** Which input key feeds each field, decided once per call from the keys seen. */
function columnMap(keys: Iterable<string>): Map<string, string> {
  const byFolded = new Map<string, string>();
  for (const k of keys) if (!byFolded.has(fold(k))) byFolded.set(fold(k), k);
  const out = new Map<string, string>();
  for (const [field, names] of Object.entries(ALIASES)) {
    const hit = names.find((n) => byFolded.has(n));
    if (hit) out.set(field, byFolded.get(hit) as string);
  }
  return out;
}

class RowError extends Error {}

/**
 * One call's memo: an export repeats each person on many rows, and cleaning a name or a
 * profile URL costs far more than a lookup.
 */
export class Seen {
  private readonly names = new Map<string, string>();
  private readonly profiles = new Map<string, string | null>();
  name(raw: string): string {
    let v = this.names.get(raw);
    if (v === undefined) this.names.set(raw, (v = cleanName(raw)));
    return v;
  }
  profile(raw: string): string | null {
    let v = this.profiles.get(raw);
    if (v === undefined) {
      const ref = normalizeLinkedIn(raw);
      this.profiles.set(raw, (v = ref?.kind === 'person' ? ref.url : null));
    }
    return v;
  }
}

function text(raw: Record<string, unknown>, cols: Map<string, string>, field: string, max: number): string | null {
  const key = cols.get(field);
  const v = key === undefined ? undefined : raw[key];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string' && typeof v !== 'number') throw new RowError(`${field_(field)} must be text`);
  const s = collapseSpace(String(v));
  if (s.length > max) throw new RowError(`${field_(field)} is longer than ${max} characters`);
  return s || null;
}

const FIELD_NAMES: Record<string, string> = { linkedinUrl: 'linkedin_url', observedAt: 'observed_at', type: 'signal_type', url: 'url', text: 'text' };
const field_ = (f: string): string => FIELD_NAMES[f] ?? f;

function signalType(raw: string | null): IntentSignalType {
  if (!raw) throw new RowError(`signal_type is missing (one of ${SIGNAL_TYPES.join(', ')})`);
  const f = fold(raw);
  const t = (SIGNAL_TYPES as readonly string[]).includes(f) ? (f as IntentSignalType) : TYPE_ALIASES[f];
  if (!t) throw new RowError(`signal_type "${raw.slice(0, 60)}" is not one of ${SIGNAL_TYPES.join(', ')}`);
  return t;
}

function observedAt(raw: Record<string, unknown>, cols: Map<string, string>, now: Date): string {
  const key = cols.get('observedAt');
  const v = key === undefined ? undefined : raw[key];
  if (v === undefined || v === null || v === '') return now.toISOString();
  let ms: number;
  if (typeof v === 'number') ms = v < 1e12 ? v * 1000 : v;
  else if (typeof v === 'string') ms = /^\d{9,13}$/.test(v.trim()) ? Number(v.trim()) * (v.trim().length <= 10 ? 1000 : 1) : Date.parse(v.trim());
  else throw new RowError('observed_at must be a date');
  if (!Number.isFinite(ms) || ms < Date.UTC(2000, 0, 1)) throw new RowError(`observed_at "${String(v).slice(0, 40)}" is not a date (ISO 8601 or unix seconds)`);
  if (ms > now.getTime() + FUTURE_SLACK_MS) throw new RowError('observed_at is in the future');
  return new Date(ms).toISOString();
}

function postUrl(raw: string | null): string | null {
  if (!raw) return null;
  if (!URL.canParse(raw) || !/^https?:$/.test(new URL(raw).protocol)) throw new RowError('url is not an http(s) URL');
  return raw;
}

/** One row, or a RowError naming what is wrong with it. */
export function readRow(raw: unknown, cols: Map<string, string>, now: Date, seen: Seen): SignalRow {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new RowError('row is not an object');
  const r = raw as Record<string, unknown>;
  const profile = text(r, cols, 'linkedinUrl', MAX_URL);
  if (!profile) throw new RowError('linkedin_url is missing');
  const linkedinUrl = seen.profile(profile);
  if (!linkedinUrl) throw new RowError('linkedin_url is not a LinkedIn profile URL (linkedin.com/in/...)');
  const whole = text(r, cols, 'name', MAX_NAME) ?? [text(r, cols, 'first_name', MAX_NAME), text(r, cols, 'last_name', MAX_NAME)].filter(Boolean).join(' ');
  const name = whole ? seen.name(whole) : '';
  if (!name) throw new RowError('name is missing');
  return {
    linkedinUrl,
    name,
    headline: text(r, cols, 'headline', MAX_HEADLINE),
    company: text(r, cols, 'company', MAX_COMPANY),
    type: signalType(text(r, cols, 'type', 60)),
    url: postUrl(text(r, cols, 'url', MAX_URL)),
    // Post text keeps its line breaks: drafts quote sentences of it.
    text: longText(r, cols),
    observedAt: observedAt(r, cols, now),
  };
}

function longText(r: Record<string, unknown>, cols: Map<string, string>): string | null {
  const key = cols.get('text');
  const v = key === undefined ? undefined : r[key];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') throw new RowError('text must be text');
  const s = v.replace(/\r\n?/g, '\n').trim();
  if (s.length > MAX_TEXT) throw new RowError(`text is longer than ${MAX_TEXT} characters`);
  return s || null;
}

interface Item {
  raw: unknown;
  line?: number;
  /** A fault of the record itself, found before its fields are read. */
  fault?: string;
}

function judge(items: Item[], cols: Map<string, string>, now: Date, seen = new Seen()): ParsedRows {
  const out: ParsedRows = { total: items.length, accepted: [], refused: [] };
  items.forEach((item, i) => {
    try {
      if (item.fault) throw new RowError(item.fault);
      out.accepted.push({ row: i + 1, value: readRow(item.raw, cols, now, seen) });
    } catch (err) {
      if (!(err instanceof RowError)) throw err;
      out.refused.push(item.line === undefined ? { row: i + 1, reason: err.message } : { row: i + 1, line: item.line, reason: err.message });
    }
  });
  return out;
}

/** Each JSON object names its own fields; objects of one shape share one column map. */
export function readJsonRows(rows: unknown[], now: Date): ParsedRows {
  const maps = new Map<string, Map<string, string>>();
  const seen = new Seen();
  const out: ParsedRows = { total: rows.length, accepted: [], refused: [] };
  rows.forEach((raw, i) => {
    const keys = raw && typeof raw === 'object' && !Array.isArray(raw) ? Object.keys(raw) : [];
    const shape = keys.join('\u0000');
    let cols = maps.get(shape);
    if (!cols) maps.set(shape, (cols = columnMap(keys)));
    const one = judge([{ raw }], cols, now, seen);
    if (one.accepted[0]) out.accepted.push({ row: i + 1, value: one.accepted[0].value });
    else out.refused.push({ row: i + 1, reason: (one.refused[0] as Refusal).reason });
  });
  return out;
}

/** CSV with a header row; null fields where a row is short, a refusal where it is long or unterminated. */
export function readCsvRows(text: string, now: Date): ParsedRows | { error: string } {
  const records = parseCsv(text);
  const header = records.shift();
  if (!header) return { error: 'csv: the text has no header row' };
  if (records.length > MAX_ROWS) return { error: `csv: ${records.length} rows; at most ${MAX_ROWS} a call, split the file` };
  const names = header.fields.map((f) => f.trim());
  const cols = columnMap(names);
  if (!cols.has('linkedinUrl')) return { error: `csv: no LinkedIn profile column in the header (one of ${ALIASES.linkedinUrl.join(', ')})` };
  const items = records.map((rec): Item => {
    if (rec.unterminated) return { raw: null, line: rec.line, fault: 'a quoted field is never closed (the rest of the text is in it)' };
    if (rec.fields.length > names.length && rec.fields.slice(names.length).some((f) => f.trim())) {
      return { raw: null, line: rec.line, fault: `the row has ${rec.fields.length} fields, the header ${names.length}` };
    }
    return { raw: Object.fromEntries(names.map((n, i) => [n, rec.fields[i] ?? null])), line: rec.line };
  });
  return judge(items, cols, now);
}
