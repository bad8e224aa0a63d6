/**
 * "<h3>Name</h3><h3>Talk title</h3><p>Abstract …</p>": agendas that print each session
 * as the speaker's name, the session's title as a heading under it, and the abstract
 * below. The heading is then the talk, not a role line or an employer.
 */
import { looksLikeJobTitle, splitTagline } from '../normalize.js';
import { cleanText, contains } from './html-common.js';
import { type Piece, cardPieces } from './html-generic-cards.js';
import type { CardRead } from './html-generic-people.js';
import { nameScore } from './html-names.js';
import { cleanTalkTitle, isPartHeading, isSectionTitle, isSessionKind, isTimeOnly, phraseWords, usable } from './talk-title.js';
import { isOrganisationName } from './affiliation.js';
import { isPlace, namesOrganisation } from '../normalize-org.js';

const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]{3}/u;

const HEADING = /^h[1-6]$/;
/** Words an abstract runs to at least; a role line or a company never does. */
const ABSTRACT_WORDS = 25;

function words(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** A pronoun or the speaker's first name opening the paragraph makes it their bio. */
function aboutThem(text: string, name: string): boolean {
  const opening = text.split(/\s+/)[0]?.toLocaleLowerCase() ?? '';
  return opening === name.split(/\s+/)[0]?.toLocaleLowerCase() || /^(?:he|she|they|il|elle|er|sie|ella|lei|lui|ele|hij|zij)$/.test(opening);
}

/** The card's tagline heading when it reads as a session title and an abstract follows it. */
function headingTalk(read: CardRead): string | undefined {
  const tagline = read.tagline;
  if (!tagline || !read.speaker.tagline || !HEADING.test(tagline.el.name) || read.speaker.talks?.length) return undefined;
  // A title broken over lines in its heading is one title; its closing full stop is no part of it.
  const title = cleanTalkTitle(cleanText(tagline.full)).replace(/(?<!\.)\.$/, '');
  const n = words(title);
  if (n < 2 || n > 30 || /[.!?]\s+\p{Lu}/u.test(title) || looksLikeJobTitle(title) || splitTagline(title).title) return undefined;
  if (!usable(title, read.speaker.name) || isSectionTitle(title) || (nameScore(title) >= 0.5 && n <= 3)) return undefined;
  const after = cardPieces(read.card).filter((p) => p.index > tagline.index && !contains(tagline.el, p.el) && !HEADING.test(p.el.name) && cleanText(p.full));
  const abstract = after.find((p) => words(cleanText(p.full)) >= ABSTRACT_WORDS);
  if (abstract && !aboutThem(cleanText(abstract.full), read.speaker.name)) return title;
  // A lightning talk's abstract is one short sentence right under its heading, which then names no organisation.
  const next = after[0] ? cleanText(after[0].full) : '';
  return shortAbstract(next) && !aboutThem(next, read.speaker.name) && !namesOrganisation(title) ? title : undefined;
}

/** One sentence of six words at least, closed by its stop: the abstract of a short session. */
function shortAbstract(text: string): boolean {
  return words(text) >= 6 && /[.!?…]$/u.test(text);
}

/** When most cards with a tagline show it as such a heading (two at least), each of those is the card's talk. */
export function fillTalkHeadings(reads: CardRead[]): void {
  const withTagline = reads.filter((r) => r.tagline && r.speaker.tagline);
  const found = withTagline.map((r) => [r, headingTalk(r)] as const).filter((f): f is readonly [CardRead, string] => f[1] !== undefined);
  if (found.length < 2 || found.length < withTagline.length * 0.6) return;
  for (const [read, title] of found) {
    read.speaker.talks = [{ title }];
    delete read.speaker.tagline;
    if (read.speaker.company && cleanText(read.speaker.company) === cleanText(read.tagline?.full ?? '')) delete read.speaker.company;
  }
}

/**
 * "<div class="title">Building a Rust CLI |</div><div>Ana Ruiz Acme</div>": a line of its own above
 * the name, long enough to be a title and reading as neither an organisation, a role, a place nor a time.
 */
function titleLine(piece: Piece): boolean {
  const text = cleanTalkTitle(cleanText(piece.full));
  return (
    piece.own.trim() === piece.full.trim() &&
    phraseWords(text) >= 3 &&
    // A phrase in a script without spaces says nothing to the organisation test, which reads Latin names.
    (UNSPACED.test(text) || !isOrganisationName(text)) &&
    !namesOrganisation(text) &&
    !looksLikeJobTitle(text) &&
    !isPlace(text) &&
    !isTimeOnly(text) &&
    (nameScore(text) < 0.5 || (UNSPACED.test(text) && text.includes(' ')))
  );
}

/** The card's heading above its name, when it is not the name and reads as a session title. */
function headingAboveName(read: CardRead, lines: boolean): string | undefined {
  const above = cardPieces(read.card).filter((p) => p.index < read.name.piece.index && p.el !== read.card && !contains(p.el, read.name.piece.el));
  // A kind badge over the title ("Oficina", "Workshop") heads the card without being its session.
  const heading = lines ? above.find(titleLine) : above.find((p) => HEADING.test(p.el.name) && p.el.name !== 'h1' && !isSessionKind(cleanText(p.full)));
  if (!heading) return undefined;
  const title = cleanTalkTitle(cleanText(heading.full));
  const n = words(title);
  // The name picker chose the line below over the heading, so a heading that scores as a name ("Strategic Design") is still no person.
  if (n > 30 || !usable(title, read.speaker.name) || isSectionTitle(title)) return undefined;
  return title;
}

/**
 * "<div><h2>Essential DDD</h2><p><span>Ada Lind</span><span>Domain Remodeler</span></p><p>Abstract…</p></div>":
 * when most cards (three at least) open with a heading above the name, each different, the heading is
 * the session of every such card that has none yet. With `lines`, a plain line of its own above the name
 * counts as that heading (a timetable row's title before its speaker); this is tried after the card's
 * other slots, so a slot that the cards agree on is read first.
 */
export function fillHeadingsAboveNames(reads: CardRead[], lines = false): void {
  const found = reads.map((r) => [r, headingAboveName(r, lines)] as const).filter((f): f is readonly [CardRead, string] => f[1] !== undefined);
  if (found.length < 3 || found.length < reads.length * 0.6 || new Set(found.map(([, t]) => t)).size < found.length * 0.8) return;
  for (const [read, title] of found) if (!read.speaker.talks?.length) read.speaker.talks = [{ title }];
}

/** A heading in the card below the name and its role line that a long paragraph follows: the session the person gives. */
function headingAfterName(read: CardRead): string | undefined {
  const pieces = cardPieces(read.card);
  const below = pieces.filter((p) => p.index > read.name.piece.index && HEADING.test(p.el.name) && p !== read.tagline && !contains(p.el, read.name.piece.el));
  for (const heading of below) {
    const title = cleanTalkTitle(cleanText(heading.full));
    const n = words(title);
    if (n > 20 || /[:：]$/u.test(title) || isPartHeading(title) || looksLikeJobTitle(title) || splitTagline(title).company) continue;
    if (!usable(title, read.speaker.name) || isSectionTitle(title) || (nameScore(title) >= 0.5 && n <= 3)) continue;
    const abstract = pieces.find((p) => p.index > heading.index && !HEADING.test(p.el.name) && words(cleanText(p.full)) >= ABSTRACT_WORDS);
    if (abstract && !aboutThem(cleanText(abstract.full), read.speaker.name)) return title;
  }
  return undefined;
}

/**
 * "<h2>Name</h2><p>CEO, Acme</p><p>Bio …</p><h3>Service 4.0</h3><p>Abstract …</p>": a card that adds its session
 * under the bio as a heading with the abstract after it gives that heading as its talk, whatever the other cards do.
 */
export function fillHeadingsAfterNames(reads: CardRead[]): void {
  for (const read of reads) {
    if (read.speaker.talks?.length) continue;
    const title = headingAfterName(read);
    if (title) read.speaker.talks = [{ title }];
  }
}
