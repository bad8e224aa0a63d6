/**
 * `score --rescore`: the sample's fixed texts judged again by this tree's QA gate, so a change
 * to the gate is measured on the same drafts the labels describe. Each sequence is scored as
 * rescore_drafts scores it: the speaker's dossier and evidence as stored, the campaign of the
 * page's field (named `Draft labels: <page>` as the sample names it), and the campaign-wide
 * line counts of every sequence drafted on that page — read from the `--all` file the sample
 * command writes when given, else from the sampled sequences of the page alone (fewer, so the
 * campaign-wide checks see less repetition than the pipeline does).
 */
import { loadConfig } from '../src/config.js';
import { scoreSequence, type QaBrief } from '../src/core/message-qa.js';
import { countCampaignLines, type SlotText } from '../src/qa/campaign-lines.js';
import type { CampaignLines } from '../src/qa/types.js';
import type { SampleFile, SampledSequence } from './draft-labels-core.js';

interface Sender {
  your_name: string;
  your_role: string;
  your_company: string;
  pitch: string;
  cta: string;
  positioning: string;
  tone: string;
  icp: QaBrief['icp'];
}

/** The brief of the campaign a page was drafted for, as the sample file records it. */
function briefOf(file: Pick<SampleFile, 'campaign' | 'pages'>, page: string): QaBrief {
  const field = file.pages.find((p) => p.file === page)?.field ?? 'software';
  const byField = (file.campaign as { by_field?: Record<string, Sender> }).by_field ?? {};
  const s = byField[field] ?? Object.values(byField)[0];
  if (!s) throw new Error(`the sample names no campaign for ${page}`);
  return {
    cta: s.cta,
    yourName: s.your_name,
    yourCompany: s.your_company,
    yourRole: s.your_role,
    tone: s.tone,
    pitch: s.pitch,
    positioning: s.positioning,
    icp: s.icp,
    name: `Draft labels: ${page}`,
  };
}

/** Per page, how often each line and frame occurs across the page's sequences. */
function linesByPage(sequences: SampledSequence[]): Map<string, CampaignLines> {
  const byPage = new Map<string, Map<string, SlotText[]>>();
  for (const s of sequences) {
    let page = byPage.get(s.page);
    if (!page) byPage.set(s.page, (page = new Map()));
    page.set(
      s.key,
      s.messages.map((m) => ({ slot: m.slot, content: m.content })),
    );
  }
  return new Map([...byPage].map(([page, seqs]) => [page, countCampaignLines(seqs)]));
}

/**
 * The sample with every message's `qa` replaced by this tree's verdict. `all` is every drafted
 * sequence of the same run (the campaign-wide counts); `file` gives the campaigns and fields.
 */
export function rescoreSample(
  sample: SampledSequence[],
  file: Pick<SampleFile, 'campaign' | 'pages' | 'created_at'>,
  all: SampledSequence[] | null,
): SampledSequence[] {
  const settings = loadConfig({}, { GREENROOM_DB: ':memory:' }).qa;
  const lines = linesByPage(all ?? sample);
  const today = new Date(file.created_at);
  return sample.map((seq) => {
    const sp = seq.speaker;
    const results = scoreSequence(
      {
        name: sp.name,
        title: sp.title,
        company: sp.company,
        tagline: sp.tagline,
        bio: sp.bio,
        talks: JSON.stringify(sp.talks ?? []),
        signals: '[]',
        enrichment: null,
        event_name: sp.event_name,
        evidence: sp.evidence ?? null,
      },
      briefOf(file, seq.page),
      seq.messages.map((m) => ({ slot: m.slot, content: m.content, angle: m.angle ?? null })),
      settings,
      new Map(),
      lines.get(seq.page) ?? null,
      Number.isNaN(today.getTime()) ? undefined : today,
    );
    return {
      ...seq,
      messages: seq.messages.map((m) => {
        const r = results.get(m.slot);
        return r ? { ...m, qa: { score: r.score, hard_fails: [...r.hardFails], approvable: r.approvable, flags: [...r.flags] } } : m;
      }),
    };
  });
}
