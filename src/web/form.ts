import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { readBodyText } from '../http/body.js';

const MAX_FORM_BYTES = 64 * 1024;

/** A submitted urlencoded form; any other body reads as an empty form. */
export async function readForm(c: Context): Promise<URLSearchParams> {
  const type = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return new URLSearchParams();
  const text = await readBodyText(c, MAX_FORM_BYTES);
  return new URLSearchParams(text ?? '');
}

/**
 * The peer address of the connection. Forwarded headers are not trusted: a proxy in
 * front would make every request look alike, which only makes the limits stricter.
 */
export function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
