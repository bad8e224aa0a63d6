/** Checks shared by the draft and rewrite tests, written independently of the engine's own helpers. */
import type { Signal } from '../../src/engine/types.js';

export const LINK = /https?:\/\/|www\.|\b[\w-]+\.(?:com|io|ai|co|net|org|dev|app|me|us|de|uk|eu)\b|[\w.+-]+@[\w-]+\.[\w.]+/i;
export const PLACEHOLDER = /\{\{|\}\}|\{[A-Za-z_ ]+\}|\[[^\]\n]*\]|<[A-Za-z_ ]+>|%[A-Z_]+%|\bTODO\b|\bXXX\b/;
export const STOCK_OPENERS = /hope this finds you well|came across your profile|wanted to reach out/i;
export const AI_TELLS = /\b(?:delve|synergy|game[- ]?changer|unlock|fast[- ]paced)\b/i;
export const SPAM = /\b(?:free|guarantee[ds]?|act now|cash|winner)\b/i;

/** Every "double-quoted" span of a text. */
export function quotes(text: string): string[] {
  return [...text.matchAll(/"([^"\n]+)"/g)].map((m) => m[1]);
}

/** True when every quote is the value of a talk_topic signal. */
export function quotesGrounded(text: string, signals: readonly Signal[]): boolean {
  const talks = signals.filter((s) => s.kind === 'talk_topic').map((s) => s.value);
  // A long title may be quoted by its main title, the part before its subtitle.
  return quotes(text).every((q) =>
    talks.some((t) => t === q || new RegExp(`^${q.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?::\\s|\\s[-\u2013\u2014]\\s)`).test(t)),
  );
}

/** The first name as a person would write it: first word, capitalised if the name shouts. */
export function expectedFirstName(name: string): string {
  const first = name.trim().split(/\s+/)[0];
  return first === first.toUpperCase()
    ? first
        .split('-')
        .map((p) => p[0] + p.slice(1).toLowerCase())
        .join('-')
    : first;
}
