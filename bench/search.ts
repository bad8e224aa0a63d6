import { sql } from 'kysely';
import { loadConfig } from '../src/config.js';
import { openInstance } from '../src/instance.js';
import { createLogger } from '../src/log.js';
import { searchSpeakers } from '../src/core/speakers.js';
import { foldText } from '../src/scrape/normalize.js';
import { benchOwner } from './owner.js';
import { benchDatabase } from './database.js';
import type { BenchResult } from './support.js';

const FIRST = ['José', 'Zoë', 'Ana', 'Björn', 'Chloé', 'Émile', 'François', 'Łukasz', 'Søren', 'Ada', 'Grace', 'Mónica', 'Renée', 'Jürgen', 'Ines', 'Kenji', 'Priya', 'Olumide', 'Siobhán', 'Tomás'];
const LAST = ['Müller', 'García', 'Nguyễn', 'O’Brien', 'Šimić', 'Lovelace', 'Hopper', 'Dvořák', 'Østergaard', 'Kowalski', 'Fernández', 'Lefèvre', 'Yılmaz', 'Tanaka', 'Okafor', 'Björklund', 'Novák', 'Ruiz', 'Andersson', 'Costa'];
const COMPANIES = ['Acme Corp', 'Société Générale', 'Zürich Labs', 'Nørd Data', 'Café Systems', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Pied Piper', 'Stark Industries', 'Wayne Enterprises', 'Åsgard Cloud', 'Señor Software', 'Cyberdyne', 'Tyrell', 'Soylent', 'Vandelay', 'Wonka', 'Gringotts'];
const SYLLABLES = ['ka', 've', 'ro', 'ti', 'mu', 'sa', 'lo', 'pe', 'di', 'nu', 'ba', 'ze', 'fo', 'gi', 'hu', 'ja', 'ko', 'ly', 'wi', 'xo'];

/** A middle name spelled from i, so that most of them are rare and findable on their own. */
const coined = (i: number): string => {
  let s = '';
  for (let n = i + 20 ** 4; n > 0; n = Math.floor(n / 20)) s += SYLLABLES[n % 20];
  return s.charAt(0).toUpperCase() + s.slice(1);
};

/** Speakers in bulk, straight into the table: the benchmark is of the search, not of the pipeline. */
async function seed(db: Awaited<ReturnType<typeof openInstance>>['db'], userId: string, total: number, campaigns: number): Promise<void> {
  const now = new Date().toISOString();
  const campaignIds = Array.from({ length: campaigns }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
  await db.insertInto('campaigns').values(campaignIds.map((id, i) => ({ id, user_id: userId, name: `Conference ${i}`, pitch: '', cta: '', your_name: '', your_role: '', tone: '', positioning: '', icp: '{}', style: '{}', auto_start: 0, intent_enabled: 0, created_at: now, updated_at: now }))).execute();
  const BATCH = 1000;
  for (let start = 0; start < total; start += BATCH) {
    const rows = [];
    for (let i = start; i < Math.min(total, start + BATCH); i++) {
      const name = `${FIRST[i % FIRST.length]} ${coined(i)} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`;
      const company = COMPANIES[(i * 7) % COMPANIES.length] as string;
      rows.push({
        id: `10000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        campaign_id: campaignIds[i % campaigns] as string,
        user_id: userId,
        conference_url_id: null,
        dedupe_key: `n:${i}`,
        name,
        name_fold: foldText(name),
        company,
        company_fold: foldText(company),
        title: 'VP Engineering', tagline: null, bio: null, talks: '[]', linkedin_url: null, company_linkedin_url: null, links: '[]', photo_url: null, profile_url: null,
        source_url: 'https://conf.example.com/speakers',
        stage: 'done' as const, prequalify_verdict: 'qualified' as const, fit_score: 80, qualified: 1, researched_at: now, drafted_at: null,
        created_at: now,
        updated_at: now,
      });
    }
    await db.insertInto('speakers').values(rows).execute();
  }
}

/** The query mix: common names typed in any case and without accents, rare coined names, absent text, companies, and both. */
function queries(total: number, n: number): Array<{ name?: string; company?: string }> {
  let x = 12345;
  const rnd = (k: number) => ((x = (x * 1103515245 + 12345) % 2 ** 31), x % k);
  const out: Array<{ name?: string; company?: string }> = [];
  for (let q = 0; q < n; q++) {
    const kind = q % 10;
    if (kind < 3) out.push({ name: [FIRST[rnd(FIRST.length)], LAST[rnd(LAST.length)]][rnd(2)]?.toUpperCase().normalize('NFD').replace(/\p{M}/gu, '') });
    else if (kind < 6) out.push({ name: coined(rnd(total)).slice(2, 10) });
    else if (kind < 7) out.push({ name: `qqx${rnd(1000)}zz` });
    else if (kind < 9) out.push({ company: (COMPANIES[rnd(COMPANIES.length)] as string).slice(0, 6).toLowerCase() });
    else out.push({ name: FIRST[rnd(FIRST.length)], company: (COMPANIES[rnd(COMPANIES.length)] as string).slice(-5) });
  }
  return out;
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;

/** search_speakers over 1,000,000 speakers in 1,000 campaigns of one owner, name and company substring filters. */
export async function run(total = Number(process.env.BENCH_SEARCH_SPEAKERS ?? 1_000_000)): Promise<BenchResult[]> {
  const target = await benchDatabase('search');
  const config = loadConfig({}, { ...target.env, GREENROOM_LOG_LEVEL: 'warn', GREENROOM_SCHEDULER: 'false' });
  const instance = await openInstance(config, { logger: createLogger('warn') });
  try {
    const ctx = await benchOwner(instance, 0);
    const seeded = Date.now();
    await seed(instance.db, ctx.principal.userId, total, 1000);
    process.stderr.write(`search: ${total} speakers seeded on ${target.backend} in ${((Date.now() - seeded) / 1000).toFixed(0)} s\n`);
    // Fresh statistics, as autovacuum would gather them on a server that has been running.
    await sql`analyze`.execute(instance.db);
    const mix = queries(total, 400);
    for (const q of mix.slice(0, 40)) await searchSpeakers(ctx, { ...q, limit: 50 });
    const times: number[] = [];
    let found = 0;
    for (const q of mix) {
      const t = performance.now();
      found += (await searchSpeakers(ctx, { ...q, limit: 50 })).items.length;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    return [
      { name: `search_speakers on ${target.backend}, ${total.toLocaleString('en')} speakers, name/company substring (p50 ${percentile(times, 50).toFixed(1)} ms, max ${(times.at(-1) as number).toFixed(0)} ms, ${found} rows)`, value: p95, unit: 'ms p95', target: '≤ 25 ms', pass: p95 <= 25 },
    ];
  } finally {
    await instance.close();
    await target.drop();
  }
}
