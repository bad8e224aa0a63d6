import type { Context } from 'hono';

export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Reads a request body as text, refusing one larger than `max` bytes. The declared
 * Content-Length is checked before anything is read; a chunked body is counted as it
 * arrives. Touching the raw web Request is avoided on the common path because the
 * Node adapter builds it lazily and at a real cost per request.
 */
export async function readBodyText(c: Context, max: number): Promise<string | null> {
  const declared = c.req.header('content-length');
  if (declared !== undefined && !c.req.header('transfer-encoding')) {
    if (Number(declared) > max) return null;
    return c.req.text();
  }
  const body = c.req.raw.body;
  if (!body) return '';
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
