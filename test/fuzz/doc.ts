import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { openApiText } from '../../src/gen.js';

type Json = Record<string, any>;

export interface DocOperation {
  operationId: string;
  method: 'get' | 'post';
  path: string;
  op: Json;
  pathParams: Json[];
  queryParams: Json[];
  body: Json | null;
}

/** The generated OpenAPI document, every $ref resolved, as clients of the API see it. */
export async function loadDoc(): Promise<Json> {
  return (await SwaggerParser.dereference(JSON.parse(openApiText()))) as Json;
}

export function operations(doc: Json): DocOperation[] {
  const out: DocOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const [method, op] of Object.entries(item)) {
      const params = (op.parameters ?? []) as Json[];
      out.push({
        operationId: op.operationId,
        method: method as 'get' | 'post',
        path,
        op,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return out;
}

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv2020) => void;

/** JSON Schema 2020-12 validation with formats (uri, uuid, date-time) checked, as OpenAPI 3.1 means them. */
export function makeValidator(): (schema: Json) => ValidateFunction {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  const cache = new WeakMap<Json, ValidateFunction>();
  return (schema) => {
    let v = cache.get(schema);
    if (!v) cache.set(schema, (v = ajv.compile(schema)));
    return v;
  };
}
