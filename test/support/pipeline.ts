import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { fictionalSpeakers, type Person } from '../../src/core/fictional-speakers.js';
import { sessionizeAll, speakerCards, startSite } from '../../src/demo/site.js';
import { Scheduler } from '../../src/pipeline/scheduler.js';
import { makeWorld, type World } from './world.js';

export const TEST_PROFILE = {
  company: 'Greenroom Coaching',
  positioning: 'Speaker coaching for engineering leaders',
  pitch: 'We help engineering leaders turn conference talks into hiring pipelines.',
  cta: 'Would a 15-minute call next week be useful?',
  your_name: 'Ada Lovelace',
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

export interface PipelineWorld extends World {
  people: Person[];
  site: Awaited<ReturnType<typeof startSite>>;
  scheduler: Scheduler;
  /** A sessionize API page with people[0..16) and a cards page with people[8..24): eight overlap. */
  urls: { sessionize: string; cards: string; extra: string };
}

/** A world with a loopback conference site, a seeded profile and a scheduler driven by hand. */
export async function makePipelineWorld(env: Record<string, string> = {}): Promise<PipelineWorld> {
  const people = fictionalSpeakers(32);
  const site = await startSite({
    '/api/v2/demo1/view/All': { contentType: 'application/json', body: sessionizeAll(people.slice(0, 16)) },
    '/speakers': { contentType: 'text/html; charset=utf-8', body: speakerCards(people.slice(8, 24)) },
    '/day-two/speakers': { contentType: 'text/html', body: speakerCards(people.slice(20, 32), 'Day two') },
  });
  // Hosts the caller allows (a loopback webhook receiver) join the site's.
  const allowHosts = [site.host, env.GREENROOM_ALLOW_HOSTS].filter(Boolean).join(',');
  const w = await makeWorld({ GREENROOM_SCRAPE_PACING_MS: '0', ...env, GREENROOM_ALLOW_HOSTS: allowHosts });
  await w.instance.db
    .updateTable('users')
    .set({ profile: JSON.stringify(TEST_PROFILE) })
    .where('id', '=', w.user.userId)
    .execute();
  const scheduler = new Scheduler(w.instance, { limits: { batch: 10, chunk: 4 } });
  return {
    ...w,
    people,
    site,
    scheduler,
    urls: { sessionize: site.url('/api/v2/demo1/view/All'), cards: site.url('/speakers'), extra: site.url('/day-two/speakers') },
    close: async () => {
      await scheduler.stop();
      await w.close();
      await site.close();
    },
  };
}

/** How many messages each drafted speaker of a campaign holds, one entry a speaker. */
export async function messagesPerSpeaker(db: Db, campaignId: string): Promise<number[]> {
  const rows = await db
    .selectFrom('messages')
    .select(['speaker_id', sql<number>`count(*)`.as('n')])
    .where('campaign_id', '=', campaignId)
    .groupBy('speaker_id')
    .execute();
  return rows.map((r) => Number(r.n));
}
