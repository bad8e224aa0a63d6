/**
 * A question and the sentence after it that do not fit: "who on your team finds out which
 * request got slow? Tracewise is built for it" asks for a person and answers with a
 * product, which reads as two templates glued together.
 */
import { bodyOf } from './campaign-lines.js';
import { fold, sentences } from './text.js';
import type { QaInput } from './types.js';

/** A question asking for a person: "who" opens it or the clause after a colon or a comma. */
const WHO_QUESTION_RE = /(?:^|[:;,\u2014\u2013]\s*)who\b[^?]*\?$/i;
/** The next sentence handing the question to the product ("X is built for it", "that's the job X does"), not asking anything. */
const HANDED_TO_PRODUCT_RE =
  /\b(?:for (?:it|that|this)|(?:answer|do) (?:it|that)|does (?:exactly )?(?:that|this|it)|that question|the job|the problem|takes on|what (?:i|we) work on|(?:is|that's|that is) what)\b/i;

/** Why a "who" question is answered by the sender's product, or null. */
export function whoAnsweredByProduct(input: Pick<QaInput, 'content' | 'campaign'>): string | null {
  const product = input.campaign.senderCompany?.trim();
  if (!product || !/\bwho\b/i.test(input.content)) return null;
  const all = sentences(bodyOf(input.content));
  for (let i = 0; i + 1 < all.length; i++) {
    const q = all[i] as string;
    const next = all[i + 1] as string;
    if (!WHO_QUESTION_RE.test(q) || next.includes('?')) continue;
    if (fold(next).includes(fold(product)) && HANDED_TO_PRODUCT_RE.test(next))
      return `"${q.slice(Math.max(0, q.search(/\bwho\b/i)))}" asks for a person, and "${next}" answers with the product`;
  }
  return null;
}

/**
 * The line after a question that hands the answer to the product outright: "That's the job
 * X does", "X exists for exactly that question", "It's the problem X takes on", "X does
 * exactly that", or the product's reason for being pointed at the question ("That question
 * is the reason X exists", "X was made to answer it", "We built X for that"), or the question
 * owned up to as the product's lead-in ("I ask because that's what X does", "X is my day job,
 * hence the question", "The question comes from my work on X", "My own days at X go into
 * exactly that", "At X we help engineering teams with it", "It's what I work on at X", "X, where I
 * work, is built around it", "It's the kind of question we think about at X", "I ask because I work
 * on X"). A reader asked how they work, then told the sender's product is the answer
 * before they could reply, sees the sales script. "X is built for it" after a question about
 * the product's own task says what it does, and is left alone.
 */
const ANSWERED_RE =
  /\b(?:hence the question|the question comes from|(?:it's|it is) what i work on|where i work, is built around (?:it|that|this)|(?:it's|it is) the (?:kind|sort) of question we think about|i ask because i work on|asking as someone who works on|(?:that's|that is) what \S+ does|go(?:es)? into exactly (?:that|this)|we help [\p{L} ]{2,40} with (?:it|that|this)|that's the job|that is the job|exists for (?:exactly )?(?:that|this) question|(?:it's|it is) the problem \S+ takes on|does exactly (?:that|this)|is exactly what \S+ does|(?:the )?reason \S+ exists|(?:was|were) (?:made|built|created|designed) to (?:answer|solve|fix) (?:it|that|this)|we (?:built|made|created|designed|started) \S+ (?:for|to answer|to solve) (?:exactly )?(?:it|that|this)(?: question| problem)?)(?![\w-])/iu;
/** A line this short after the question is a tag, not a sentence of its own about the product. */
const TAG_WORDS = 10;

/** Why the question is answered with the product in the next line, or null. */
export function productAsAnswer(input: Pick<QaInput, 'content' | 'campaign'>): string | null {
  const product = input.campaign.senderCompany?.trim();
  if (!product || !input.content.includes('?')) return null;
  const all = sentences(bodyOf(input.content));
  for (let i = 0; i + 1 < all.length; i++) {
    const q = all[i] as string;
    const next = all[i + 1] as string;
    if (!q.endsWith('?') || WHO_QUESTION_RE.test(q) || next.includes('?')) continue;
    if (next.split(/\s+/).length <= TAG_WORDS && fold(next).includes(fold(product)) && ANSWERED_RE.test(next))
      return `"${next}" answers the question "${q.slice(Math.max(0, q.lastIndexOf(':') + 1)).trim()}" with the product`;
  }
  return null;
}
