import type { z } from 'zod';
import type { Ctx, Scope } from '../context.js';
import { idempotencyKey } from '../../schemas/fields.js';

export type Kind = Scope;

export interface HttpRoute {
  method: 'GET' | 'POST';
  /** Path under /api/public/v1 with {param} placeholders, e.g. /campaigns/{campaign_id}. */
  path: string;
}

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface ToolSpec<I extends z.ZodObject, O extends z.ZodType> {
  name: string;
  title: string;
  description: string;
  kind: Kind;
  http: HttpRoute;
  input: I;
  output: O;
  /** Overrides of the annotations derived from kind (destructive, idempotent, open world). */
  hints?: Partial<Pick<ToolAnnotations, 'destructiveHint' | 'idempotentHint' | 'openWorldHint'>>;
  /**
   * Input fields of which at least one must be given (a patch that changes nothing is
   * refused). The registry enforces it and the OpenAPI request body states it.
   */
  requireAny?: readonly string[];
  /**
   * Rules between fields that core enforces (e.g. one field only with a given value of
   * another), as JSON Schema for the OpenAPI request body, so the document refuses what
   * the server refuses. The MCP input schema stays a flat object.
   */
  bodyRules?: readonly Record<string, unknown>[];
  /**
   * Top-level fields of the result that hold a secret shown once. An idempotent retry is
   * then not replayed: the stored result keeps everything but these fields, and the retry
   * is told what the first call created instead of being handed the secret again.
   */
  secretFields?: readonly string[];
  /** A larger request body than the default cap, for tools that take bulk data. */
  maxBodyBytes?: number;
  handler: (input: z.output<I>, ctx: Ctx) => Promise<z.input<O>>;
}

export interface Tool<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType> extends ToolSpec<I, O> {
  annotations: ToolAnnotations;
}

/**
 * Declares one operation. Kind drives behaviour: the scope it needs, its rate-limit
 * bucket and its annotations all derive from it; no handler checks scopes itself.
 * Every write and send tool takes an optional idempotency_key (the MCP counterpart of
 * the Idempotency-Key header), added here so no tool file has to repeat it.
 */
export function defineTool<I extends z.ZodObject, O extends z.ZodType>(spec: ToolSpec<I, O>): Tool<I, O> {
  const readOnly = spec.kind === 'read';
  return {
    ...spec,
    ...(readOnly || 'idempotency_key' in spec.input.shape ? {} : withIdempotencyKey(spec)),
    annotations: {
      readOnlyHint: readOnly,
      destructiveHint: spec.hints?.destructiveHint ?? false,
      idempotentHint: spec.hints?.idempotentHint ?? readOnly,
      openWorldHint: spec.hints?.openWorldHint ?? false,
    },
  };
}

/** The key is the registry's business: the handler of a tool that did not ask for it never sees it. */
function withIdempotencyKey<I extends z.ZodObject, O extends z.ZodType>(spec: ToolSpec<I, O>): Pick<ToolSpec<I, O>, 'input' | 'handler'> {
  return {
    input: spec.input.extend({ idempotency_key: idempotencyKey }) as unknown as I,
    handler: (input, ctx) => {
      const { idempotency_key: _key, ...rest } = input as Record<string, unknown>;
      return spec.handler(rest as z.output<I>, ctx);
    },
  };
}

// The registry holds tools of many input/output types; adapters treat them uniformly.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool = Tool<any, any>;
