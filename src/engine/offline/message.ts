/** A message taken apart into greeting, body sentences and signature, and put back. */

export interface Message {
  greeting: string | null;
  sentences: string[];
  signature: string | null;
  /** Paragraph break between the parts, as the message had it. */
  gap: string;
}

const GREETING_LINE = /^(?:hi|hey|hello|dear|hiya|howdy|greetings|good (?:morning|afternoon|evening))\b.{0,40}$/i;
const QUOTE = /"[^"\n]*"/g;
const SPLIT = /(?<=[.!?])\s+(?=\S)/;
const MAX_SIGNATURE_LINE = 40;
const MASK = /\uE000(\d+)\uE001/g;

/** Splits into sentences without breaking inside a quoted title such as "Why Rust? A story". */
export function splitSentences(text: string): string[] {
  const quotes: string[] = [];
  // Private-use characters do not appear in ordinary text, so they can stand in for quotes.
  const masked = text.replace(QUOTE, (q) => `\uE000${quotes.push(q) - 1}\uE001`);
  return masked
    .split(SPLIT)
    .map((s) => s.replace(MASK, (_, i: string) => quotes[Number(i)]).trim())
    .filter(Boolean);
}

function looksLikeSignature(lines: string[]): boolean {
  return lines.length > 0 && lines.length <= 2 && lines.every((l) => l.length <= MAX_SIGNATURE_LINE && !/[?]$/.test(l));
}

export function parseMessage(content: string): Message {
  const gap = /\n\s*\n/.test(content) ? '\n\n' : '\n';
  const lines = content
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length <= 1) return { greeting: null, sentences: splitSentences(content.trim()), signature: null, gap };
  const greeting = GREETING_LINE.test(lines[0]) ? lines.shift()! : null;
  let signature: string | null = null;
  const paragraphs = content
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const lastPara = paragraphs[paragraphs.length - 1]?.split('\n').map((l) => l.trim()) ?? [];
  if (paragraphs.length >= 2 && looksLikeSignature(lastPara)) {
    signature = lastPara.join('\n');
    lines.splice(lines.length - lastPara.length, lastPara.length);
  } else if (gap === '\n' && lines.length >= 2 && looksLikeSignature(lines.slice(-2)) && /,$/.test(lines[lines.length - 2])) {
    signature = lines.splice(lines.length - 2, 2).join('\n');
  } else if (lines.length >= 2 && /^[\u2014\u2013-]\s*\p{L}/u.test(lines[lines.length - 1] ?? '') && looksLikeSignature(lines.slice(-1))) {
    // "— Robin Vale" on its own line signs the message, blank line before it or not.
    signature = lines.pop() ?? null;
  }
  return { greeting, sentences: splitSentences(lines.join(' ')), signature, gap };
}

export function renderMessage(m: Message): string {
  const body = m.sentences.join(' ');
  if (!m.greeting && !m.signature) return body;
  return [m.greeting, body, m.signature].filter(Boolean).join(m.gap);
}
