import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config.js';
import { openInstance } from '../instance.js';
import { createUser } from '../core/users.js';
import { insertCampaign, addConferenceUrl } from '../core/campaigns.js';
import { startRun } from '../core/runs.js';
import { runStatus } from '../core/run-view.js';
import { campaignStats } from '../core/stats.js';
import { getBalance } from '../core/credits.js';
import { fictionalSpeakers } from '../core/fictional-speakers.js';
import { sessionizeAll, speakerCards, startSite } from '../demo/site.js';
import { Scheduler } from '../pipeline/scheduler.js';
import type { Ctx } from '../context.js';
import { err, out } from './output.js';

const DEMO_PROFILE = {
  company: 'Greenroom Coaching',
  positioning: 'Speaker coaching for engineering leaders',
  pitch: 'We help engineering leaders turn conference talks into a steady hiring pipeline.',
  cta: 'Would a 15-minute call next week be useful?',
  your_name: 'Sam Rivera',
  your_role: 'Founder',
  tone: 'friendly',
  icp: {
    titles: ['CTO', 'VP Engineering', 'Head of Platform', 'Director of Data', 'Staff Engineer', 'Principal Architect'],
    seniority: [],
    industries: [],
    keywords: ['platform', 'postgres', 'observability'],
    exclusions: ['recruiter', 'student'],
    competitors: [],
  },
  exemplars: [],
};

/**
 * `greenroom demo`: serves two fictional conference pages on loopback, runs a campaign
 * over them end to end with the offline engine, shows progress, then a summary.
 */
export async function demoCommand(base: Config): Promise<void> {
  const people = fictionalSpeakers(60);
  const site = await startSite({
    '/api/v2/greenroom-demo/view/All': { contentType: 'application/json', body: sessionizeAll(people.slice(0, 36)) },
    '/speakers': { contentType: 'text/html', body: speakerCards(people.slice(30, 60), 'DemoConf speakers') },
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'greenroom-demo-'));
  const config: Config = { ...base, dbPath: path.join(dir, 'demo.db'), databaseUrl: undefined, allowHosts: [site.host], scrapePacingMs: 50, logLevel: 'warn' };
  const instance = await openInstance(config);
  const scheduler = new Scheduler(instance);
  try {
    const user = await createUser(instance.db, instance, { email: 'demo@example.com', name: 'Sam Rivera', role: 'owner', profile: DEMO_PROFILE, grant: 500 });
    const ctx: Ctx = { ...instance, principal: { userId: user.user_id, scopes: ['read', 'write'], tokenId: 'demo', tokenKind: 'api_key', tokenName: 'demo' } };
    const { campaign } = await insertCampaign(ctx, { name: 'DemoConf 2026', conference_url: site.url('/api/v2/greenroom-demo/view/All') });
    await addConferenceUrl(ctx, campaign.id, site.url('/speakers'));
    await startRun(ctx, campaign.id);
    err(`Demo conference served on http://${site.host}; database ${config.dbPath}`);
    scheduler.start(20);
    await watch(ctx, campaign.id);
    await summary(ctx, campaign.id);
  } finally {
    await scheduler.stop();
    await instance.close();
    await site.close();
  }
}

async function watch(ctx: Ctx, campaignId: string): Promise<void> {
  const tty = process.stderr.isTTY;
  let lastLine = '';
  for (;;) {
    const s = await runStatus(ctx, campaignId);
    const run = s.run;
    if (run) {
      const width = 30;
      const filled = Math.round((run.progress.percent / 100) * width);
      const line = `${run.progress.stage.padEnd(10)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${run.progress.done}/${run.progress.total}  speakers ${s.counts.speakers}  drafts ${s.counts.drafts}`;
      if (tty) process.stderr.write(`\r${line}`);
      else if (line.split(' [')[0] !== lastLine.split(' [')[0]) err(line);
      lastLine = line;
      if (run.status === 'done' || run.status === 'failed') {
        if (tty) process.stderr.write('\n');
        if (run.status === 'failed') err(`run failed: ${run.error}`);
        return;
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A message as it will be sent, line breaks kept, its lines aligned under the first. */
function indented(prefix: string, content: string): string {
  const pad = ' '.repeat(prefix.length);
  return content
    .split('\n')
    .map((line, i) => (i === 0 ? prefix + line : line ? pad + line : ''))
    .join('\n');
}

async function summary(ctx: Ctx, campaignId: string): Promise<void> {
  const { funnel } = await campaignStats(ctx, campaignId);
  const status = await runStatus(ctx, campaignId);
  const rows: Array<[string, string]> = [
    ...status.conference_urls.map((u): [string, string] => [`page ${u.url}`, `${u.status}, ${u.speaker_count ?? 0} speakers (${u.extractor})`]),
    ['speakers scraped', String(funnel.scraped)],
    ['prequalified', `${funnel.prequalified.qualified} qualified, ${funnel.prequalified.unsure} unsure, ${funnel.prequalified.disqualified} disqualified`],
    ['enriched', String(funnel.enriched)],
    ['qualified', String(funnel.qualified)],
    ['drafted (3 messages each)', String(funnel.drafted)],
    ['passing QA on every slot', String(funnel.approvable)],
    ['credits left', String(await getBalance(ctx.db, ctx.principal.userId))],
  ];
  const w = Math.max(...rows.map((r) => r[0].length));
  out(['', 'DemoConf 2026', ...rows.map(([k, v]) => `  ${k.padEnd(w)}  ${v}`)].join('\n'));
  const sample = await ctx.db
    .selectFrom('messages')
    .innerJoin('speakers', 'speakers.id', 'messages.speaker_id')
    .select(['speakers.name', 'messages.slot', 'messages.content', 'messages.qa_score'])
    .where('messages.campaign_id', '=', campaignId)
    .orderBy('messages.seq')
    .limit(3)
    .execute();
  if (sample[0]) {
    out(`\nSequence drafted for ${sample[0].name}:`);
    for (const m of sample) out(indented(`  [${m.slot}] (QA ${m.qa_score}/10) `, m.content));
  }
}
