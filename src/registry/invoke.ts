import { z } from 'zod';
import type { Ctx, Principal, Services } from '../context.js';
import { ERROR_STATUS, INTERNAL_ERROR_STATUS, ToolError, type EnvelopeCode } from '../errors.js';
import { canonicalJson, sha256 } from '../core/canonical.js';
import { beginIdempotent, completeIdempotent, peekIdempotent, releaseIdempotent, type IdempotencySlot } from '../core/idempotency.js';
import type { AnyTool, Kind } from './define.js';

export interface Envelope {
  ok: boolean;
  tool: string;
  kind: Kind;
  data: unknown;
  error: { code: EnvelopeCode; message: string } | null;
}

export interface Outcome {
  envelope: Envelope;
  status: number;
  retryAfter?: number;
}

export interface InvokeOptions {
  /** The Idempotency-Key header, when the transport has one. */
  idempotencyKey?: string;
}

const MAX_IDEMPOTENCY_KEY = 200;

/**
 * The one path every call takes, whichever adapter it came through: authentication
 * result, scope, rate limit, validation, idempotency, handler, envelope.
 */
export async function invokeTool(
  tool: AnyTool,
  raw: unknown,
  services: Services,
  principal: Principal | ToolError,
  opts: InvokeOptions = {},
): Promise<Outcome> {
  try {
    if (principal instanceof ToolError) throw principal;
    await authorize(tool, principal, services);
    const input = parseInput(tool, raw);
    const ctx = contextOf(services, principal);
    const slot = idempotencySlot(tool, input, principal, opts.idempotencyKey);
    if (!slot) return success(tool, await tool.handler(input, ctx));
    // A dry run writes nothing, its key included, but a key already used for other arguments is still refused.
    if (input.dry_run === true) {
      await peekIdempotent(ctx.db, slot);
      return success(tool, await tool.handler(input, ctx));
    }
    return await runIdempotent(tool, input, ctx, slot);
  } catch (err) {
    return failure(tool, err, services);
  }
}

/**
 * A handler's context: the services and the caller. A resolved key's principal is the same
 * object for every request until the key cache lets it go, so its context is built once
 * rather than copying every service per call; a context is never written to.
 */
const contexts = new WeakMap<Principal, { services: Services; ctx: Ctx }>();

function contextOf(services: Services, principal: Principal): Ctx {
  const known = contexts.get(principal);
  if (known?.services === services) return known.ctx;
  const ctx: Ctx = { ...services, principal };
  contexts.set(principal, { services, ctx });
  return ctx;
}

/** Scope and rate limit, the checks every call and stream passes before any work. */
export async function authorize(tool: { name: string; kind: Kind }, principal: Principal, services: Services): Promise<void> {
  if (!principal.scopes.includes(tool.kind)) {
    throw new ToolError('forbidden_scope', `${tool.name} needs the ${tool.kind} scope; this credential has ${principal.scopes.join(', ') || 'no scopes'}`);
  }
  const decision = await services.limiter.take(principal.tokenId, tool.kind, services.clock.now().getTime());
  if (!decision.ok) {
    throw new ToolError('rate_limited', `Too many ${tool.kind} calls for this credential; retry in ${decision.retryAfter} s`, {
      retryAfter: decision.retryAfter,
    });
  }
}

export function parseInput(tool: AnyTool, raw: unknown): z.output<AnyTool['input']> {
  const parsed = tool.input.safeParse(raw ?? {});
  if (!parsed.success) throw new ToolError('invalid_request', formatIssues(parsed.error));
  const any = tool.requireAny;
  if (any && !any.some((k) => (parsed.data as Record<string, unknown>)[k] !== undefined)) {
    throw new ToolError('invalid_request', `nothing to update: send at least one of ${any.join(', ')}`);
  }
  return parsed.data;
}

/** Enough to name every field of any tool's input; a flood (a list of 1,000 bad items) is cut and counted. */
export const MAX_REPORTED_ISSUES = 25;

