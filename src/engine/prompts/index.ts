/**
 * Stage prompts. Each lives in its own file with a version string that is recorded with
 * every call, so a change in what a stage was told shows in its spend rows. Each asks
 * for structured output validated by a zod schema; the input travels as JSON after a
 * fixed marker, so the model reads the facts as data, not as instructions.
 */
import type { z } from 'zod';
import type { ModelStage } from '../../model-settings.js';

/** What a prompt is for: a pipeline stage, or one of compare_models' own tasks. */
export type PromptStage = ModelStage | 'judge' | 'founder_judge' | 'x_signals';
import type { CampaignBrief, SpeakerInput } from '../types.js';

export interface StagePrompt<S extends z.ZodType> {
  stage: PromptStage;
  /** stage@date.n: bump it whenever the system text or schema changes. */
  version: string;
  /** The name the structured output is given (some vendors show it to the model). */
  name: string;
  system: string;
  schema: S;
}

export const INPUT_MARKER = 'Input (JSON):';

export function userMessage(stage: PromptStage, input: unknown): string {
  return `Task: ${stage}\n${INPUT_MARKER}\n${JSON.stringify(input)}`;
}

/** The speaker as a model sees it: what the page said, nothing derived. */
export function speakerFacts(s: SpeakerInput) {
  return { name: s.name, title: s.title, company: s.company, tagline: s.tagline, bio: s.bio, talks: s.talks, conference: s.conferenceName ?? null };
}

export function campaignFacts(c: CampaignBrief) {
  return {
    pitch: c.pitch,
    cta: c.cta,
    sender_name: c.yourName,
    sender_role: c.yourRole,
    tone: c.tone,
    positioning: c.positioning,
    icp: c.icp,
    exemplars: c.exemplars.slice(-5),
  };
}
