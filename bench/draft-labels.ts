/**
 * npm run bench:labels -- <command> — hand labels of drafted messages, and the QA gate measured against them.
 *
 *   sample --out=bench/labels/batches/sample.json [--batches=3] [--target=165] [--seed=…] [--pages=regex]
 *       Serves every page of ../shared/eval/real and ../shared/eval/pages on loopback, runs one
 *       campaign per page through the pipeline with the offline engine (the campaign of the
 *       page's field; everyone its ICP screened out is drafted too), and
 *       draws `target` sequences with a fixed seed,
 *       round-robin across pages. Writes one JSON file per batch (sample-1.json, …) for labelling:
 *       each sequence with its key, split, the speaker's dossier and evidence, an excerpt of the
 *       page text around the name, and the three messages with the QA gate's stored verdict.
 *   import <batch file>… [--labels=bench/labels/drafts.json]
 *       Gathers the labels filled into batch files into the labels file.
 *   score [--labels=bench/labels/drafts.json] [--sample=file,file|dir] [--rescore] [--all=file] [--json] [--examples=5] [--holdout-detail]
 *       Re-runs the draw (or reads sample files), joins labels by key, slot and text hash, and
 *       prints dev and holdout side by side. With sample files the stored verdicts are scored
 *       unless `--rescore`: then this tree's QA gate judges the same texts again, campaign-wide
 *       checks included (bench/draft-labels-rescore.ts), counting lines across every sequence
 *       of the `--all` file when given (the sample command's `--all` output), else across the
 *       sampled sequences only.
 *       `--dump=file` writes the sequences as scored (the rescored verdicts with `--rescore`), for a closer look.
 *   hooks --sample=file,file [--labels=…] [--holdout]
 *       SEND by what each message opens on (a quoted talk, a role, a topic, the employer or the
 *       event alone), over every labelled text of the samples given (rounds' samples together);
 *       dev only unless `--holdout`.
 *   agree --sample=file,file|dir [--labels=bench/labels/drafts.json] [--second=bench/labels/drafts-second-reader.json] [--json]
 *       Two readers' verdicts on the same texts: how often they agree (per slot, Cohen's kappa),
 *       the second reader read as a gate on the first's labels, and the QA gate against each
 *       (bench/draft-labels-agree.ts).
 *
 * See bench/labels/README.md for the labelling rules.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { openInstance, type Instance } from '../src/instance.js';
import { createLogger } from '../src/log.js';
import { addConferenceUrl, insertCampaign, type CampaignFields } from '../src/core/campaigns.js';
import { createUser } from '../src/core/users.js';
import { startRun } from '../src/core/runs.js';
import { rescoreSpeakers } from '../src/core/rescore.js';
import { startSite, type SitePage } from '../src/demo/site.js';
import { Scheduler } from '../src/pipeline/scheduler.js';
import type { Ctx } from '../src/context.js';
import type { Icp } from '../schemas/fields.js';
import { pagesDir } from './page-eval.js';
import { rescoreSample } from './draft-labels-rescore.js';
import { hookMarkdown, hookTable } from './draft-labels-hooks.js';
import { agreement, agreementMarkdown } from './draft-labels-agree.js';
import {
  allocate,
  draw,
  excerpt,
  labelsFromSample,
  markdown,
  mergeLabels,
  pageText,
  score,
  sequenceKey,
  splitOf,
  textHash,
  validateLabels,
  type LabelEntry,
  type SampleFile,
  type SampledSequence,
} from './draft-labels-core.js';

const realDir = process.env.EVAL_DIR ?? path.resolve(pagesDir, '..', 'real');
const projectRoot = findProjectRoot();
const DEFAULT_LABELS = path.join(projectRoot, 'bench/labels/drafts.json');
/** A second reader's blind verdicts on some of the same texts (`agree`). */
const SECOND_READER_LABELS = path.join(projectRoot, 'bench/labels/drafts-second-reader.json');
const DEFAULT_SEED = 'greenroom-draft-labels-1';
const DEFAULT_TARGET = 165;

