import type { SpeakerRow } from '../../db/types.js';
import type { CampaignBrief, Enrichment, PrequalifyResult, SpeakerInput } from '../engine/types.js';
import { enrichSpeaker } from '../engine/offline/enrich.js';
import { prequalifySpeaker } from '../engine/offline/prequalify.js';
import { DEFAULT_QUALIFY_THRESHOLD, qualifySpeaker } from '../engine/offline/qualify.js';
import { STAGE_CREDITS } from './pricing.js';

/**
 * What a credit buys, in one place (docs/credits.md):
 * - a drafted sequence (three messages) for a qualified, selected speaker: 1 credit;
 * - an enrichment that found a contact the page's speaker record did not carry (a
 *   LinkedIn profile or the employer's website): 1 credit. One that only read the
 *   title, role or seniority back from the page costs nothing.
 * Each is charged once per speaker, ever, under a unique ledger reference.
 */

/** The host and path of a URL, folded, so http/https, www and a trailing slash do not make a URL new. */
function urlKey(url: string | null | undefined): string | null {
  if (!url) return null;
  return url
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '');
}

/** Whether an enrichment learned something beyond the page's speaker record (and so is charged). */
export function enrichmentLearned(s: Pick<SpeakerRow, 'linkedin_url'>, e: Enrichment): boolean {
  const newProfile = e.linkedinUrl !== null && urlKey(e.linkedinUrl) !== urlKey(s.linkedin_url);
  return newProfile || e.companyWebsite !== null || e.companyDomain !== null;
}

/** Credits the enrichment of a speaker not yet enriched would charge (0 when it learns nothing new). */
export function enrichCredits(s: Pick<SpeakerRow, 'linkedin_url' | 'enriched_at'>, input: SpeakerInput): number {
  if (s.enriched_at) return 0;
  return enrichmentLearned(s, enrichSpeaker(input)) ? STAGE_CREDITS.enrich : 0;
}

/**
 * The prequalify fit, 0 to 100: the rules' additive fit score from what the page says
 * (title, seniority, ICP keywords, reachability), on top of the prequalify verdict
 * whichever engine gave it. Runs take speakers through the paid stages in this order.
 */
export function prequalifyFit(input: SpeakerInput, verdict: PrequalifyResult, brief: CampaignBrief): number {
  return qualifySpeaker(input, enrichSpeaker(input), verdict, brief).score;
}

/** What the rules predict for a speaker: its verdict, its fit, whether it qualifies (a preview's stand-in for a model). */
export function rulesOutlook(
  input: SpeakerInput,
  brief: CampaignBrief,
  verdict?: PrequalifyResult,
): { verdict: PrequalifyResult; fit: number; qualified: boolean } {
  const p = verdict ?? prequalifySpeaker(input, brief);
  const q = qualifySpeaker(input, enrichSpeaker(input), p, brief, DEFAULT_QUALIFY_THRESHOLD);
  return { verdict: p, fit: q.score, qualified: q.qualified };
}

/** Worst-case credits for taking a waiting speaker through the paid stages: its enrichment, and a draft when selected. */
export function speakerCredits(s: Pick<SpeakerRow, 'linkedin_url' | 'enriched_at' | 'selected' | 'drafted_at'>, input: SpeakerInput): number {
  return enrichCredits(s, input) + (s.selected === 1 && !s.drafted_at ? STAGE_CREDITS.draft : 0);
}
