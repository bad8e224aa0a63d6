import { DEFAULT_QUALIFY_THRESHOLD } from '../offline/qualify.js';
import type { z } from 'zod';
import { campaignFacts, speakerFacts, type StagePrompt } from '../prompts/index.js';
import { DRAFT_PROMPT } from '../prompts/draft.js';
import { PREQUALIFY_PROMPT } from '../prompts/prequalify.js';
import { QUALIFY_PROMPT } from '../prompts/qualify.js';
import { RESEARCH_PROMPT } from '../prompts/research.js';
import { REWRITE_PROMPT } from '../prompts/rewrite.js';
import type { ModelStage, VendorId } from '../../model-settings.js';
import type { Enrichment, Meter, ModelProvider, Signal, SlotNumber, SpeakerInput } from '../types.js';
import type { VendorLane } from './lane.js';

export interface VendorEngineDeps {
  vendor: VendorId;
  lane: Pick<VendorLane, 'call'>;
  /** The model each stage calls. */
  modelFor(stage: ModelStage): string;
}

/**
 * A vendor model behind the ModelProvider contract: one structured call per stage.
 * Enrichment is not offered: the stage router keeps it on the rules.
 */
export function createVendorEngine(d: VendorEngineDeps): Omit<ModelProvider, 'enrich'> {
  // Each prompt's output schema types its answer: no result is cast.
  const call = <S extends z.ZodType>(stage: ModelStage, prompt: StagePrompt<S>, input: unknown, meter?: Meter): Promise<z.output<S>> =>
    d.lane.call(d.modelFor(stage), prompt, input, meter);
  return {
    id: d.vendor,
    async prequalify(s, c, meter) {
      return call('prequalify', PREQUALIFY_PROMPT, { speaker: speakerFacts(s), icp: c.icp }, meter);
    },
    async qualify(s, e, p, c, meter) {
      const out = await call('qualify', QUALIFY_PROMPT, { speaker: speakerFacts(s), enrichment: enrichmentFacts(e), prequalify: p, icp: c.icp }, meter);
      return { score: out.score, qualified: p.verdict !== 'disqualified' && out.score >= DEFAULT_QUALIFY_THRESHOLD, reasons: out.reasons };
    },
    async research(s, e, c, meter) {
      const out = await call(
        'research',
        RESEARCH_PROMPT,
        { speaker: speakerFacts(s), enrichment: enrichmentFacts(e), pitch: c.pitch, icp_keywords: c.icp.keywords },
        meter,
      );
      return groundedSignals(s, e, out.signals);
    },
    async draft(s, signals, c, meter) {
      const out = await call('draft', DRAFT_PROMPT, { speaker: speakerFacts(s), signals: signalFacts(signals), campaign: campaignFacts(c) }, meter);
      return out.messages.map((m) => ({ slot: m.slot as SlotNumber, angle: m.angle, content: m.content.trim() })).sort((a, b) => a.slot - b.slot);
    },
    async rewrite(input, meter) {
      const out = await call(
        'rewrite',
        REWRITE_PROMPT,
        {
          instruction: input.instruction,
          slot: input.slot,
          content: input.content,
          other_slots: input.otherSlots,
          speaker: speakerFacts(input.speaker),
          signals: signalFacts(input.signals),
          campaign: campaignFacts(input.campaign),
        },
        meter,
      );
      return out.content.trim();
    },
  };
}

const enrichmentFacts = (e: Enrichment) => ({ role: e.role, seniority: e.seniority, company_domain: e.companyDomain, company_website: e.companyWebsite });
const signalFacts = (signals: Signal[]) => signals.map((g) => ({ kind: g.kind, value: g.value, source_text: g.sourceText }));

const norm = (t: string) => t.normalize('NFKC').replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Keeps only signals whose source text is really in what the page said: a model that
 * paraphrases or remembers something from elsewhere does not get to put it in a draft.
 */
function groundedSignals(s: SpeakerInput, e: Enrichment, raw: Array<{ kind: Signal['kind']; value: string; source_text: string }>): Signal[] {
  const corpus = norm(
    [s.name, s.title, s.company, s.tagline, s.bio, ...s.talks.flatMap((t) => [t.title, t.abstract]), e.role, e.companyWebsite, e.companyDomain]
      .filter(Boolean)
      .join('\n'),
  );
  const url = s.profileUrl ?? s.sourceUrl ?? null;
  const out: Signal[] = [];
  for (const r of raw) {
    const source = r.source_text.trim();
    if (!source || !corpus.includes(norm(source))) continue;
    out.push({ kind: r.kind, value: r.value.trim(), sourceText: source, sourceUrl: url });
  }
  return out;
}