function findProjectRoot(): string {
  let dir = path.dirname(new URL(import.meta.url).pathname);
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

/** The real/ dumps, served where each platform's extractor expects its endpoint (as bench/draft-quality.ts does). */
const REAL: Array<{ file: string; path: string; also?: Record<string, string> }> = [
  { file: 'sessionize-all-global-azure-2021.json', path: '/api/v2/evalall/view/All' },
  {
    file: 'pretalx-speakers-juliacon.json',
    path: '/api/events/juliacon2023/speakers/',
    also: { '/api/events/juliacon2023/submissions/': 'pretalx-talks-juliacon.json' },
  },
  { file: 'c3voc-schedule-pretalx-rc3.json', path: '/rc3/schedule/export/schedule.json' },
  { file: 'c3voc-schedule-frab-camp2019.json', path: '/en/camp2019/public/schedule.json' },
  { file: 'hoverboard-speakers-gdg-ukraine.json', path: '/data/speakers.json' },
  { file: 'custom-speakers-jsdayie.json', path: '/content/speakers.json' },
  { file: 'zeppelin-speakers-devfestpt-2021.yml', path: '/_data/speakers.yml', also: { '/_data/sessions.yml': 'zeppelin-sessions-devfestpt-2021.yml' } },
  { file: 'html-speakers-gdg-ukraine-2014.html', path: '/2014/speakers/' },
  { file: 'html-speakers-stirtrek.html', path: '/Speakers/' },
  { file: 'html-speakers-drupalcamp-2017.html', path: '/en/speakers/' },
];

interface ServedPage {
  /** `real/<file>` or `pages/<file>`: the page's name in keys. */
  name: string;
  dir: string;
  file: string;
  route: string;
  also?: Record<string, string>;
}

function servedPages(): ServedPage[] {
  const out: ServedPage[] = REAL.map((p) => ({ name: `real/${p.file}`, dir: realDir, file: p.file, route: p.path, ...(p.also ? { also: p.also } : {}) }));
  // The labelled pages, at the same URLs bench/page-eval.ts serves them under.
  for (const file of fs
    .readdirSync(pagesDir)
    .filter((f) => f.endsWith('.html'))
    .sort())
    out.push({ name: `pages/${file}`, dir: pagesDir, file, route: `/${encodeURIComponent(file)}` });
  return out;
}

function contentType(file: string): string {
  if (file.endsWith('.json')) return 'application/json';
  if (file.endsWith('.yml')) return 'application/yaml';
  return 'text/html; charset=utf-8';
}

/**
 * The campaigns the sample drafts for: a user picks conferences whose speakers could buy
 * what they sell, so each page gets the campaign of its field (software, research,
 * nutrition and health), decided by words on the page itself (fieldOf). The senders and
 * pitches are fixed so that texts change only with the engine.
 */
interface SampleCampaign {
  field: 'software' | 'research' | 'health';
  sender: { your_name: string; your_role: string; your_company: string; pitch: string; cta: string; positioning: string; tone: string };
  icp: Icp;
}

const CAMPAIGNS: SampleCampaign[] = [
  {
    field: 'software',
    sender: {
      your_name: 'Maya Lindqvist',
      your_role: 'Co-founder',
      your_company: 'Tracewise',
      pitch:
        'Tracewise is observability for .NET and JavaScript apps: it shows which request got slow and the line of code behind it, without a week of setup.',
      cta: 'Would a 20-minute call next week be worth it?',
      positioning: 'We work with engineering teams that run production web services and want to find slow requests before their users do.',
      tone: 'friendly',
    },
    // Broad on purpose: most people on a tech conference page fit.
    icp: {
      titles: [
        'CTO',
        'VP Engineering',
        'Engineering Manager',
        'Head of Engineering',
        'Staff Engineer',
        'Principal Engineer',
        'Software Engineer',
        'Developer',
        'Architect',
        'Tech Lead',
        'Founder',
        'Developer Advocate',
        'SRE',
        'DevOps Engineer',
      ],
      seniority: [],
      industries: [],
      keywords: ['software', 'web', 'cloud', 'platform', 'devops', 'observability', 'performance', 'javascript', '.net', 'backend', 'data'],
      exclusions: ['recruiter'],
      competitors: [],
    },
  },
  {
    field: 'research',
    sender: {
      your_name: 'Jonas Berg',
      your_role: 'Founder',
      your_company: 'Labwise',
      pitch:
        'Labwise is a shared notebook for research groups: it shows where each figure in a paper came from, down to the data and code, without changing how the lab works.',
      cta: 'Would a short call in the next couple of weeks be useful?',
      positioning: 'We work with research groups that publish from shared data and code.',
      tone: 'neutral',
    },
    icp: {
      titles: [
        'Professor',
        'Lecturer',
        'Researcher',
        'Research Scientist',
        'Scientist',
        'Postdoc',
        'Postdoctoral',
        'PhD',
        'Principal Investigator',
        'Director',
        'Head',
      ],
      seniority: [],
      industries: [],
      keywords: ['research', 'university', 'lab', 'laboratory', 'data', 'analysis', 'physics', 'vision', 'science', 'statistics'],
      exclusions: ['recruiter'],
      competitors: [],
    },
  },
  {
    field: 'health',
    sender: {
      your_name: 'Clara Moss',
      your_role: 'Head of Partnerships',
      your_company: 'Platewise',
      pitch: 'We help nutrition coaches keep clients on track between sessions, with check-ins clients actually answer.',
      cta: 'Open to a quick call to see if it fits your practice?',
      positioning: 'We work with nutrition and health coaches who run their own practice.',
      tone: 'friendly',
    },
    icp: {
      titles: ['Coach', 'Nutritionist', 'Dietitian', 'Founder', 'Director', 'Head', 'Owner', 'Trainer', 'Consultant', 'Researcher', 'Professor'],
      seniority: [],
      industries: [],
      keywords: ['nutrition', 'health', 'coaching', 'diet', 'fitness', 'clients', 'practice', 'wellness'],
      exclusions: ['recruiter'],
      competitors: [],
    },
  },
];

const FIELD_WORDS: Record<'research' | 'health', RegExp> = {
  research:
    /\b(?:university|universit[éyàä]t?|universidad|professor|ph\.?d|postdoc\w*|laborator\w*|physics|astronomy|biology|chemistry|computer vision|summer school|faculty|lecturer)\b/gi,
  health: /\b(?:nutrition\w*|dietitian\w*|clinical|health|coach(?:es|ing)?|wellness|fitness|metabolism)\b/gi,
};

/** The field of a conference by the words of its page: software unless research or health words abound. */
export function fieldOf(text: string): SampleCampaign {
  const words = Math.max(1, text.split(/\s+/).length);
  const share = (re: RegExp) => (text.match(re)?.length ?? 0) / words;
  const health = share(FIELD_WORDS.health);
  const research = share(FIELD_WORDS.research);
  const field = health >= 0.008 && health > research ? 'health' : research >= 0.008 ? 'research' : 'software';
  return CAMPAIGNS.find((c) => c.field === field) ?? CAMPAIGNS[0];
}

async function owner(instance: Instance): Promise<Ctx> {
  const { your_company, ...rest } = CAMPAIGNS[0].sender;
  const user = await createUser(instance.db, instance, {
    email: 'labels@example.com',
    name: rest.your_name,
    role: 'owner',
    grant: 1_000_000,
    profile: { ...rest, company: your_company, icp: CAMPAIGNS[0].icp },
  });
  return { ...instance, principal: { userId: user.user_id, scopes: ['read', 'write'], tokenId: 'bench', tokenKind: 'api_key', tokenName: 'bench' } };
}

interface Drafted {
  key: string;
  page: string;
  seq: SampledSequence;
}

async function draftedOn(instance: Instance, campaignId: string, page: ServedPage, text: string, keys: Map<string, number>): Promise<Drafted[]> {
  const speakers = await instance.db.selectFrom('speakers').selectAll().where('campaign_id', '=', campaignId).orderBy('seq').execute();
  const messages = await instance.db.selectFrom('messages').selectAll().where('campaign_id', '=', campaignId).orderBy('slot').execute();
  const out: Drafted[] = [];
  for (const s of speakers) {
    const mine = messages.filter((m) => m.speaker_id === s.id);
    if (!mine.length) continue;
    const key = sequenceKey(page.name, s.name, keys);
    const parse = <T>(json: string | null, fallback: T): T => {
      try {
        return json ? (JSON.parse(json) as T) : fallback;
      } catch {
        return fallback;
      }
    };
    out.push({
      key,
      page: page.name,
      seq: {
        key,
        split: splitOf(key),
        page: page.name,
        speaker: {
          name: s.name,
          title: s.title,
          company: s.company,
          tagline: s.tagline,
          bio: s.bio,
          talks: parse(s.talks, []),
          linkedin_url: s.linkedin_url,
          event_name: s.event_name,
          evidence: parse(s.evidence, {}),
          qualified_by_icp: false,
        },
        page_excerpt: excerpt(text, s.name, 1200, /\.(json|ya?ml)$/i.test(page.file) ? 1 / 2 : 1 / 3),
        messages: mine.map((m) => ({
          slot: m.slot,
          angle: m.angle,
          content: m.content,
          text_hash: textHash(m.content),
          qa: { score: m.qa_score, hard_fails: parse<string[]>(m.hard_fails, []), approvable: m.approvable === 1, flags: parse<string[]>(m.qa_flags, []) },
          label: null,
          kinds: [],
          note: '',
        })),
      },
    });
  }
  return out;
}

export interface SampleRun {
  file: SampleFile;
  seconds: number;
  /** Every drafted sequence of every page, sampled or not: a campaign read as a whole. */
  all: SampledSequence[];
}

/** Drafts every page and draws the sample. */
async function runSample(seed: string, target: number): Promise<SampleRun> {
  const started = Date.now();
  if (!fs.existsSync(realDir) || !fs.existsSync(pagesDir)) throw new Error(`eval folders not found (${realDir}, ${pagesDir}); set EVAL_DIR and EVAL_PAGES_DIR`);
  // `--pages=regex` drafts only the pages whose name matches: a quick look while changing the writer.
  const only = arg('pages');
  const pages = servedPages().filter((p) => !only || new RegExp(only, 'i').test(p.name));
  const site: Record<string, SitePage> = {};
  const texts = new Map<string, string>();
  for (const p of pages) {
    const body = fs.readFileSync(path.join(p.dir, p.file), 'utf8');
    site[p.route] = { contentType: contentType(p.file), body };
    texts.set(p.name, pageText(p.file, body));
    for (const [route, file] of Object.entries(p.also ?? {}))
      site[route] = { contentType: contentType(file), body: fs.readFileSync(path.join(p.dir, file), 'utf8') };
  }
  const server = await startSite(site);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'greenroom-bench-labels-'));
  const config = loadConfig(
    {},
    { GREENROOM_DB: path.join(dir, 'bench.db'), GREENROOM_ALLOW_HOSTS: server.host, GREENROOM_SCRAPE_PACING_MS: '0', GREENROOM_LOG_LEVEL: 'warn' },
  );
  const instance = await openInstance(config, { logger: createLogger('warn') });
  const all: Drafted[] = [];
  const perPage: SampleFile['pages'] = [];
  const fieldByPage = new Map<string, string>();
  try {
    const ctx = await owner(instance);
    for (const page of pages) {
      const chosen = fieldOf(texts.get(page.name) ?? '');
      fieldByPage.set(page.name, chosen.field);
      const fields: CampaignFields = { name: `Draft labels: ${page.name}`, ...chosen.sender, icp: chosen.icp };
      const { campaign } = await insertCampaign(ctx, fields);
      await addConferenceUrl(ctx, campaign.id, server.url(page.route));
      await startRun(ctx, campaign.id);
      await new Scheduler(instance).drain();
      const qualified = new Set(
        (await instance.db.selectFrom('speakers').select('id').where('campaign_id', '=', campaign.id).where('drafted_at', 'is not', null).execute()).map(
          (r) => r.id,
        ),
      );
      // Everyone the ICP screened out is drafted too (many pages give no titles to qualify by):
      // the labels are about the texts, and the sampled people then depend on the extraction
      // alone, so runs before and after an engine change read the same speakers. The
      // campaign of the page's field keeps them plausible readers of the pitch.
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
      // The campaign scored as a whole, as rescore_drafts does: lines and wording many sequences share show only then.
      const withDrafts = await instance.db.selectFrom('messages').select('speaker_id').distinct().where('campaign_id', '=', campaign.id).execute();
      const row = await instance.db.selectFrom('campaigns').selectAll().where('id', '=', campaign.id).executeTakeFirstOrThrow();
      await rescoreSpeakers(
        ctx,
        row,
        withDrafts.map((r) => r.speaker_id),
      );
      const url = await instance.db.selectFrom('conference_urls').select(['status', 'error']).where('campaign_id', '=', campaign.id).executeTakeFirst();
      const ids = await instance.db.selectFrom('speakers').select(['id', 'name']).where('campaign_id', '=', campaign.id).orderBy('seq').execute();
      const drafted = await draftedOn(instance, campaign.id, page, texts.get(page.name) ?? '', new Map());
      const qualifiedNames = new Set(ids.filter((r) => qualified.has(r.id)).map((r) => r.name));
      for (const d of drafted) d.seq.speaker.qualified_by_icp = qualifiedNames.has(d.seq.speaker.name);
      all.push(...drafted);
      perPage.push({
        file: page.name,
        field: fieldByPage.get(page.name),
        drafted: drafted.length,
        qualified: drafted.filter((d) => d.seq.speaker.qualified_by_icp).length,
        sampled: 0,
        ...(url?.error ? { error: url.error } : {}),
      });
    }
  } finally {
    await instance.close();
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const available = Object.fromEntries(perPage.map((p) => [p.file, p.drafted]));
  const quota = allocate(available, target, seed);
  const chosen = draw(all, quota, seed);
  for (const p of perPage) p.sampled = quota[p.file] ?? 0;
  return {
    seconds: (Date.now() - started) / 1000,
    all: all.map((d) => d.seq),
    file: {
      kind: 'greenroom-draft-labels-sample',
      created_at: new Date().toISOString(),
      seed,
      campaign: { engine: 'offline', by_field: Object.fromEntries(CAMPAIGNS.map((c) => [c.field, { ...c.sender, icp: c.icp }])) },
      pages: perPage,
      sequences: chosen.map((d) => d.seq),
    },
  };
}

