import { z } from 'zod';
import type { AnyTool } from './define.js';

type JsonSchema = Record<string, unknown>;

const ErrorObject = z.object({ code: z.string(), message: z.string() });

/** The envelope of SPEC part 1, with this tool's data schema in `data`. */
export function envelopeOf(tool: AnyTool) {
  return z.object({
    ok: z.boolean(),
    tool: z.string(),
    kind: z.enum(['read', 'write', 'send']),
    data: tool.output.nullable(),
    error: ErrorObject.nullable(),
  });
}

export const ErrorEnvelope = z.object({
  ok: z.literal(false),
  tool: z.string(),
  kind: z.enum(['read', 'write', 'send']),
  data: z.null(),
  error: ErrorObject,
});

function strip(schema: JsonSchema): JsonSchema {
  const { $schema: _s, ...rest } = schema;
  return rest;
}

const inputCache = new WeakMap<AnyTool, JsonSchema>();
const outputCache = new WeakMap<AnyTool, JsonSchema>();

export function inputJsonSchema(tool: AnyTool): JsonSchema {
  let s = inputCache.get(tool);
  if (!s) inputCache.set(tool, (s = strip(z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' }) as JsonSchema)));
  return s;
}

export function envelopeJsonSchema(tool: AnyTool): JsonSchema {
  let s = outputCache.get(tool);
  if (!s) outputCache.set(tool, (s = strip(z.toJSONSchema(envelopeOf(tool), { io: 'output', unrepresentable: 'any' }) as JsonSchema)));
  return s;
}

export function toJson(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return strip(z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema);
}

/** JSON types of the top-level input fields, used to read query strings. */
export function fieldTypes(tool: AnyTool): Map<string, string> {
  const props = (inputJsonSchema(tool).properties ?? {}) as Record<string, JsonSchema>;
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(props)) out.set(k, typeof v.type === 'string' ? v.type : 'string');
  return out;
}
