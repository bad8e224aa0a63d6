import type { Context } from 'hono';
import { readBodyText } from '../http/body.js';

const MAX_FORM_BYTES = 64 * 1024;

/** A submitted urlencoded form; any other body reads as an empty form. */
export async function readForm(c: Context): Promise<URLSearchParams> {
  const type = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return new URLSearchParams();
  const text = await readBodyText(c, MAX_FORM_BYTES);
  return new URLSearchParams(text ?? '');
}
