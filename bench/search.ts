import os from 'node:os';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.js';
import { openInstance } from '../src/instance.js';
import { createLogger } from '../src/log.js';
import { searchSpeakers } from '../src/core/speakers.js';
import { foldText } from '../src/scrape/normalize.js';
import { benchOwner } from './owner.js';
import { benchDatabase } from './database.js';
import type { BenchResult } from './support.js';

const FIRST = [
  'José',
  'Zoë',
  'Ana',
  'Björn',
  'Chloé',
  'Émile',
  'François',
  'Łukasz',
  'Søren',
  'Ada',
  'Grace',
  'Mónica',
  'Renée',
  'Jürgen',
  'Ines',
  'Kenji',
  'Priya',
  'Olumide',
  'Siobhán',
  'Tomás',
];
const LAST = [
  'Müller',
  'García',
  'Nguyễn',
  'O’Brien',
  'Šimić',
  'Lovelace',
  'Hopper',
  'Dvořák',
  'Østergaard',
  'Kowalski',
  'Fernández',
  'Lefèvre',
  'Yılmaz',
  'Tanaka',
  'Okafor',
  'Björklund',
  'Novák',
  'Ruiz',
  'Andersson',
  'Costa',
];
const COMPANIES = [
  'Acme Corp',
  'Société Générale',
  'Zürich Labs',
  'Nørd Data',
  'Café Systems',
  'Globex',
  'Initech',
  'Umbrella',
  'Hooli',
  'Pied Piper',
  'Stark Industries',
  'Wayne Enterprises',
  'Åsgard Cloud',
  'Señor Software',
  'Cyberdyne',
  'Tyrell',
  'Soylent',
  'Vandelay',
  'Wonka',
  'Gringotts',
];
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
  await db
    .insertInto('campaigns')
    .values(
      campaignIds.map((id, i) => ({
        id,
        user_id: userId,
        name: `Conference ${i}`,
        pitch: '',
        cta: '',
        your_name: '',
        your_role: '',
        tone: '',
        positioning: '',
        icp: '{}',
        style: '{}',
        auto_start: 0,
        intent_enabled: 0,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
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
        title: 'VP Engineering',
        tagline: null,
        bio: null,
        talks: '[]',
        linkedin_url: null,
        company_linkedin_url: null,
        links: '[]',
        photo_url: null,
        profile_url: null,
        source_url: 'https://conf.example.com/speakers',
        stage: 'done' as const,
        prequalify_verdict: 'qualified' as const,
        fit_score: 80,
        qualified: 1,
        researched_at: now,
        drafted_at: null,
        created_at: now,
        updated_at: now,
      });
    }
    await db.insertInto('speakers').values(rows).execute();
  }
}

type Kind = 'common name' | 'rare middle name' | 'absent' | 'company' | 'name and company';
type Query = { kind: Kind; filters: { name?: string; company?: string } };

