/**
 * JSON held in a text column: one codec per column, so its text is written and parsed in
 * one place each and reads back as the type it was written as (atproto's JsonEncoded).
 * An empty text reads as the column's empty value.
 */
export interface JsonColumn<T> {
  write(value: T): string;
  read(text: string | null): T;
}

export function jsonColumn<T>(empty: T): JsonColumn<T> {
  const emptyText = JSON.stringify(empty);
  return { write: (value) => JSON.stringify(value), read: (text) => JSON.parse(text || emptyText) as T };
}

/** messages.hard_fails: the codes of the QA gate's hard fails on the current text. */
export const hardFailCodes = jsonColumn<string[]>([]);
