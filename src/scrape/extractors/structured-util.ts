/**
 * Helpers shared by the extractors that read structured documents (JSON, YAML,
 * XML) rather than HTML pages.
 */
import type { FetchPage, Page } from '../types.js';

export type JsonRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const parsed = new WeakMap<Page, unknown>();

/** Parses a page body as JSON once per page; undefined when it is not JSON. */
export function pageJson(page: Page): unknown {
  if (parsed.has(page)) return parsed.get(page);
  const value = parseJson(page.body);
  parsed.set(page, value);
  return value;
}

export function parseJson(body: string): unknown {
  const text = body.replace(/^\uFEFF/, '').trim();
  if (!text.startsWith('{') && !text.startsWith('[')) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const LANGUAGE_KEY = /^[a-z]{2}([-_][a-z0-9]{2,8})*$/i;

/**
 * A non-empty trimmed string from a scalar. Multilingual objects such as
 * pretalx's {"en": "Title"} yield English when present, else their first text.
 */
export function str(value: unknown): string | undefined {
  if (typeof value === 'string') {
    const text = value.trim();
    return text.length > 0 ? text : undefined;
  }
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (isRecord(value) && Object.keys(value).length > 0 && Object.keys(value).every((k) => LANGUAGE_KEY.test(k))) {
    const values = [value.en, ...Object.values(value)];
    for (const v of values) if (typeof v === 'string' && v.trim()) return v.trim();
  }
  return undefined;
}

/** The first key of the record that holds a usable string. */
export function firstStr(record: JsonRecord, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = str(record[key]);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** Identifiers compare as strings: the same id is a number in one file and a string in another. */
export function idOf(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value.trim()) return value.trim();
  return undefined;
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Fetches a follow-up document; any failure (status, network, guard) counts as absent. */
export async function fetchOptional(fetchPage: FetchPage, url: string | null): Promise<Page | null> {
  if (!url) return null;
  try {
    const page = await fetchPage(url);
    return page.status >= 200 && page.status < 300 ? page : null;
  } catch {
    return null;
  }
}
