/**
 * npm run bench:drafts — draft quality on real conference pages.
 *
 * Serves every page in the shared eval folder (EVAL_DIR, default ../shared/eval/real)
 * on a loopback port under a URL shaped like the live endpoint, runs one campaign per
 * page through the pipeline with the offline engine, and audits what it drafted
 * (bench/draft-audit.ts). Speakers the ICP screened out are then drafted too, by a
 * second run of the same campaign, so every scraped speaker is measured.
 *
 * Prints the figures as a table; `--json` prints them as JSON, `--examples` adds
 * up to six examples of each defect, `--dump=file` writes every drafted sequence.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config.js';
import { openInstance } from '../src/instance.js';
import { createLogger } from '../src/log.js';
import { addConferenceUrl, insertCampaign } from '../src/core/campaigns.js';
import { startRun } from '../src/core/runs.js';
import { startSite, type SitePage } from '../src/demo/site.js';
import { Scheduler } from '../src/pipeline/scheduler.js';
import { benchOwner } from './owner.js';
import { audit, type AuditedSpeaker } from './draft-audit.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const evalDir = process.env.EVAL_DIR ?? path.resolve(here, '../..', '../shared/eval/real');

interface EvalPage {
  file: string;
  /** Where the page lives, shaped like the platform's live endpoint. */
  path: string;
  /** Files an extractor follows from the page (API links). */
  also?: Record<string, string>;
  /** How a reader would name the event, when the page names it at all. */
  event: RegExp | null;
}

const PAGES: EvalPage[] = [
  { file: 'sessionize-all-global-azure-2021.json', path: '/api/v2/evalall/view/All', event: null },
  {
    file: 'pretalx-speakers-juliacon.json',
    path: '/api/events/juliacon2023/speakers/',
    also: { '/api/events/juliacon2023/submissions/': 'pretalx-talks-juliacon.json' },
    event: null,
  },
  { file: 'c3voc-schedule-pretalx-rc3.json', path: '/rc3/schedule/export/schedule.json', event: /\brC3\b/i },
  { file: 'c3voc-schedule-frab-camp2019.json', path: '/en/camp2019/public/schedule.json', event: /Chaos Communication Camp|\bCamp ?2019\b/i },
  { file: 'hoverboard-speakers-gdg-ukraine.json', path: '/data/speakers.json', event: null },
  { file: 'custom-speakers-jsdayie.json', path: '/content/speakers.json', event: null },
  {
    file: 'zeppelin-speakers-devfestpt-2021.yml',
    path: '/_data/speakers.yml',
    also: { '/_data/sessions.yml': 'zeppelin-sessions-devfestpt-2021.yml' },
    event: null,
  },
  { file: 'html-speakers-gdg-ukraine-2014.html', path: '/2014/speakers/', event: /DevFest Ukraine/i },
  { file: 'html-speakers-stirtrek.html', path: '/Speakers/', event: /Stir Trek/i },
  { file: 'html-speakers-drupalcamp-2017.html', path: '/en/speakers/', event: /DrupalCamp/i },
];

/**
 * A folder of saved pages other than the default set (../shared/eval/pages): every HTML
 * page in it, one campaign each, served under its own path. The event is not known.
 */
function pagesOf(dir: string): EvalPage[] {
  if (PAGES.some((p) => fs.existsSync(path.join(dir, p.file)))) return PAGES;
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.html'))
    .sort()
    .map((file) => ({ file, path: `/${file.replace(/\.html$/, '')}/`, event: null }));
}

const pages = fs.existsSync(evalDir) ? pagesOf(evalDir) : PAGES;

function contentType(file: string): string {
  if (file.endsWith('.json')) return 'application/json';
  if (file.endsWith('.yml')) return 'application/yaml';
  return 'text/html; charset=utf-8';
}

function sitePages(): Record<string, SitePage> {
  const out: Record<string, SitePage> = {};
  for (const p of pages) {
    for (const [route, file] of [[p.path, p.file], ...Object.entries(p.also ?? {})] as Array<[string, string]>) {
      out[route] = { contentType: contentType(file), body: fs.readFileSync(path.join(evalDir, file), 'utf8') };
    }
  }
  return out;
}

/**
 * DRAFT_PROFILE (JSON: pitch, cta, your_name, your_role, your_company, positioning, tone)
 * drafts the same pages for another sender, so wording is not tuned to one profile.
 */
function senderProfile(): Record<string, string> {
  const raw = process.env.DRAFT_PROFILE;
  return raw ? (JSON.parse(raw) as Record<string, string>) : {};
}

/** The hard-fail codes a message row holds (a JSON list of codes or of {code} objects). */
function codesOf(raw: string | null): string[] {
  try {
    const list = JSON.parse(raw ?? '[]') as Array<string | { code?: string }>;
    return list.map((x) => (typeof x === 'string' ? x : (x.code ?? ''))).filter(Boolean);
  } catch {
    return [];
  }
}

