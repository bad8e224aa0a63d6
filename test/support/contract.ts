import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { z } from 'zod';
import { findTool } from '../../src/registry/catalog.js';
import type { AnyTool } from '../../src/registry/define.js';
import { ErrorEnvelope, envelopeJsonSchema, toJson } from '../../src/registry/json-schema.js';

type JsonSchema = Record<string, unknown>;

/**
 * What the server answers outside a registered tool (an unknown route, a wrong method,
 * the event stream, agent sign-up): still the envelope, naming an operation and a kind,
 * with ok and error agreeing.
 */
const OperationEnvelope = z
  .strictObject({
    ok: z.boolean(),
    tool: z.string().min(1),
    kind: z.enum(['read', 'write', 'send']),
    data: z.unknown(),
    error: z.strictObject({ code: z.string(), message: z.string() }).nullable(),
  })
  .refine((e) => e.ok === (e.error === null) && (e.ok || e.data === null), 'ok, data and error disagree');

/** The validator the SDK client itself uses, so both transports are judged alike. */
const ajv = new AjvJsonSchemaValidator();
const validators = new Map<string, (value: unknown) => { valid: boolean; errorMessage?: string }>();

/**
 * A copy of the schema in which every object is closed: an object that declares its
 * properties may carry no others, at any depth. The published schemas are already
 * closed (zod's output mode closes every z.object); a tool that opened one (a
 * looseObject, a passthrough) would still be held to the fields it names here.
 * An object that declares no properties at all (a record) keeps its own rule.
 */
export function deepStrict(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(deepStrict);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(schema)) out[k] = k === 'properties' ? mapValues(v as JsonSchema, deepStrict) : deepStrict(v);
  if (out.type === 'object' && out.properties !== undefined) out.additionalProperties = false;
  return out;
}

function mapValues(o: JsonSchema, fn: (v: unknown) => unknown): JsonSchema {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, fn(v)]));
}

function validatorFor(key: string, schema: () => JsonSchema) {
  let v = validators.get(key);
  if (!v) validators.set(key, (v = ajv.getValidator(deepStrict(schema()) as JsonSchema)));
  return v;
}

/**
 * Holds an answer to its tool's declared contract (CONVENTIONS 13): the whole envelope
 * against the envelope schema the tool publishes, made deep-strict, and a successful
 * answer's data against the tool's own zod output as well. Throws on any mismatch.
 */
export function assertContract(body: unknown, via: string): void {
  if (typeof body !== 'object' || body === null || !('ok' in body) || !('tool' in body)) return;
  const env = body as { ok: unknown; tool: unknown; data: unknown };
  const tool = typeof env.tool === 'string' ? findTool(env.tool) : undefined;
  if (!tool) {
    const parsed = OperationEnvelope.safeParse(body);
    if (!parsed.success) throw new Error(`${via}: an answer outside the registered tools is not the envelope: ${parsed.error.message}`);
    return;
  }
  check(
    validatorFor(`envelope:${tool.name}`, () => envelopeJsonSchema(tool)),
    body,
    `${via} ${tool.name}`,
  );
  if (env.ok === true) checkData(tool, env.data, via);
  else
    check(
      validatorFor('error-envelope', () => toJson(ErrorEnvelope, 'output')),
      body,
      `${via} ${tool.name} refusal`,
    );
}

function checkData(tool: AnyTool, data: unknown, via: string): void {
  check(
    validatorFor(`data:${tool.name}`, () => toJson(tool.output, 'output')),
    data,
    `${via} ${tool.name} data`,
  );
  const parsed = tool.output.safeParse(data);
  if (!parsed.success) throw new Error(`${via} ${tool.name}: data does not parse with its output schema: ${parsed.error.message}`);
}

function check(validate: (value: unknown) => { valid: boolean; errorMessage?: string }, value: unknown, what: string): void {
  const r = validate(value);
  if (!r.valid) throw new Error(`${what} breaks its declared contract: ${r.errorMessage}\n${JSON.stringify(value).slice(0, 2000)}`);
}
