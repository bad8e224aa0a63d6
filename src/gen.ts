import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { allTools } from './registry/catalog.js';
import { buildOpenApi } from './http/openapi.js';
import { API_BASE } from './http/rest.js';

/**
 * Writes the generated contracts: schemas/openapi.json and the operations table of docs/api.md.
 * With --check it writes nothing and fails when either is stale (CI runs that).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const START = '<!-- tools:start -->';
const END = '<!-- tools:end -->';

export function openApiText(): string {
  return `${JSON.stringify(buildOpenApi(allTools(), API_BASE), null, 2)}\n`;
}

export function toolTable(): string {
  const rows = allTools().map((t) => `| \`${t.name}\` | ${t.kind} | \`${t.http.method} ${t.http.path}\` | ${t.title} |`);
  return [START, '| tool (operationId) | scope | HTTP | what it does |', '|---|---|---|---|', ...rows, END].join('\n');
}

/** The page that holds the operations table, between its markers. */
export const TABLE_PAGE = 'docs/api.md';

export function withTable(page: string): string {
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < 0) throw new Error(`${TABLE_PAGE} lacks the ${START} … ${END} markers`);
  return page.slice(0, start) + toolTable() + page.slice(end + END.length);
}

function main(check: boolean): number {
  const targets: Array<[string, string]> = [
    [path.join(root, 'schemas/openapi.json'), openApiText()],
    [path.join(root, TABLE_PAGE), withTable(fs.readFileSync(path.join(root, TABLE_PAGE), 'utf8'))],
  ];
  let stale = 0;
  for (const [file, text] of targets) {
    const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    if (current === text) continue;
    stale++;
    if (check) process.stderr.write(`${path.relative(root, file)} is stale: run npm run gen\n`);
    else fs.writeFileSync(file, text);
  }
  return check && stale ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  process.exitCode = main(process.argv.includes('--check'));
}
