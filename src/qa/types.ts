/**
 * Shapes of the QA gate. The scorer is pure: everything it judges arrives in
 * `QaInput`, so the same input always yields the same `QaResult`.
 */

/**
 * What a client should do about a finding: the SPEC's QA fix action (part 3).
 * `none`: do not touch; `rescore`: the text must change, then rescore_drafts (or
 * request_rewrite, which rescores) and a clean score releases it; `human_review`: a
 * person decides and clears it with approve_message.
 */
export type QaAction = 'none' | 'rescore' | 'human_review';

/**
 * How to fix a finding, finer than its action: `rewrite` (call request_rewrite with
 * the hint as its instruction, or edit the text; action `rescore`), `rescore` (run
 * rescore_drafts), `human_review` and `none` as the action says.
 */
export type QaFix = 'none' | 'rescore' | 'rewrite' | 'human_review';

export interface QaCode {
  code: string;
  action: QaAction;
  fix: QaFix;
  /** An instruction, usable verbatim as a rewrite instruction. */
  hint: string;
  description: string;
}

export interface FixHint {
  code: string;
  action: QaAction;
  fix: QaFix;
  hint: string;
}

export type Slot = 1 | 2 | 3;

/** The fields of a speaker record whose page text span is kept as evidence. */
export type EvidenceField = 'name' | 'title' | 'company' | 'linkedin' | 'talk' | 'event';

/** Field name to the short page text (at most 300 characters) the value was read from. */
export type Evidence = Partial<Record<EvidenceField, string>>;

export interface QaSpeaker {
  name: string;
  firstName?: string;
  company?: string | null;
  title?: string | null;
  /**
   * Where each extracted field came from. Optional while extraction does not keep
   * it; when present, a fact the draft states is read against its own span first.
   */
  evidence?: Evidence | null;
  /** Titles of the speaker's talks as the record holds them. */
  talks?: readonly string[];
  /**
   * The talks the page gives a kind of their own: a panel, a workshop, a session several people
   * of the page share ("session"). What the page calls them, for a draft that calls them a talk.
   */
  sessionKinds?: ReadonlyArray<{ title: string; kind: string }>;
  /** The event the speaker's page names, as the record holds it. */
  event?: string | null;
}

/**
 * How often each opening and closing line occurs across a campaign's sequences,
 * counted once per sequence. Only a campaign-wide pass knows this.
 */
export interface CampaignLines {
  sequences: number;
  counts: ReadonlyMap<string, number>;
  /**
   * Per slot: how many sequences' messages of that slot hold each run of four words, and
   * how many sequences have that slot. Absent when the pass only knew the texts, not their slots.
   */
  phrases?: ReadonlyMap<number, ReadonlyMap<string, number>>;
  /** Per slot: how many messages of that slot have each sentence frame (frames.ts). */
  frames?: ReadonlyMap<number, ReadonlyMap<string, number>>;
  slotTotals?: ReadonlyMap<number, number>;
}

export interface QaCampaign {
  cta: string;
  /**
   * The call to action as the drafts carry it: the campaign's own, or, when it sets none, the
   * wordings the writer falls back on. Every sequence carries it by design, so the campaign-wide
   * checks never count it as a repeated line; `cta` alone decides whether a last note has one.
   */
  ctaLines?: string | null;
  senderName?: string | null;
  /** The sender's company and role ("Tracewise", "founder of Greenroom"): the sender's facts, as the pitch is. */
  senderCompany?: string | null;
  senderRole?: string | null;
  tone?: string | null;
  exclusions: string[];
  competitors: string[];
  /**
   * The sender's own pitch. Optional: when given, names and figures it contains
   * count as the sender's facts, so a draft may state them without the
   * recipient's dossier backing them up.
   */
  pitch?: string | null;
  /** The sender's positioning (whom they work with): the sender's own description, never to be pasted into a message. */
  positioning?: string | null;
  /** The ICP's keywords and titles: the field the product is for, which a reader's own work may lie far from. */
  field?: readonly string[];
}

export interface QaLimits {
  slot1Max?: number;
  followupMax?: number;
  minChars?: number;
  approveScore?: number;
}

export interface QaInput {
  slot: Slot;
  content: string;
  speaker: QaSpeaker;
  /** Everything known about the recipient: dossier (bio, talk titles/abstracts, company, title) and research signal source texts, joined. */
  grounding: string;
  campaign: QaCampaign;
  /** The other slots of the same sequence, for repetition and angle rotation checks. */
  otherSlots: Array<{ slot: Slot; content: string; angle?: string | null }>;
  /** The drafting angle label of this slot when known. */
  angle?: string | null;
  stamps?: { founderApproved?: boolean; founderRejected?: boolean };
  /**
   * A person approved this exact text (approve_message). Their decision settles what
   * was put to a person: routing flags and `human_review` hard fails. Findings a
   * rewrite must fix still stand.
   */
  personApproved?: boolean;
  limits?: QaLimits;
  /** Lines shared across the campaign, when the caller scores the whole campaign. */
  campaignLines?: CampaignLines | null;
  /** Today, from the caller's clock: what is past is judged against it. Checks that need it skip without it. */
  today?: Date;
}

export interface QaResult {
  /** 0-10 integer. */
  score: number;
  hardFails: string[];
  /** Hard-fail codes, soft findings, and routing flags that never appear in reasons. */
  flags: string[];
  reasons: string[];
  fixHints: FixHint[];
  needsHuman: boolean;
  /** True when a hard fail stands that a rewrite should fix. */
  needsRedo: boolean;
  /** Hard fails clear, score high enough, nothing routed to a person or a rewrite. */
  approvable: boolean;
}

/** One hard-fail finding with the detail that makes its hint specific. */
export interface HardFinding {
  code: string;
  /** Short, human-readable detail, e.g. the offending term or the measured length. */
  detail: string;
}

/** One soft deduction: how many points it costs and why. */
export interface SoftFinding {
  flag: string;
  points: number;
  reason: string;
}
