import type { Context } from 'hono';
import { ToolError } from '../errors.js';

export const MAX_BODY_BYTES = 1024 * 1024;

/** An invalid_request answered with an HTTP status of its own (413, 415) rather than 400. */
export class HttpRefusal extends ToolError {
  constructor(
    readonly status: 413 | 415,
    message: string,
  ) {
    super('invalid_request', message);
  }
}

/**
 * The client went away while its body was arriving: an invalid_request nobody is left to
 * read, and no fault of ours (the error handlers log it at debug, not as a fault).
 */
export class ClientAbortError extends ToolError {
  constructor() {
    super('invalid_request', 'the client closed the connection before its request body arrived');
    this.name = 'ClientAbortError';
  }
}

const isAbort = (e: unknown): boolean => {
  const err = e as { code?: string; name?: string } | null;
  return err?.code === 'ECONNRESET' || err?.name === 'AbortError';
};

/** application/json or a +json type, in UTF-8 (the only encoding JSON has, RFC 8259). */
export function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  const [type = '', ...params] = header
    .toLowerCase()
    .split(';')
    .map((s) => s.trim());
  if (type !== 'application/json' && !/^application\/[a-z0-9.!#$&^_-]+\+json$/.test(type)) return false;
  const charset = params
    .find((p) => p.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/"/g, '');
  return charset === undefined || charset === 'utf-8' || charset === 'utf8';
}

/**
 * Reads a request body as text, refusing one larger than `max` bytes. The declared
 * Content-Length is checked before anything is read; a chunked body is counted as it
 * arrives. Touching the raw web Request is avoided on the common path because the
 * Node adapter builds it lazily and at a real cost per request. A client that
 * disconnects mid-body surfaces as ClientAbortError.
 */
export async function readBodyText(c: Context, max: number): Promise<string | null> {
  try {
    return await readCapped(c, max);
  } catch (e) {
    throw isAbort(e) ? new ClientAbortError() : e;
  }
}

/** Bodies up to this size are drained before a 413, so the client reads the answer. */
const LINGER_MAX_BYTES = 32 * 1024 * 1024;

async function discard(c: Context): Promise<void> {
  const body = c.req.raw.body;
  if (!body) return;
  const reader = body.getReader();
  for (;;) if ((await reader.read()).done) return;
}

async function readCapped(c: Context, max: number): Promise<string | null> {
  const declared = c.req.header('content-length');
  if (declared !== undefined && !c.req.header('transfer-encoding')) {
    if (Number(declared) > max) {
      // A body a little over the cap is read and dropped before the 413 goes out: closing
      // on a client still writing makes it see EPIPE instead of the answer. A huge one is not.
      if (Number(declared) <= LINGER_MAX_BYTES) await discard(c);
      return null;
    }
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
