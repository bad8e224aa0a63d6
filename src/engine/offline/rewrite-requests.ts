/**
 * A rewrite instruction read as separate requests ("make it shorter and drop the
 * buzzwords" is two), so the answer can say which were followed and which not, and the
 * edits instructions.ts does not read: drop the question, mention a topic, drop the
 * buzzwords, and a language the engine cannot write.
 */
import { parseInstruction, understood, type Edits } from './instructions.js';

export interface ExtraEdits {
  dropQuestion: boolean;
  /** Topics the user asked to mention ("mention Kubernetes"), other than the talk and the CTA. */
  mentions: string[];
  buzzwords: boolean;
  /** A language other than English the user asked for; the offline engine writes English only. */
  language: string | null;
}

export type RequestKind = 'edit' | 'drop_question' | 'mention' | 'buzzwords' | 'language' | 'unknown';

export interface Request {
  text: string;
  kind: RequestKind;
  edits: Edits;
  extra: ExtraEdits;
}

const LANGUAGES =
  'german|deutsch|french|fran[cç]ais|spanish|espa[nñ]ol|italian|dutch|portuguese|polish|swedish|danish|norwegian|finnish|japanese|chinese|mandarin|korean|russian|turkish|arabic|hindi|czech|greek|hebrew|ukrainian';
const LANGUAGE = new RegExp(`\\b(?:in|into|to)\\s+(${LANGUAGES})\\b|\\btranslat(?:e|ion)\\b(?:.*\\b(${LANGUAGES})\\b)?|\\bauf deutsch\\b`, 'i');
const DROP_QUESTION =
  /\b(?:remove|drop|delete|cut|lose|skip|without|no|get rid of|take out)\s+(?:the\s+|any\s+|all\s+)?(?:closing\s+|final\s+|last\s+|opening\s+)?questions?\b|\bdon'?t ask\b/i;
const BUZZWORDS = /\b(?:buzz ?words?|jargon|marketing[- ]speak|corporate[- ]speak|fluff|clich[eé]s?)\b/i;
const MENTION = /\b(?:mention|reference|refer to|bring up|talk about|name[- ]?drop)\s+(?:(?:a|an|the|their|his|her|your|our)\s+)?(.{2,60}?)\s*[.!]?$/i;
/** What "mention" may name that instructions.ts already handles or that is not a topic. */
const NOT_A_TOPIC = /^(?:talk|session|presentation|keynote|cta|call to action|call-to-action|link|it)\b/i;
const QUOTED = /("[^"]*"|“[^”]*”)/;
const SPLIT = /\s*(?:[,;]|\.\s|\band then\b|\band also\b|\bthen\b|\balso\b|\band\b|\bplus\b)\s*/i;

/** The instruction in parts, never split inside quotes (a phrase to drop may hold a comma). */
export function splitRequests(instruction: string): string[] {
  const pieces = instruction.trim().split(QUOTED);
  const parts: string[] = [''];
  for (const [i, piece] of pieces.entries()) {
    if (i % 2 === 1) {
      parts[parts.length - 1] += piece;
      continue;
    }
    const split = piece.split(SPLIT);
    parts[parts.length - 1] += split[0] ?? '';
    parts.push(...split.slice(1));
  }
  return parts
    .map((p) =>
      p
        .trim()
        .replace(/[.!]+$/, '')
        .trim(),
    )
    .filter((p) => /\p{L}/u.test(p));
}

export function extraEdits(text: string): ExtraEdits {
  const language = LANGUAGE.exec(text);
  const mention = MENTION.exec(text);
  const topic = mention?.[1]?.trim() ?? '';
  return {
    dropQuestion: DROP_QUESTION.test(text),
    mentions: topic && !NOT_A_TOPIC.test(topic) && !/\b(?:don'?t|do not|never)\b/i.test(text) ? [topic] : [],
    buzzwords: BUZZWORDS.test(text),
    language: language ? (language[1] ?? language[2] ?? 'another language') : null,
  };
}

/** Any edit, of either reader, that the rules apply to the text as it is. */
export function anyEdit(e: Edits, x: ExtraEdits): boolean {
  return understood(e) || x.dropQuestion || x.mentions.length > 0 || x.buzzwords;
}

/** Each part with what the engine reads in it; a part read as nothing is `unknown`. */
export function readRequests(instruction: string): Request[] {
  return splitRequests(instruction).map((text) => {
    const edits = parseInstruction(text);
    const extra = extraEdits(text);
    const kind: RequestKind = extra.language
      ? 'language'
      : extra.dropQuestion
        ? 'drop_question'
        : extra.buzzwords
          ? 'buzzwords'
          : understood(edits)
            ? 'edit'
            : extra.mentions.length
              ? 'mention'
              : 'unknown';
    return { text, kind, edits, extra };
  });
}

/** The edits of the whole instruction: instructions.ts reads it whole; the others are read part by part. */
export function instructionEdits(instruction: string): { edits: Edits; extra: ExtraEdits } {
  const parts = readRequests(instruction);
  return {
    edits: parseInstruction(instruction),
    extra: {
      dropQuestion: parts.some((p) => p.extra.dropQuestion),
      mentions: [...new Set(parts.flatMap((p) => (p.kind === 'mention' ? p.extra.mentions : [])))],
      buzzwords: parts.some((p) => p.extra.buzzwords),
      language: parts.find((p) => p.extra.language)?.extra.language ?? null,
    },
  };
}
