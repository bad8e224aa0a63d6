import type { SpeakerRow } from '../../db/types.js';
import type { CampaignBrief, Enrichment, PrequalifyResult, SpeakerInput } from '../engine/types.js';
import { enrichSpeaker } from '../engine/offline/enrich.js';
import { prequalifySpeaker } from '../engine/offline/prequalify.js';
import { DEFAULT_QUALIFY_THRESHOLD, qualifySpeaker } from '../engine/offline/qualify.js';
import { STAGE_CREDITS } from './pricing.js';

/**
 * What a credit buys, in one place (docs/credits.md): a drafted sequence (three messages)
 * for a qualified, selected speaker costs 1 credit, and 1 more when that speaker's
 * enrichment found a contact the page's speaker record did not carry (a LinkedIn profile
 * or the employer's website). The enrichment's credit is charged with the drafts, in the
 * same ledger write, so every credit spent bought a sequence: a speaker who is never
 * drafted costs nothing, and an enrichment that only read the title, role or seniority
 * back from the page is free. Each is charged once per speaker, ever, under a unique
 * ledger reference (pricing.ts chargeReference).
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

/** What an enrichment learned beyond the page's speaker record, in words for the ledger; null when nothing (it is free). */
export function enrichmentFound(s: Pick<SpeakerRow, 'linkedin_url'>, e: Enrichment): string | null {
  const found: string[] = [];
  if (e.linkedinUrl !== null && urlKey(e.linkedinUrl) !== urlKey(s.linkedin_url)) found.push('a LinkedIn profile');
  if (e.companyWebsite !== null || e.companyDomain !== null) found.push('the company website');
  return found.length ? found.join(' and ') : null;
}

type Priced = Pick<SpeakerRow, 'linkedin_url' | 'enriched_at' | 'enrich_found' | 'selected' | 'drafted_at'>;

/**
 * The enrichment credits a speaker's draft carries: what its enrichment found when it is
 * enriched (enrich_found), else what the rules' enrichment of the page would find.
 */
export function enrichCredits(s: Omit<Priced, 'selected' | 'drafted_at'>, input: SpeakerInput): number {
  const learned = s.enriched_at ? s.enrich_found !== null : enrichmentFound(s, enrichSpeaker(input)) !== null;
  return learned ? STAGE_CREDITS.enrich : 0;
}

/** What a speaker's draft will charge: the draft and its enrichment's credit; 0 for a speaker not selected or already drafted. */
export function speakerCredits(s: Priced, input: SpeakerInput): number {
  return s.selected === 1 && !s.drafted_at ? STAGE_CREDITS.draft + enrichCredits(s, input) : 0;
}

/** The ledger line of an enrichment charged with the drafts: whose it was and what it found. */
export const enrichChargeDescription = (name: string, found: string): string => `Enrichment of ${name}: found ${found} (charged with the drafts)`;

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