/** The query mix: common names typed in any case and without accents, rare coined names, absent text, companies, and both. */
function queries(total: number, n: number): Query[] {
  let x = 12345;
  const rnd = (k: number) => ((x = (x * 1103515245 + 12345) % 2 ** 31), x % k);
  const out: Query[] = [];
  for (let q = 0; q < n; q++) {
    const kind = q % 10;
    if (kind < 3)
      out.push({
        kind: 'common name',
        filters: { name: [FIRST[rnd(FIRST.length)], LAST[rnd(LAST.length)]][rnd(2)]?.toUpperCase().normalize('NFD').replace(/\p{M}/gu, '') },
      });
    else if (kind < 6) out.push({ kind: 'rare middle name', filters: { name: coined(rnd(total)).slice(2, 10) } });
    else if (kind < 7) out.push({ kind: 'absent', filters: { name: `qqx${rnd(1000)}zz` } });
    else if (kind < 9) out.push({ kind: 'company', filters: { company: (COMPANIES[rnd(COMPANIES.length)] as string).slice(0, 6).toLowerCase() } });
    else out.push({ kind: 'name and company', filters: { name: FIRST[rnd(FIRST.length)], company: (COMPANIES[rnd(COMPANIES.length)] as string).slice(-5) } });
  }
  return out;
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;

/** Each kind of query's share of the time, so that the slow kind on a backend shows. */
function byKind(mix: Query[], times: number[]): string {
  const kinds = [...new Set(mix.map((q) => q.kind))];
  return kinds
    .map((kind) => {
      const t = times.filter((_, i) => mix[i]?.kind === kind).sort((a, b) => a - b);
      return `  ${kind.padEnd(17)} n=${String(t.length).padStart(3)}  p50 ${percentile(t, 50).toFixed(1).padStart(6)}  p95 ${percentile(t, 95).toFixed(1).padStart(6)}  max ${(t.at(-1) as number).toFixed(1).padStart(6)} ms`;
    })
    .join('\n');
}

/** The bench owner and its speakers: seeded, or found as a kept database (BENCH_SEARCH_KEEP) left them. */
async function owner(instance: Awaited<ReturnType<typeof openInstance>>, total: number, backend: string) {
  const kept = await instance.db.selectFrom('users').select('id').where('email', '=', 'bench@example.com').executeTakeFirst();
  if (kept) {
    const { n } = await instance.db
      .selectFrom('speakers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', kept.id)
      .executeTakeFirstOrThrow();
    if (Number(n) !== total) throw new Error(`the kept search database holds ${n} speakers, not ${total}: name another BENCH_SEARCH_KEEP`);
    process.stderr.write(`search: reusing ${total} speakers on ${backend}\n`);
    return {
      ...instance,
      principal: { userId: kept.id, scopes: ['read', 'write'] as Array<'read' | 'write'>, tokenId: 'bench', tokenKind: 'api_key' as const, tokenName: 'bench' },
    };
  }
  const ctx = await benchOwner(instance, 0);
  const seeded = Date.now();
  await seed(instance.db, ctx.principal.userId, total, 1000);
  process.stderr.write(`search: ${total} speakers seeded on ${backend} in ${((Date.now() - seeded) / 1000).toFixed(0)} s\n`);
  // Fresh statistics, as autovacuum would gather them on a server that has been running;
  // on PostgreSQL a vacuum too, which autovacuum would otherwise start on the new million
  // rows within a minute, in the middle of the measured queries.
  await sql`${sql.raw(backend === 'postgres' ? 'vacuum analyze' : 'analyze')}`.execute(instance.db);
  return ctx;
}

/**
 * search_speakers over 1,000,000 speakers in 1,000 campaigns of one owner, name and company
 * substring filters. BENCH_SEARCH_KEEP=<word> keeps the seeded database for the next run.
 */
export async function run(total = Number(process.env.BENCH_SEARCH_SPEAKERS ?? 1_000_000)): Promise<BenchResult[]> {
  const target = await benchDatabase('search', process.env.BENCH_SEARCH_KEEP || undefined);
  const config = loadConfig({}, { ...target.env, GREENROOM_LOG_LEVEL: 'warn', GREENROOM_SCHEDULER: 'false' });
  const instance = await openInstance(config, { logger: createLogger('warn') });
  try {
    const ctx = await owner(instance, total, target.backend);
    const mix = queries(total, 400);
    for (const q of mix.slice(0, 40)) await searchSpeakers(ctx, { ...q.filters, limit: 50 });
    const times: number[] = [];
    let found = 0;
    for (const q of mix) {
      const t = performance.now();
      found += (await searchSpeakers(ctx, { ...q.filters, limit: 50 })).items.length;
      times.push(performance.now() - t);
    }
    process.stderr.write(
      `search: by kind on ${target.backend} (load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})\n${byKind(mix, times)}\n`,
    );
    const sorted = [...times].sort((a, b) => a - b);
    const p95 = percentile(sorted, 95);
    return [
      {
        name: `search_speakers on ${target.backend}, ${total.toLocaleString('en')} speakers, name/company substring (p50 ${percentile(sorted, 50).toFixed(1)} ms, max ${(sorted.at(-1) as number).toFixed(0)} ms, ${found} rows)`,
        value: p95,
        unit: 'ms p95',
        target: '≤ 25 ms',
        pass: p95 <= 25,
      },
    ];
  } finally {
    await instance.close();
    await target.drop();
  }
}
