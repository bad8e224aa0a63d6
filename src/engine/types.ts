/**
 * The contract every model provider fulfils, the built-in offline engine and vendor
 * adapters alike. Methods are async and take and return plain JSON-safe data, so a
 * provider that calls a remote model fits without changing this file.
 */

/** Ideal customer profile. Every list may be empty; an all-empty ICP means "no preference". */
export interface Icp {
  /** Job titles to target, e.g. "VP Engineering", "Staff Engineer". */
  titles: string[];
  /** Seniority levels, as enum values or words like "C-level", "Director", "Head of". */
  seniority: string[];
  industries: string[];
  /** Topics or technologies that signal fit when they appear in the title, bio or talks. */
  keywords: string[];
  /** Words that rule a speaker out when they describe the speaker (e.g. "recruiter", "student"). */
  exclusions: string[];
  /** Company names or domains of competitors; their employees are ruled out. */
  competitors: string[];
}

export interface TalkInput {
  title: string;
  abstract?: string;
  /** What the page calls the session when it is not one person's talk ("panel", "workshop"). */
  kind?: string;
}

/** A speaker as the pipeline stores it (the cleaned scraped record plus where it came from). */
export interface SpeakerInput {
  name: string;
  title: string | null;
  company: string | null;
  tagline: string | null;
  bio: string | null;
  talks: TalkInput[];
  linkedinUrl: string | null;
  companyLinkedinUrl: string | null;
  links: string[];
  profileUrl: string | null;
  /** The conference page the speaker was scraped from. */
  sourceUrl: string;
  conferenceName?: string | null;
  /** The given name, when the page marks it (a "first name" field); greetings use it as is. */
  givenName?: string | null;
  /** True when the page lists people surname first ("Hallade Xavier"). */
  surnameFirst?: boolean | null;
  /**
   * Asks for other wordings of the same facts (1, 2, ...): a colleague at the same
   * company already got the first. Engines without templates may ignore it.
   */
  variant?: number;
  /**
   * The sequence's place in its campaign (0, 1, 2, ...), so a writer with a fixed set of
   * wordings can take them in turn and no wording carries a campaign; engines that write
   * each message afresh ignore it.
   */
  turn?: number;
}

export interface CampaignBrief {
  name: string;
  pitch: string;
  cta: string;
  yourName: string;
  yourRole: string;
  /** The sender's company; optional, and a first message without it names no company. */
  yourCompany?: string;
  /** Free text such as "casual", "friendly but direct", "formal". */
  tone: string;
  positioning: string;
  icp: Icp;
  /** Sent messages the user approved: drafts learn their greeting, sign-off and length from them. */
  exemplars: string[];
}

export type Verdict = 'qualified' | 'unsure' | 'disqualified';

export interface PrequalifyResult {
  verdict: Verdict;
  /** Human-readable reasons naming what matched (or what was missing). */
  reasons: string[];
}

export const SENIORITY_LEVELS = ['c_level', 'vp', 'director', 'manager', 'senior', 'individual', 'student', 'unknown'] as const;

export type Seniority = (typeof SENIORITY_LEVELS)[number];

export interface Enrichment {
  linkedinUrl: string | null;
  companyWebsite: string | null;
  /** Host of the company website without "www."; only ever taken from a real link or text. */
  companyDomain: string | null;
  role: string | null;
  seniority: Seniority;
  /** One entry per filled field, naming where its value came from. */
  sources: string[];
}

export interface QualifyResult {
  /** Fit score, 0 to 100. */
  score: number;
  qualified: boolean;
  reasons: string[];
}

/** intent_activity: what an intent lead did on LinkedIn (src/engine/intent.ts); never produced by research. */
export type SignalKind = 'talk_topic' | 'theme' | 'company_fact' | 'role' | 'intent_activity';

/** A fact found about the speaker. Drafts may state only what some signal carries. */
export interface Signal {
  kind: SignalKind;
  value: string;
  /** The exact text the value was taken from (a talk title, a bio sentence, a link). */
  sourceText: string;
  sourceUrl: string | null;
}

export type SlotNumber = 1 | 2 | 3;

export interface DraftSlot {
  slot: SlotNumber;
  /** What the message leans on, e.g. "talk", "pitch", "cta"; the three slots differ. */
  angle: string;
  content: string;
}

export interface RewriteInput {
  slot: SlotNumber;
  content: string;
  instruction: string;
  speaker: SpeakerInput;
  signals: Signal[];
  campaign: CampaignBrief;
  otherSlots: DraftSlot[];
}

/** Every step a provider serves; enrich always runs on the rules. */
export type EngineStage = 'prequalify' | 'enrich' | 'qualify' | 'research' | 'draft' | 'rewrite';

/** Every kind of call a spend row can record: the stages, and compare_models' judging and X research. */
export type CallStage = EngineStage | 'judge' | 'founder_judge' | 'x_signals';

/** One call a provider made, as the spend ledger records it. */
export interface CallRecord {
  /** A vendor id, or "offline" for the rules engine. */
  provider: string;
  model: string;
  stage: CallStage;
  /** The version of the prompt sent; null for the rules engine. */
  promptVersion: string | null;
  inputTokens: number;
  outputTokens: number;
  /** Null when the model has no price in the table. */
  costUsd: number | null;
  ok: boolean;
  error: string | null;
  durationMs: number;
  /** Waiting the vendor asked for (HTTP 429, Retry-After) before this attempt; 0 or absent when none. */
  waitedMs?: number;
}

/** Collects the calls one piece of work made, so the caller stores them with the work's result. */
export interface Meter {
  record(r: CallRecord): void;
}

/**
 * Every method takes an optional meter last: a caller that stores spend passes one;
 * without it the engine stores the spend itself where it can.
 */
export interface ModelProvider {
  id: string;
  prequalify(s: SpeakerInput, c: CampaignBrief, meter?: Meter): Promise<PrequalifyResult>;
  enrich(s: SpeakerInput, meter?: Meter): Promise<Enrichment>;
  qualify(s: SpeakerInput, e: Enrichment, p: PrequalifyResult, c: CampaignBrief, meter?: Meter): Promise<QualifyResult>;
  research(s: SpeakerInput, e: Enrichment, c: CampaignBrief, meter?: Meter): Promise<Signal[]>;
  /** Always exactly three slots, numbered 1, 2, 3. */
  draft(s: SpeakerInput, signals: Signal[], c: CampaignBrief, meter?: Meter): Promise<DraftSlot[]>;
  /** Returns the rewritten text of one slot. */
  rewrite(input: RewriteInput, meter?: Meter): Promise<string>;
}

/** Where one stage's calls go. */
export interface StageRoute {
  provider: string;
  model: string;
}

/** A provider that says where each stage runs (the pipeline and cost previews ask). */
export interface StageEngine extends ModelProvider {
  route(stage: EngineStage): StageRoute;
}

/** A vendor refused or failed a call after its retries; the one speaker's step fails, not the run. */
export class ModelCallError extends Error {
  constructor(
    readonly provider: string,
    readonly model: string,
    readonly stage: CallStage,
    readonly reason: string,
  ) {
    super(`${provider} ${model} (${stage}): ${reason}`);
    this.name = 'ModelCallError';
  }
}

/** Hard limits a first-touch connection note and follow-ups must respect. */
export const SLOT_LIMITS: Readonly<Record<SlotNumber, number>> = Object.freeze({
  1: 300,
  2: 1000,
  3: 1000,
});
