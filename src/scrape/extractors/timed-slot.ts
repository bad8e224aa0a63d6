/**
 * Agenda rows that open with their time ("<time>09:15 - 09:45</time>", "10:00") and hold the
 * session above its speaker: "<h4>Keynote 1</h4><p>Title</p><a>Name</a> - Role", or
 * "<p>Title <span>- <a>Name</a> Role</span></p>". The last line of the row before the speaker's
 * name, the time and a bare session kind left out, is the session's title.
 */
import { type AnyNode, type Element, BLOCKS, cleanText, descendants, isElement, isSkipped, textOf } from './html-common.js';
import { nameScore } from './html-names.js';
import { cleanTalkTitle, isSectionTitle, isTimeOnly, usable } from './talk-title.js';

/** A separator left at the end of the line before the name ("Title -", "Title |"). */
const TRAILING_SEPARATOR = /\s*[-–—|·•:]\s*$/u;

/** The lines of `card` in document order up to `stop`, a block boundary starting a new line. */
function linesBefore(card: Element, stop: Element): string[] {
  const lines: string[] = [''];
  let done = false;
  const walk = (node: AnyNode): void => {
    if (done) return;
    if (node === stop) {
      done = true;
      return;
    }
    if (!isElement(node)) {
      if (node.type === 'text') lines[lines.length - 1] += (node as AnyNode & { data: string }).data;
      return;
    }
    if (isSkipped(node)) return;
    const block = BLOCKS.has(node.name) || node.name === 'br';
    if (block) lines.push('');
    for (const child of node.children) walk(child);
    if (block && !done) lines.push('');
  };
  walk(card);
  return lines.map((l) => cleanText(l)).filter(Boolean);
}

/** The host a link points to, or undefined when the element is no link to another site. */
function linkHost(el: Element): string | undefined {
  return el.name === 'a' ? /^https?:\/\/([^/]+)/i.exec(el.attribs.href ?? '')?.[1]?.toLowerCase() : undefined;
}

/**
 * The row's first speaker when its speakers are linked to their profiles ("<a>A</a> Role & <a>B</a> Role"):
 * the first link to the same site as the name's whose text reads as a name; else the name itself.
 */
function firstSpeaker(card: Element, nameEl: Element): Element {
  const host = linkHost(nameEl);
  if (!host) return nameEl;
  return descendants(card).find((el) => el === nameEl || (linkHost(el) === host && nameScore(textOf(el)) >= 0.5)) ?? nameEl;
}

/** The session title of a row that opens with its time, read above its first speaker's name; undefined for any other card. */
export function timedRowTalk(card: Element, nameEl: Element, name: string): string | undefined {
  const lines = linesBefore(card, firstSpeaker(card, nameEl));
  if (lines.length < 2 || !isTimeOnly(lines[0] as string)) return undefined;
  for (const raw of lines.slice(1).reverse()) {
    const line = raw.replace(TRAILING_SEPARATOR, '');
    if (!line || isTimeOnly(line)) continue;
    const title = cleanTalkTitle(line);
    return usable(title, name) && !isSectionTitle(title) ? title : undefined;
  }
  return undefined;
}