// ---------------------------------------------------------------------------------------

function arg(name: string): string | undefined {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit?.slice(name.length + 3);
}

function readLabels(file: string): LabelEntry[] {
  if (!fs.existsSync(file)) return [];
  const { labels, errors } = validateLabels(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (errors.length) throw new Error(`${file}:\n  ${errors.join('\n  ')}`);
  return labels;
}

function writeLabels(file: string, labels: LabelEntry[]): void {
  // One entry a line: a reviewable diff when labels are added or redone.
  fs.writeFileSync(file, `[\n${labels.map((l) => `  ${JSON.stringify(l)}`).join(',\n')}\n]\n`);
}

function sampleFiles(spec: string): string[] {
  return spec.split(',').flatMap((p) =>
    fs.statSync(p).isDirectory()
      ? fs
          .readdirSync(p)
          .filter((f) => f.endsWith('.json'))
          .sort()
          .map((f) => path.join(p, f))
      : [p],
  );
}

function readSampleFiles(files: string[]): SampleFile[] {
  return files.map((f) => {
    const data = JSON.parse(fs.readFileSync(f, 'utf8')) as SampleFile;
    if (data.kind !== 'greenroom-draft-labels-sample') throw new Error(`${f} is not a sample file`);
    return data;
  });
}

function readSamples(files: string[]): SampledSequence[] {
  return readSampleFiles(files).flatMap((d) => d.sequences);
}

function batchPath(out: string, index: number, of: number): string {
  if (of === 1) return out;
  const ext = path.extname(out) || '.json';
  return `${out.slice(0, out.length - path.extname(out).length)}-${index}${ext}`;
}

async function sampleCommand(): Promise<void> {
  const out = arg('out') ?? path.join(projectRoot, 'bench/labels/batches/sample.json');
  const batches = Math.max(1, Number(arg('batches') ?? 3));
  const { file, seconds, all } = await runSample(arg('seed') ?? DEFAULT_SEED, Number(arg('target') ?? DEFAULT_TARGET));
  fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  // --all=<file>: every drafted sequence, for reading whole campaigns (bench/draft-repetition.ts).
  const allOut = arg('all');
  if (allOut) fs.writeFileSync(allOut, `${JSON.stringify({ ...file, sequences: all }, null, 1)}\n`);
  // Batches interleave pages, so each batch reads across many conferences.
  const seqs = file.sequences;
  const written: string[] = [];
  for (let i = 0; i < batches; i++) {
    const part = seqs.filter((_s, j) => j % batches === i);
    const target = batchPath(out, i + 1, batches);
    fs.writeFileSync(target, `${JSON.stringify({ ...file, batch: { index: i + 1, of: batches }, sequences: part }, null, 1)}\n`);
    written.push(`${target} (${part.length} sequences)`);
  }
  const holdout = seqs.filter((s) => s.split === 'holdout').length;
  const lines = [
    `drafted ${file.pages.reduce((a, p) => a + p.drafted, 0)} sequences on ${file.pages.length} pages in ${seconds.toFixed(1)} s; sampled ${seqs.length} (${holdout} holdout, ${seqs.length - holdout} dev), seed ${file.seed}`,
    '',
    '| page | campaign | drafted | qualified by ICP | sampled | page error |',
    '|---|---|---|---|---|---|',
    ...file.pages.map((p) => `| ${p.file} | ${p.field ?? ''} | ${p.drafted} | ${p.qualified} | ${p.sampled} | ${p.error ?? ''} |`),
    '',
    ...written.map((w) => `wrote ${w}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

function importCommand(): void {
  const files = process.argv.slice(3).filter((a) => !a.startsWith('--'));
  if (!files.length) throw new Error('import: name the batch files with labels filled in');
  const target = arg('labels') ?? DEFAULT_LABELS;
  const fresh = labelsFromSample(readSamples(files.flatMap(sampleFiles)));
  const { errors } = validateLabels(fresh);
  if (errors.length) throw new Error(`labels in the batch files are not valid:\n  ${errors.join('\n  ')}`);
  const { labels, added, replaced } = mergeLabels(readLabels(target), fresh);
  writeLabels(target, labels);
  process.stdout.write(`${target}: ${added} labels added, ${replaced} replaced, ${labels.length} in all\n`);
}

async function scoreCommand(): Promise<void> {
  const labels = readLabels(arg('labels') ?? DEFAULT_LABELS);
  const spec = arg('sample');
  let sample: SampledSequence[];
  if (spec && process.argv.includes('--rescore')) {
    // The same texts, judged by this tree's gate: each file with its own campaigns and fields.
    const allSpec = arg('all');
    const all = allSpec ? readSamples(sampleFiles(allSpec)) : null;
    sample = readSampleFiles(sampleFiles(spec)).flatMap((f) => rescoreSample(f.sequences, f, all));
  } else
    sample = spec ? readSamples(sampleFiles(spec)) : (await runSample(arg('seed') ?? DEFAULT_SEED, Number(arg('target') ?? DEFAULT_TARGET))).file.sequences;
  const result = score(sample, labels, Number(arg('examples') ?? 5));
  const dump = arg('dump');
  if (dump) fs.writeFileSync(dump, `${JSON.stringify(sample)}\n`);
  if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else process.stdout.write(`${markdown(result, process.argv.includes('--holdout-detail'))}\n`);
}

/** Two readers' verdicts on the same drafts: how often they agree, and the gate against each. */
function agreeCommand(): void {
  const spec = arg('sample');
  if (!spec) throw new Error('agree: name the sample files with --sample');
  const sample = readSamples(sampleFiles(spec));
  const result = agreement(sample, readLabels(arg('labels') ?? DEFAULT_LABELS), readLabels(arg('second') ?? SECOND_READER_LABELS));
  if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else process.stdout.write(`${agreementMarkdown(result)}\n`);
}

/** What readers send by what the message opens on, over every labelled text of the given samples. */
function hooksCommand(): void {
  const spec = arg('sample');
  if (!spec) throw new Error('hooks: name the sample files with --sample');
  const table = hookTable(readSamples(sampleFiles(spec)), readLabels(arg('labels') ?? DEFAULT_LABELS));
  const splits = process.argv.includes('--holdout') ? (['dev', 'holdout'] as const) : (['dev'] as const);
  process.stdout.write(`${splits.map((s) => hookMarkdown(table, s)).join('\n\n')}\n`);
}

async function main(): Promise<void> {
  const command = process.argv[2];
  if (command === 'sample') await sampleCommand();
  else if (command === 'import') importCommand();
  else if (command === 'score') await scoreCommand();
  else if (command === 'agree') agreeCommand();
  else if (command === 'hooks') hooksCommand();
  else {
    process.stderr.write(
      'usage: npm run bench:labels -- sample [--out=file] [--batches=3] [--target=165] [--seed=s] | import <batch files> [--labels=file] | score [--labels=file] [--sample=files|dir [--rescore [--all=file]]] [--json] | agree --sample=files|dir [--labels=file] [--second=file] [--json] | hooks --sample=files [--labels=file] [--holdout]\n',
    );
    process.exitCode = 2;
  }
}

await main();
