/**
 * The QA gate: a deterministic, explainable 0-10 score for one drafted message,
 * with hard-fail codes, fix hints and routing flags. No network, no database.
 */
import { FLAG, actionOf, fixOf, qaCode } from './codes.js';
import { type ResolvedLimits, hardFindings } from './hard.js';
import { rotationFlag } from './rotation.js';
import { softFindings } from './soft.js';
import type { FixHint, HardFinding, QaInput, QaLimits, QaResult, SoftFinding } from './types.js';

export type { FixHint, QaAction, QaCode, QaInput, QaResult, QaLimits, Slot } from './types.js';

/** The highest score a draft with any hard fail can get. */
export const HARD_FAIL_CAP = 4;

export const DEFAULT_LIMITS: Readonly<ResolvedLimits> = Object.freeze({
  slot1Max: 300,
  followupMax: 1000,
  minChars: 40,
  approveScore: 8,
});

function resolveLimits(limits: QaLimits | undefined): ResolvedLimits {
  return {
    slot1Max: limits?.slot1Max ?? DEFAULT_LIMITS.slot1Max,
    followupMax: limits?.followupMax ?? DEFAULT_LIMITS.followupMax,
    minChars: limits?.minChars ?? DEFAULT_LIMITS.minChars,
    approveScore: limits?.approveScore ?? DEFAULT_LIMITS.approveScore,
  };
}

/**
 * Stamps are a person's verdict on a message, and the scorer cannot tell
 * whether that verdict was given on the current text. A rejection always needs
 * a person. An approval needs one too: SPEC part 3 rule 5 names the approval
 * stamp among the flags that can set needs_human on a clean draft, and routing
 * it to a person (who clears it with approve_message) means a rewrite after
 * the stamp can never ride through on an old approval.
 */
function stampFlags(input: QaInput): string[] {
  const out: string[] = [];
  if (input.stamps?.founderApproved) out.push(FLAG.founderApproved);
  if (input.stamps?.founderRejected) out.push(FLAG.founderRejected);
  return out;
}

function hardReason(f: HardFinding): string {
  const description = qaCode(f.code)?.description ?? f.code;
  return `${description} (${f.detail})`;
}

function fixHint(f: HardFinding): FixHint {
  const base = qaCode(f.code)?.hint ?? '';
  return { code: f.code, action: actionOf(f.code), fix: fixOf(f.code), hint: `${base} Found: ${f.detail}.` };
}

function routingHint(code: string): FixHint {
  return { code, action: actionOf(code), fix: fixOf(code), hint: qaCode(code)?.hint ?? '' };
}

function tally(hard: HardFinding[], soft: SoftFinding[]): { score: number; reasons: string[] } {
  const reasons = [...hard.map(hardReason), ...soft.map((s) => `${s.reason} (-${s.points})`)];
  let score = Math.max(0, 10 - soft.reduce((sum, s) => sum + s.points, 0));
  if (hard.length > 0 && score > HARD_FAIL_CAP) {
    reasons.push(`Score capped at ${HARD_FAIL_CAP} because of ${hard.length} hard fail${hard.length > 1 ? 's' : ''}.`);
    score = HARD_FAIL_CAP;
  }
  return { score, reasons };
}

/** A finding a person cleared by approving the text: it stays on record as a reason, no longer a hard fail. */
function clearedReason(f: HardFinding): string {
  return `Cleared by a person's approval: ${hardReason(f)}`;
}

export function scoreMessage(input: QaInput): QaResult {
  const limits = resolveLimits(input.limits);
  const found = hardFindings(input, limits);
  const cleared = input.personApproved ? found.filter((f) => actionOf(f.code) === 'human_review') : [];
  const hard = found.filter((f) => !cleared.includes(f));
  const soft = softFindings(input, limits);
  const routing = [rotationFlag(input), ...stampFlags(input)].filter((f): f is string => f !== null);
  const tallied = tally(hard, soft);
  const score = tallied.score;
  const reasons = [...tallied.reasons, ...cleared.map(clearedReason)];
  const hardFails = hard.map((f) => f.code);
  const needsRedo = hardFails.some((c) => fixOf(c) === 'rewrite');
  // Routing flags ask for a person; once a person approved this text they are answered.
  const needsHuman = (routing.length > 0 && !input.personApproved) || hardFails.some((c) => actionOf(c) === 'human_review');
  return {
    score,
    hardFails,
    flags: [...hardFails, ...soft.map((s) => s.flag), ...routing],
    reasons,
    fixHints: [...hard.map(fixHint), ...(input.personApproved ? [] : routing.map(routingHint))],
    needsHuman,
    needsRedo,
    approvable: hardFails.length === 0 && score >= limits.approveScore && !needsHuman && !needsRedo,
  };
}

export interface SequenceInput extends Omit<QaInput, 'slot' | 'content' | 'otherSlots' | 'angle' | 'stamps' | 'personApproved'> {
  messages: Array<{ slot: QaInput['slot']; content: string; angle?: string | null; stamps?: QaInput['stamps']; personApproved?: boolean }>;
}

/** Scores every slot of one speaker's sequence, each against the others. */
export function scoreSequence(input: SequenceInput): QaResult[] {
  const { messages, ...shared } = input;
  return messages.map((m) =>
    scoreMessage({
      ...shared,
      slot: m.slot,
      content: m.content,
      angle: m.angle,
      stamps: m.stamps,
      personApproved: m.personApproved,
      otherSlots: messages.filter((o) => o !== m).map((o) => ({ slot: o.slot, content: o.content, angle: o.angle })),
    }),
  );
}
