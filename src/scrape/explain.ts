/**
 * `greenroom scrape --explain` in words: for every person, the extractor that read
 * them and, field by field, the value kept and the page's own text it came from;
 * then what was seen and left out, and why; then why the page gave nobody, when
 * that is known. Meant for a person checking a parse, so plain text, not JSON.
 */
import type { ExtractOutcome } from './extract.js';
import type { ScrapedSpeaker } from './types.js';

export interface Explained {
  url: string;
  contentType: string;
  /** Every extractor that recognises the page, best first. */
  candidates: string[];
  outcome: ExtractOutcome;
}

type Field = 'name' | 'title' | 'company' | 'linkedin' | 'talk';
const FIELDS: Field[] = ['name', 'title', 'company', 'linkedin', 'talk'];
const LABEL_WIDTH = 10;
const INDENT = '   ';

function valueOf(s: ScrapedSpeaker, field: Field): string | null {
  switch (field) {
    case 'name':
      return s.name;
    case 'title':
      return s.title;
    case 'company':
      return s.company;
    case 'linkedin':
      return s.linkedinUrl;
    case 'talk':
      return s.talks[0]?.title ?? null;
  }
}

const quote = (text: string): string => `"${text.replace(/\s+/g, ' ').trim()}"`;

/** One field: the value, then the page text it was read from (or why there is none). */
function fieldLines(s: ScrapedSpeaker, field: Field): string[] {
  const value = valueOf(s, field);
  const label = `${INDENT}${field.padEnd(LABEL_WIDTH)}`;
  if (value === null) return [`${label}-`];
  const more = field === 'talk' && s.talks.length > 1 ? ` (and ${s.talks.length - 1} more)` : '';
  const evidence = s.evidence[field];
  const from = evidence !== undefined ? `from ${quote(evidence)}` : 'no evidence: not found as written in the page text';
  return [`${label}${value}${more}`, `${INDENT}${' '.repeat(LABEL_WIDTH)}${from}`];
}

function personLines(s: ScrapedSpeaker, index: number, extractor: string): string[] {
  return [`${index + 1}. ${s.name}  [${extractor}]`, ...FIELDS.flatMap((f) => fieldLines(s, f))];
}

/** The human-readable account of one page's extraction. */
export function explainExtraction({ url, contentType, candidates, outcome }: Explained): string {
  const { extractor, speakers, followed, eventName, leftOut, warning } = outcome;
  const lines: string[] = [`page: ${url} (${contentType || 'no content type'})`];
  lines.push(`recognised by: ${candidates.length ? candidates.join(', ') : 'no extractor'}`);
  lines.push(`read by: ${extractor}`);
  for (const u of followed) lines.push(`followed: ${u}`);
  if (eventName) lines.push(`event: ${eventName}${speakers[0]?.evidence.event ? `, from ${quote(speakers[0].evidence.event)}` : ''}`);
  lines.push('');
  lines.push(speakers.length === 1 ? '1 person:' : `${speakers.length} people:`);
  speakers.forEach((s, i) => lines.push('', ...personLines(s, i, extractor)));
  lines.push('');
  if (leftOut.length === 0) lines.push('left out: nothing');
  else {
    lines.push(`left out (${leftOut.length}):`);
    for (const l of leftOut) lines.push(`${INDENT}${quote(l.text)}: ${l.reason}`);
  }
  if (warning) lines.push('', `warning: ${warning}`);
  else if (speakers.length === 0) lines.push('', 'warning: no extractor read a person from this page');
  return `${lines.join('\n')}\n`;
}