/** Every problem with the input, so a caller fixes them in one round rather than one per call. */
export function formatIssues(error: z.ZodError): string {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const i of error.issues) {
    const where = i.path.length ? i.path.join('.') : 'input';
    if (i.code === 'unrecognized_keys') {
      lines.push(`${where}: unknown field${i.keys.length > 1 ? 's' : ''} ${i.keys.join(', ')}`);
    } else if (!seen.has(where)) {
      // One problem per field: a blank list item is both "blank" and "too short", which says it twice.
      seen.add(where);
      lines.push(`${where}: ${i.message}`);
    }
  }
  const shown = lines.slice(0, MAX_REPORTED_ISSUES).join('; ');
  const more = lines.length - MAX_REPORTED_ISSUES;
  return more > 0 ? `${shown}; and ${more} more problem${more > 1 ? 's' : ''}` : shown;
}

function idempotencySlot(tool: AnyTool, input: Record<string, unknown>, principal: Principal, header?: string): IdempotencySlot | null {
  if (tool.http.method !== 'POST') return null;
  const bodyKey = typeof input.idempotency_key === 'string' ? input.idempotency_key : undefined;
  // The SPEC sets only a maximum for the header: an empty one names no key, as if absent.
  if (header !== undefined && header.length > MAX_IDEMPOTENCY_KEY) {
    throw new ToolError('invalid_request', `Idempotency-Key must be at most ${MAX_IDEMPOTENCY_KEY} characters`);
  }
  if (header && bodyKey && header !== bodyKey) {
    throw new ToolError('invalid_request', 'Idempotency-Key header and idempotency_key differ; send one key');
  }
  const key = header || bodyKey;
  if (!key) return null;
  const { idempotency_key: _ignored, ...args } = input;
  return { principal: principal.tokenId, tool: tool.name, key, argsHash: sha256(canonicalJson(args)) };
}

async function runIdempotent(tool: AnyTool, input: unknown, ctx: Ctx, slot: IdempotencySlot): Promise<Outcome> {
  const begun = await beginIdempotent(ctx.db, slot, ctx.clock.now());
  if (begun.kind === 'replay') return tool.secretFields ? refuseSecretReplay(begun.response) : success(tool, begun.response);
  try {
    const data = await tool.handler(input, ctx);
    await completeIdempotent(ctx.db, slot, begun.claim, withoutSecrets(tool, data));
    return success(tool, data);
  } catch (err) {
    // Only a success is remembered: a refused or failed attempt may be retried with the same key.
    await releaseIdempotent(ctx.db, slot, begun.claim);
    throw err;
  }
}

/** What is kept of a result for replays: never a secret that is shown once (SPEC: returned once, never again). */
function withoutSecrets(tool: AnyTool, data: unknown): unknown {
  if (!tool.secretFields || typeof data !== 'object' || data === null) return data;
  return Object.fromEntries(Object.entries(data).filter(([k]) => !tool.secretFields?.includes(k)));
}

function refuseSecretReplay(stored: unknown): never {
  throw new ToolError(
    'tool_error',
    `The first request with this idempotency key already succeeded; its secret was shown once and is not shown again. What it created: ${JSON.stringify(stored)}. If the secret was lost, delete that and create it again with a new key.`,
  );
}

function success(tool: AnyTool, data: unknown): Outcome {
  return { status: 200, envelope: { ok: true, tool: tool.name, kind: tool.kind, data, error: null } };
}

export function failure(tool: { name: string; kind: Kind }, err: unknown, services: Pick<Services, 'logger'>): Outcome {
  if (err instanceof ToolError) {
    return {
      status: ERROR_STATUS[err.code],
      retryAfter: err.retryAfter,
      envelope: { ok: false, tool: tool.name, kind: tool.kind, data: null, error: { code: err.code, message: err.message } },
    };
  }
  services.logger.error({ err, tool: tool.name }, 'unexpected fault in tool');
  return {
    status: INTERNAL_ERROR_STATUS,
    envelope: { ok: false, tool: tool.name, kind: tool.kind, data: null, error: { code: 'tool_error', message: 'Internal error; the fault was logged' } },
  };
}
