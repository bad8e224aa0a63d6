import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { allTools } from './registry/catalog.js';
import { buildOpenApi } from './http/openapi.js';
import { API_BASE } from './http/rest.js';

/**
 * Writes the generated contracts: schemas/openapi.json and the README's tool table.
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

export function withTable(readme: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < 0) throw new Error(`README.md lacks the ${START} … ${END} markers`);
  return readme.slice(0, start) + toolTable() + readme.slice(end + END.length);
}

function main(check: boolean): number {
  const targets: Array<[string, string]> = [
    [path.join(root, 'schemas/openapi.json'), openApiText()],
    [path.join(root, 'README.md'), withTable(fs.readFileSync(path.join(root, 'README.md'), 'utf8'))],
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
