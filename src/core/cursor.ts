import { createHmac, timingSafeEqual } from 'node:crypto';
import { ToolError } from '../errors.js';
import { canonicalJson } from './canonical.js';

export const DEFAULT_PAGE_SIZE = 50;

/**
 * Opaque keyset cursors: `<seq base36>.<mac>`, at most 32 characters. The MAC binds the
 * position to the credential, the operation and its filters, so a cursor from another
 * key or another query is refused rather than silently paging the wrong list.
 */
export interface CursorBinding {
  tokenId: string;
  tool: string;
  filters: Record<string, unknown>;
}

function mac(secret: Buffer, binding: CursorBinding, seq: string): string {
  const text = `${binding.tokenId}\u0000${binding.tool}\u0000${canonicalJson(binding.filters)}\u0000${seq}`;
  return createHmac('sha256', secret).update(text).digest('base64url').slice(0, 16);
}

export function encodeCursor(secret: Buffer, binding: CursorBinding, seq: number): string {
  const pos = seq.toString(36);
  return `${pos}.${mac(secret, binding, pos)}`;
}

export function decodeCursor(secret: Buffer, binding: CursorBinding, cursor: string): number {
  const [pos, tag] = cursor.split('.');
  const bad = new ToolError('invalid_request', 'cursor is not valid for this query; start again without a cursor');
  if (!pos || !tag || !/^[0-9a-z]{1,12}$/.test(pos)) throw bad;
  const expected = Buffer.from(mac(secret, binding, pos));
  const given = Buffer.from(tag);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw bad;
  return parseInt(pos, 36);
}

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
  has_more: boolean;
}

/** Rows were fetched with limit + 1: the extra row only says whether more exist. */
export function toPage<R extends { seq: number }, T>(rows: R[], limit: number, secret: Buffer, binding: CursorBinding, map: (row: R) => T): Page<T> {
  const has_more = rows.length > limit;
  const kept = has_more ? rows.slice(0, limit) : rows;
  const last = kept[kept.length - 1];
  return {
    items: kept.map(map),
    has_more,
    next_cursor: has_more && last ? encodeCursor(secret, binding, last.seq) : null,
  };
}
