import { sql } from 'kysely';
import type { CampaignRow, SpeakerRow } from '../../../db/types.js';
import { speakerFacts } from '../../engine/prompts/index.js';
import { RESEARCH_PROMPT } from '../../engine/prompts/research.js';
import { X_SIGNALS_PROMPT } from '../../engine/prompts/x-signals.js';
import type { VendorId } from '../../model-settings.js';
import type { SpeakerInput } from '../../engine/types.js';
import { speakerInput } from '../brief.js';
import { FIXTURE_BRIEF, fixtureSpeakers } from './common.js';
import type { SignalSource } from './input.js';
import { attempt, type ColumnResult } from './ledger.js';
import type { CompareEnv, Item, Mode } from './runner.js';

/** One speaker, or the whole fixture event as one: its talks, bios and the rest joined. */
type SourceItem = Item & { facts: Record<SignalSource, string | string[] | Array<{ title: string; abstract?: string }> | null> };

const norm = (t: string) => t.normalize('NFKC').replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, ' ').trim().toLowerCase();
const EVENT_CAP = 8000;

function factsOf(s: SpeakerInput): SourceItem['facts'] {
  return { talks: s.talks.length ? s.talks : null, bio: s.bio, tagline: s.tagline, title: s.title, company: s.company, links: s.links.length ? s.links : null };
}

function eventFacts(all: SpeakerInput[]): SourceItem['facts'] {
  const joined = (xs: Array<string | null>) => [...new Set(xs.filter((x): x is string => Boolean(x)))].join('\n').slice(0, EVENT_CAP);
  return {
    talks: all.flatMap((s) => s.talks).slice(0, 60),
    bio: joined(all.map((s) => s.bio)),
    tagline: joined(all.map((s) => s.tagline)),
    title: joined(all.map((s) => s.title)),
    company: joined(all.map((s) => s.company)),
    links: all.flatMap((s) => s.links).slice(0, 60),
  };
}

const textOf = (v: SourceItem['facts'][SignalSource]): string =>
  v === null ? '' : typeof v === 'string' ? v : v.map((x) => (typeof x === 'string' ? x : `${x.title}\n${x.abstract ?? ''}`)).join('\n');

/**
 * signals: each provider runs the research prompt once per source (talks, bio, tagline,
 * title, company, links), shown only that source, for the fixture speakers or the
 * fixture event as a whole; a signal counts as grounded when its source text is really
 * in that source.
 */
export const signalsMode: Mode<SourceItem> = {
  async page(env, offset, limit) {
    const all = fixtureSpeakers();
    if (env.plan.target === 'event') {
      const items =
        offset === 0
          ? [{ kind: 'event' as const, id: 'fixture-event', label: FIXTURE_BRIEF.name, campaignId: null, speakerId: null, facts: eventFacts(all) }]
          : [];
      return { total: 1, items };
    }
    const items = all
      .slice(offset, offset + limit)
      .map((s, i) => ({ kind: 'speaker' as const, id: `fixture-${offset + i + 1}`, label: s.name, campaignId: null, speakerId: null, facts: factsOf(s) }));
    return { total: all.length, items };
  },
  callsPerItem: (plan) => plan.providers.map((provider) => ({ provider, stage: 'research' as const, count: plan.sources.length })),
  async run(env, item) {
    return { results: await Promise.all(env.plan.providers.map((p) => attempt(env.ledger, p, () => bySource(env, p, item)))) };
  },
};

async function bySource(env: CompareEnv, p: VendorId, item: SourceItem): Promise<Pick<ColumnResult, 'metrics' | 'detail'>> {
  const detail: Array<{ source: SignalSource; signals: number; grounded: number; called: boolean; values: string[] }> = [];
  for (const source of env.plan.sources) {
    const text = textOf(item.facts[source]);
    if (!text.trim()) {
      detail.push({ source, signals: 0, grounded: 0, called: false, values: [] });
      continue;
    }
    const input = {
      speaker: { name: item.label, [source]: item.facts[source] },
      enrichment: null,
      pitch: FIXTURE_BRIEF.pitch,
      icp_keywords: FIXTURE_BRIEF.icp.keywords,
    };
    const out = await env.ask(p, env.plan.modelFor(p, 'research'), RESEARCH_PROMPT, input, env.ownerOf(item));
    const grounded = out.signals.filter((g) => norm(text).includes(norm(g.source_text)));
    detail.push({ source, signals: out.signals.length, grounded: grounded.length, called: true, values: grounded.map((g) => g.value) });
  }
  const signals = detail.reduce((a, d) => a + d.signals, 0);
  const grounded = detail.reduce((a, d) => a + d.grounded, 0);
  return { metrics: { signals, grounded, grounded_share: signals ? Math.round((grounded / signals) * 100) / 100 : null }, detail };
}

type XItem = Item & { speaker: SpeakerRow };
const X_PROFILE = /^https?:\/\/(www\.)?(x|twitter)\.com\/[A-Za-z0-9_]{1,15}\/?$/i;
const X_POST = /^https?:\/\/(www\.)?(x|twitter)\.com\//i;

/**
 * x_signals: the second provider (xAI in the default order, which can search X) reads
 * each of a campaign's speakers' public posts on X; reported with how many signals carry
 * an X post URL, and one under the speaker's own profile when the page linked one.
 */
export const xSignalsMode: Mode<XItem> = {
  async page(env, offset, limit) {
    const campaign = env.plan.campaign as CampaignRow;
    const q = env.ctx.db.selectFrom('speakers').where('campaign_id', '=', campaign.id);
    const total = Number((await q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    const rows = await q.selectAll().orderBy('seq').limit(limit).offset(offset).execute();
    return { total, items: rows.map((s) => ({ kind: 'speaker' as const, id: s.id, label: s.name, campaignId: campaign.id, speakerId: s.id, speaker: s })) };
  },
  callsPerItem: (plan) => plan.providers.slice(1, 2).map((provider) => ({ provider, stage: 'x_signals' as const, count: 1 })),
  async run(env, item) {
    const p = env.plan.providers[1] as VendorId;
    const s = speakerInput(item.speaker);
    const profile = s.links.find((l) => X_PROFILE.test(l))?.replace(/\/$/, '') ?? null;
    const result = await attempt(env.ledger, p, async () => {
      const out = await env.ask(p, env.plan.modelFor(p, 'x_signals'), X_SIGNALS_PROMPT, { speaker: speakerFacts(s), x_profile: profile }, env.ownerOf(item));
      const onX = out.signals.filter((g) => X_POST.test(g.source_url));
      const own = profile ? onX.filter((g) => g.source_url.toLowerCase().startsWith(`${profile.toLowerCase()}/`)) : [];
      return { metrics: { profile_known: profile !== null, signals: out.signals.length, on_x: onX.length, on_profile: own.length }, detail: out.signals };
    });
    return { results: [result] };
  },
};
