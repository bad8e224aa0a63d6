/**
 * Cards without a role line under the name sometimes open the bio with one, alone on
 * its line: "Director Gerente de El Puerto Global", then the prose. That line is read as
 * a tagline would be, when it names a role; a line that is a sentence, or long, is not.
 */
import { looksLikeJobTitle, splitTagline } from '../normalize.js';
import { companyProblem } from '../normalize-org.js';
import type { RawSpeaker } from '../types.js';
import { type Element, linesOf } from './html-common.js';

const MAX_WORDS = 10;
/** Length from which the next line reads as the bio. */
const MIN_BIO = 60;
const LABEL = /^[\p{L} ]{2,30}[:：]/u;
const SENTENCE = /[.!?]\s|(?:^|\s)(?:is|es|est|ist|è|é|was|fue|has|ha|a|hat)\s/i;
/** "Role de Organisation": the role's preposition in the languages pages are written in. */
const ROLE_OF = /^(.+?)\s+(?:de|del|di|of|du|des|da|do|von)\s+(?=[\p{Lu}\d])(.+)$/u;

/** Title and company of a stand-alone role line; null when the line is not one. */
export function readRoleLine(line: string): { title?: string; company?: string } | null {
  const text = line.replace(/\s+/g, ' ').trim().replace(/\.$/, '');
  const words = text.split(' ').length;
  if (!text || words > MAX_WORDS || SENTENCE.test(text) || !/^[\p{Lu}\d]/u.test(text)) return null;
  const parts = splitTagline(text);
  if (parts.company) return { title: parts.title ?? undefined, company: parts.company };
  const of = ROLE_OF.exec(text);
  if (of && looksLikeJobTitle(of[1] as string) && companyProblem(of[2] as string) === null && !looksLikeJobTitle(of[2] as string))
    return { title: of[1] as string, company: of[2] as string };
  // A line that is only a name ("Yaco Sistemas", but also "VR China & USA" or a topic) is too often not the employer.
  return parts.title ? { title: parts.title } : null;
}

/** The first line after the name, when the card has no tagline and that line opens its bio. */
export function roleLineOf(card: Element, speaker: RawSpeaker): { title?: string; company?: string } | null {
  if (speaker.tagline || speaker.title || speaker.company) return null;
  const lines = linesOf(card).filter((l) => l.length > 1);
  const at = lines.indexOf(speaker.name);
  if (at < 0) return null;
  const after = lines.slice(at + 1);
  const index = after.findIndex((l) => !LABEL.test(l));
  const line = after[index];
  // The bio (prose) or a labelled field ("Talk: …") must follow it: then it stands alone, opening the card's text.
  const next = after[index + 1];
  if (!line || !next || !(next.length >= MIN_BIO || LABEL.test(next))) return null;
  const talks = (speaker.talks ?? []).map((t) => t.title);
  if (talks.some((t) => t.includes(line.replace(/\.$/, '')) || line.includes(t))) return null;
  return readRoleLine(line);
}
