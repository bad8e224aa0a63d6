/**
 * npm run bench:credits — the dry run's credit estimate against what the run charges.
 *
 * Serves every page of the shared eval folder (../shared/eval/real and
 * ../shared/eval/pages; EVAL_DIR overrides) on a loopback port, and for each page
 * creates a campaign, asks start_campaign_run's dry run for its cost_preview, runs the
 * campaign to the end with the offline engine, and reads what the ledger charged (an
 * enrichment's credit is charged with its speaker's drafts). Prints one row per page
 * (speakers, estimate, charged, difference), the totals, how many pages are within 10%
 * and how many charged credits while drafting nobody; `--json` prints the rows as JSON.
 * Nothing is read from the network.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.js';
import { openInstance } from '../src/instance.js';
import { createLogger } from '../src/log.js';
import { addConferenceUrl, insertCampaign } from '../src/core/campaigns.js';
import { getBalance } from '../src/core/credits.js';
import { previewRun, startRun } from '../src/core/runs.js';
import { startSite, type SitePage } from '../src/demo/site.js';
import { Scheduler } from '../src/pipeline/scheduler.js';
import { benchOwner } from './owner.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const evalDir = process.env.EVAL_DIR ?? path.resolve(here, '../..', '../shared/eval');

interface EvalPage {
  label: string;
  /** Where the page lives, shaped like the platform's live endpoint. */
  route: string;
  files: Record<string, string>;
}

/** The platform pages of real/, at the paths their extractors expect (as bench/draft-quality.ts serves them). */
const REAL: Array<{ file: string; route: string; also?: Record<string, string> }> = [
  { file: 'sessionize-all-global-azure-2021.json', route: '/api/v2/evalall/view/All' },
  {
    file: 'pretalx-speakers-juliacon.json',
    route: '/api/events/juliacon2023/speakers/',
    also: { '/api/events/juliacon2023/submissions/': 'pretalx-talks-juliacon.json' },
  },
  { file: 'c3voc-schedule-pretalx-rc3.json', route: '/rc3/schedule/export/schedule.json' },
  { file: 'c3voc-schedule-frab-camp2019.json', route: '/en/camp2019/public/schedule.json' },
  { file: 'hoverboard-speakers-gdg-ukraine.json', route: '/data/speakers.json' },
  { file: 'custom-speakers-jsdayie.json', route: '/content/speakers.json' },
  { file: 'zeppelin-speakers-devfestpt-2021.yml', route: '/_data/speakers.yml', also: { '/_data/sessions.yml': 'zeppelin-sessions-devfestpt-2021.yml' } },
  { file: 'html-speakers-gdg-ukraine-2014.html', route: '/2014/speakers/' },
  { file: 'html-speakers-stirtrek.html', route: '/Speakers/' },
  { file: 'html-speakers-drupalcamp-2017.html', route: '/en/speakers/' },
];

function evalPages(): EvalPage[] {
  const out: EvalPage[] = [];
  for (const p of REAL) {
    if (!fs.existsSync(path.join(evalDir, 'real', p.file))) continue;
    const files: Record<string, string> = { [p.route]: path.join('real', p.file) };
    for (const [route, file] of Object.entries(p.also ?? {})) files[route] = path.join('real', file);
    out.push({ label: `real/${p.file}`, route: p.route, files });
  }
  const pagesDir = path.join(evalDir, 'pages');
  if (fs.existsSync(pagesDir)) {
    for (const file of fs
      .readdirSync(pagesDir)
      .filter((f) => f.endsWith('.html'))
      .sort()) {
      out.push({ label: `pages/${file}`, route: `/pages/${file}`, files: { [`/pages/${file}`]: path.join('pages', file) } });
    }
  }
  return out;
}

function contentType(file: string): string {
  if (file.endsWith('.json')) return 'application/json';
  if (file.endsWith('.yml')) return 'application/yaml';
  return 'text/html; charset=utf-8';
}

export interface Row {
  page: string;
  speakers: number;
  qualified: number;
  estimate: number;
  charged: number;
  enrich_charged: number;
  draft_charged: number;
}

