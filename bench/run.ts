import { fmt, type BenchResult } from './support.js';
import * as http from './http.js';
import * as models from './models.js';
import * as pipeline from './pipeline.js';
import * as qa from './qa.js';
import * as webhooks from './webhooks.js';
import * as push from './push.js';
import * as rewrite from './rewrite.js';
import * as intent from './intent.js';
import * as search from './search.js';
import * as soak from './soak.js';

/**
 * npm run bench: every benchmark in one run, with the figures and whether each target
 * holds. The soak (20 minutes by default, SOAK_MINUTES) runs only when named.
 */
const BY_NAME_ONLY = new Set(['soak']);
const SUITES: Array<[string, { run(): Promise<BenchResult[]> }]> = [
  ['http', http],
  ['pipeline', pipeline],
  ['qa', qa],
  ['webhooks', webhooks],
  ['push', push],
  ['rewrite', rewrite],
  ['intent', intent],
  ['models', models],
  ['search', search],
  ['soak', soak],
];

async function main(): Promise<void> {
  const only = process.argv[2];
  const rows: BenchResult[] = [];
  for (const [name, suite] of SUITES) {
    if (only ? only !== name : BY_NAME_ONLY.has(name)) continue;
    process.stderr.write(`running ${name}…\n`);
    rows.push(...(await suite.run()));
  }
  const lines = ['| benchmark | measured | target | holds |', '|---|---|---|---|'];
  for (const r of rows) lines.push(`| ${r.name} | ${fmt(r.value, r.value < 100 ? 1 : 0)} ${r.unit} | ${r.target} | ${r.pass ? 'yes' : 'NO'} |`);
  process.stdout.write(`${lines.join('\n')}\n`);
  if (rows.some((r) => !r.pass)) process.exitCode = 1;
}

await main();