async function drafted(ctx: Awaited<ReturnType<typeof benchOwner>>, campaignId: string, page: EvalPage): Promise<AuditedSpeaker[]> {
  const rows = await ctx.db
    .selectFrom('messages')
    .innerJoin('speakers', 'speakers.id', 'messages.speaker_id')
    .select(['speakers.id', 'speakers.name', 'speakers.company', 'speakers.title', 'speakers.tagline', 'speakers.bio', 'speakers.talks', 'speakers.evidence'])
    .select(['messages.slot', 'messages.content', 'messages.approvable', 'messages.hard_fails', 'messages.qa_reasons'])
    .where('messages.campaign_id', '=', campaignId)
    .orderBy('speakers.seq')
    .orderBy('messages.slot')
    .execute();
  const bySpeaker = new Map<string, AuditedSpeaker>();
  for (const r of rows) {
    // What the page said of the speaker, so a reader of the dump can check each draft against it.
    const source = { title: r.title, tagline: r.tagline, bio: r.bio, talks: r.talks, evidence: r.evidence };
    const s: AuditedSpeaker = bySpeaker.get(r.id) ?? { name: r.name, company: r.company, page: page.file, event: page.event, source, messages: [] };
    const failing = codesOf(r.hard_fails);
    s.messages.push({
      slot: r.slot,
      content: r.content,
      approvable: r.approvable === 1,
      hardFails: failing,
      reasons: failing.length ? codesOf(r.qa_reasons) : undefined,
    });
    bySpeaker.set(r.id, s);
  }
  return [...bySpeaker.values()];
}

async function main(): Promise<void> {
  if (!fs.existsSync(evalDir)) throw new Error(`eval folder not found at ${evalDir} (set EVAL_DIR)`);
  const site = await startSite(sitePages());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'greenroom-bench-drafts-'));
  const config = loadConfig(
    {},
    { GREENROOM_DB: path.join(dir, 'bench.db'), GREENROOM_ALLOW_HOSTS: site.host, GREENROOM_SCRAPE_PACING_MS: '0', GREENROOM_LOG_LEVEL: 'warn' },
  );
  const instance = await openInstance(config, { logger: createLogger('warn') });
  const ctx = await benchOwner(instance, 100_000);
  const speakers: AuditedSpeaker[] = [];
  let qualified = 0;
  let pitch = '';
  try {
    for (const page of pages) {
      const { campaign } = await insertCampaign(ctx, { name: 'Draft quality', ...senderProfile() });
      pitch = campaign.pitch;
      await addConferenceUrl(ctx, campaign.id, site.url(page.path));
      await startRun(ctx, campaign.id);
      await new Scheduler(instance).drain();
      qualified += (await drafted(ctx, campaign.id, page)).length;
      // Everyone the ICP screened out is drafted too: the audit is about the text, not the fit.
      const left = await instance.db
        .updateTable('speakers')
        .set({ qualified: 1, stage: 'research' })
        .where('campaign_id', '=', campaign.id)
        .where('drafted_at', 'is', null)
        .executeTakeFirst();
      if (Number(left.numUpdatedRows) > 0) {
        await startRun(ctx, campaign.id);
        await new Scheduler(instance).drain();
      }
      speakers.push(...(await drafted(ctx, campaign.id, page)));
    }
  } finally {
    await instance.close();
    await site.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const dump = process.argv.find((a) => a.startsWith('--dump='));
  if (dump)
    fs.writeFileSync(
      dump.slice('--dump='.length),
      JSON.stringify(speakers, (k, v: unknown) => (k === 'event' ? undefined : v), 1),
    );
  const f = audit(speakers, pitch);
  if (process.argv.includes('--json')) {
    process.stdout.write(
      `${JSON.stringify({ ...f, qualifiedByIcp: qualified, examples: process.argv.includes('--examples') ? f.examples : undefined }, null, 2)}\n`,
    );
    return;
  }
  const all = speakers.flatMap((x) => x.messages);
  const gate = {
    approvable: all.filter((m) => m.approvable).length,
    failing: all.filter((m) => m.hardFails?.length).length,
    byCode: {} as Record<string, number>,
  };
  for (const m of all) for (const c of m.hardFails ?? []) gate.byCode[c] = (gate.byCode[c] ?? 0) + 1;
  const pct = (n: number, of: number) => `${n} (${of ? ((100 * n) / of).toFixed(1) : '0'}%)`;
  const rows: Array<[string, string]> = [
    ['sequences drafted (3 messages each)', `${f.sequences} (${qualified} of them qualified by the ICP)`],
    ['messages with a wrong company or title', pct(f.wrongFacts, f.messages)],
    ['messages with broken text', pct(f.brokenText, f.messages)],
    ...Object.entries(f.brokenByKind).map(([k, n]): [string, string] => [`  ${k}`, String(n)]),
    ['wrong or broken messages approvable by the QA gate', String(f.defectsPassingQa)],
    ['messages approvable by the QA gate', pct(gate.approvable, f.messages)],
    ['messages with a QA hard fail', pct(gate.failing, f.messages)],
    ...Object.entries(gate.byCode)
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]): [string, string] => [`  ${k}`, String(n)]),
    ['sequences naming the conference (pages that name one)', pct(f.namingConference, f.sequencesWithEvent)],
    [
      'distinct openings per 100 drafts, slot 1 / 2 / 3',
      `${f.openingsPer100.slot1.toFixed(1)} / ${f.openingsPer100.slot2.toFixed(1)} / ${f.openingsPer100.slot3.toFixed(1)}`,
    ],
    ['same-company pairs with an identical message', String(f.sameCompanySameText)],
    ['speakers whose name is an e-mail, handle or has an org in it', String(f.badNames)],
    ['first messages greeting a handle or e-mail as a name', String(f.greetedHandles)],
  ];
  const w = Math.max(...rows.map((r) => r[0].length));
  process.stdout.write(`${rows.map(([k, v]) => `${k.padEnd(w)}  ${v}`).join('\n')}\n`);
  if (process.argv.includes('--examples')) {
    for (const [k, list] of Object.entries(f.examples)) process.stdout.write(`\n${k}:\n${list.map((e) => `  ${e}`).join('\n')}\n`);
  }
}

await main();