async function main(): Promise<void> {
  if (!fs.existsSync(evalDir)) throw new Error(`eval folder not found at ${evalDir} (set EVAL_DIR)`);
  const pages = evalPages();
  const site: Record<string, SitePage> = {};
  for (const p of pages)
    for (const [route, file] of Object.entries(p.files))
      site[route] = { contentType: contentType(file), body: fs.readFileSync(path.join(evalDir, file), 'utf8') };
  const server = await startSite(site);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'greenroom-bench-credits-'));
  const config = loadConfig(
    {},
    { GREENROOM_DB: path.join(dir, 'bench.db'), GREENROOM_ALLOW_HOSTS: server.host, GREENROOM_SCRAPE_PACING_MS: '0', GREENROOM_LOG_LEVEL: 'warn' },
  );
  const instance = await openInstance(config, { logger: createLogger('warn') });
  const ctx = await benchOwner(instance, 1_000_000);
  const rows: Row[] = [];
  try {
    for (const page of pages) {
      const { campaign } = await insertCampaign(ctx, { name: page.label });
      await addConferenceUrl(ctx, campaign.id, server.url(page.route));
      const preview = await previewRun(ctx, campaign.id, { readPages: true });
      const before = await getBalance(instance.db, ctx.principal.userId);
      await startRun(ctx, campaign.id);
      await new Scheduler(instance).drain();
      const charged = before - (await getBalance(instance.db, ctx.principal.userId));
      const c = await instance.db
        .selectFrom('speakers')
        .select([sql<number>`count(*)`.as('n'), sql<number>`sum(case when qualified = 1 then 1 else 0 end)`.as('q')])
        .where('campaign_id', '=', campaign.id)
        .executeTakeFirstOrThrow();
      const refs = await instance.db
        .selectFrom('credit_ledger')
        .innerJoin('speakers', (j) => j.on(sql`credit_ledger.reference`, '=', sql`'enrich:' || speakers.id`))
        .select(sql<number>`count(*)`.as('n'))
        .where('speakers.campaign_id', '=', campaign.id)
        .executeTakeFirstOrThrow();
      const enrichCharged = Number(refs.n);
      rows.push({
        page: page.label,
        speakers: Number(c.n),
        qualified: Number(c.q ?? 0),
        estimate: preview.credits,
        charged,
        enrich_charged: enrichCharged,
        draft_charged: charged - enrichCharged,
      });
    }
  } finally {
    await instance.close();
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (process.argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return;
  }
  const diff = (r: { estimate: number; charged: number }) =>
    r.charged === 0 ? (r.estimate === 0 ? '0%' : 'n/a') : `${(((r.estimate - r.charged) / r.charged) * 100).toFixed(1)}%`;
  const total = rows.reduce(
    (a, r) => ({
      speakers: a.speakers + r.speakers,
      qualified: a.qualified + r.qualified,
      estimate: a.estimate + r.estimate,
      charged: a.charged + r.charged,
      enrich: a.enrich + r.enrich_charged,
      draft: a.draft + r.draft_charged,
    }),
    { speakers: 0, qualified: 0, estimate: 0, charged: 0, enrich: 0, draft: 0 },
  );
  const lines = [
    '| page | speakers | qualified | estimate | charged (enrich + draft) | difference |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.page} | ${r.speakers} | ${r.qualified} | ${r.estimate} | ${r.charged} (${r.enrich_charged} + ${r.draft_charged}) | ${diff(r)} |`),
    `| **all ${rows.length} pages** | ${total.speakers} | ${total.qualified} | ${total.estimate} | ${total.charged} (${total.enrich} + ${total.draft}) | ${diff(total)} |`,
  ];
  const within = rows.filter((r) => Math.abs(r.estimate - r.charged) <= Math.max(0, r.charged * 0.1)).length;
  const idle = rows.filter((r) => r.charged > 0 && r.draft_charged === 0).length;
  process.stdout.write(`${lines.join('\n')}\n\n${within} of ${rows.length} pages within 10%; ${idle} charged credits and drafted nobody.\n`);
}

await main();
