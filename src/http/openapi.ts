import { ERROR_STATUS, INTERNAL_ERROR_STATUS } from '../errors.js';
import type { AnyTool } from '../registry/define.js';
import { envelopeJsonSchema, inputJsonSchema, toJson, ErrorEnvelope } from '../registry/json-schema.js';
import { API_VERSION } from '../version.js';
import { IDEMPOTENCY_RULE } from '../../schemas/fields.js';
import { API_BASE } from './rest.js';
import { SIGNUP_POLL_SCHEME, signupPaths } from './openapi-signup.js';

type Json = Record<string, unknown>;

const ERROR_RESPONSES: Record<string, string> = {
  [ERROR_STATUS.invalid_request]: 'invalid_request: malformed or invalid input',
  [ERROR_STATUS.unauthenticated]: 'unauthenticated: missing or invalid credential',
  [ERROR_STATUS.forbidden_scope]:
    'forbidden_scope: the key lacks the scope; or invalid_request: the Host or Origin header is not allowed (DNS rebinding and cross-site protection)',
  [ERROR_STATUS.not_found]: 'not_found: the addressed resource does not exist',
  [ERROR_STATUS.tool_error]: 'tool_error: a valid request the domain refused',
  [ERROR_STATUS.rate_limited]: 'rate_limited: back off for Retry-After seconds',
  [INTERNAL_ERROR_STATUS]: 'tool_error: unexpected fault',
};

/** OpenAPI 3.1 generated from the registry; the committed schemas/openapi.json must equal it. */
export function buildOpenApi(tools: readonly AnyTool[], serverUrl = API_BASE): Json {
  const paths: Record<string, Json> = {};
  for (const tool of tools) {
    const entry = (paths[tool.http.path] ??= {});
    entry[tool.http.method.toLowerCase()] = operation(tool);
  }
  paths['/campaigns/{campaign_id}/events'] = { get: eventsOperation() };
  Object.assign(paths, signupPaths());
  return {
    openapi: '3.1.0',
    info: {
      title: 'Greenroom API',
      version: API_VERSION,
      description: 'Outbound outreach campaigns built around conferences. Every operation is also an MCP tool of the same name at /mcp.',
    },
    servers: [{ url: serverUrl }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'An API key (grn_...) with the scopes service:read, service:write, service:send' },
        signupPoll: SIGNUP_POLL_SCHEME,
      },
      schemas: { ErrorEnvelope: toJson(ErrorEnvelope, 'output') },
    },
    paths,
  };
}

function operation(tool: AnyTool): Json {
  const schema = inputJsonSchema(tool);
  const props = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required ?? []) as string[]);
  const pathParams = [...tool.http.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
  const parameters: Json[] = pathParams.map((name) => ({ name, in: 'path', required: true, schema: props[name] ?? { type: 'string' } }));
  const op: Json = {
    operationId: tool.name,
    summary: tool.title,
    description: tool.description,
    tags: [tool.kind],
    security: [{ bearer: [`service:${tool.kind}`] }],
    'x-greenroom-kind': tool.kind,
    parameters,
    responses: responses(tool),
  };
  const rest = Object.keys(props).filter((k) => !pathParams.includes(k));
  if (tool.http.method === 'GET') {
    for (const name of rest) parameters.push({ name, in: 'query', required: required.has(name), schema: props[name] });
  } else {
    parameters.push({ name: 'Idempotency-Key', in: 'header', required: false, description: IDEMPOTENCY_RULE, schema: { type: 'string', maxLength: 200 } });
    op.requestBody = requestBody(tool, props, rest, required);
  }
  return op;
}

function requestBody(tool: AnyTool, props: Record<string, Json>, fields: string[], required: Set<string>): Json {
  const body: Json = {
    type: 'object',
    properties: Object.fromEntries(fields.map((k) => [k, props[k]])),
    required: fields.filter((k) => required.has(k)),
    additionalProperties: false,
  };
  // A patch must change something: the server refuses a body without any of these fields.
  if (tool.requireAny) body.anyOf = tool.requireAny.map((k) => ({ required: [k] }));
  if (tool.bodyRules) body.allOf = [...tool.bodyRules];
  return { required: fields.some((k) => required.has(k)) || Boolean(tool.requireAny), content: { 'application/json': { schema: body } } };
}

/** The live stream is not a tool (no MCP twin), but it is part of the HTTP contract. */
function eventsOperation(): Json {
  return {
    operationId: 'stream_campaign_events',
    summary: 'Live events of a campaign',
    description:
      'Server-sent events for one campaign: run.progress {stage, done, total, drafted, waiting, held, failed}, run.completed {run_id, status}, run.started, url.scraped, drafts.ready, run.failed, run.paused {run_id, reason, drafted, waiting, held, credits_needed, balance}. ' +
      'held counts the people waiting for a chunk whom the recontact window holds back (another campaign pushed them within GREENROOM_RECONTACT_DAYS); waiting leaves them out, as get_run_status and campaign_stats do. ' +
      'Every webhook event of the campaign comes here too, such as message.ready, message.approved, push.completed, lead.accepted, lead.sent and lead.replied. ' +
      'Each event has an id; reconnect with Last-Event-ID to receive what was missed. A new connection starts with a `snapshot` event of the run status. Heartbeat comments keep idle streams open.',
    tags: ['read'],
    security: [{ bearer: ['service:read'] }],
    'x-greenroom-kind': 'read',
    parameters: [
      { name: 'campaign_id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
      { name: 'Last-Event-ID', in: 'header', required: false, schema: { type: 'string', pattern: '^\\d{1,15}$' } },
    ],
    responses: {
      '200': { description: 'An event stream', content: { 'text/event-stream': { schema: { type: 'string' } } } },
      ...Object.fromEntries(
        ['400', '401', '403', '404', '429'].map((status) => [
          status,
          { description: ERROR_RESPONSES[status], content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } },
        ]),
      ),
    },
  };
}

/** Only a request body can be too large or of the wrong type. */
const BODY_RESPONSES: Record<string, string> = {
  '413': 'invalid_request: the body is larger than 1 MiB',
  '415': 'invalid_request: a non-empty body must be JSON (Content-Type application/json or application/*+json, UTF-8)',
};

function responses(tool: AnyTool): Json {
  const out: Json = { '200': { description: 'Success envelope', content: { 'application/json': { schema: envelopeJsonSchema(tool) } } } };
  const cap = tool.maxBodyBytes ? { '413': `invalid_request: the body is larger than ${tool.maxBodyBytes / 1024 / 1024} MiB` } : {};
  const errors = tool.http.method === 'POST' ? { ...ERROR_RESPONSES, ...BODY_RESPONSES, ...cap } : ERROR_RESPONSES;
  for (const [status, description] of Object.entries(errors)) {
    out[status] = { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } };
  }
  return out;
}
