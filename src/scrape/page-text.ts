/**
 * A page's own text, indexed once so that every extracted value can be found in it.
 * HTML pages give their visible text (with the block elements it is laid out in) and
 * every embedded JSON script; JSON, YAML and XML sources give their text as served,
 * laid out in lines. Values are matched on a folded copy (case, accents, punctuation
 * and spacing ignored) that maps back to the original characters, so the evidence
 * quoted is always the page's own text.
 */
import { load } from 'cheerio/slim';
import type { AnyNode, Element } from 'domhandler';
import { BLOCKS as LAYOUT_BLOCKS } from './extractors/html-common.js';
import { normalizeLinkedIn } from './normalize.js';
import type { Page } from './types.js';

/** Elements whose text is never shown (or, for scripts, read apart as JSON). */
const HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'svg', 'iframe', 'select', 'meta', 'link']);
/** The extractors' line-breaking elements, and the page's own frame around them (a <br> is handled apart). */
const BLOCKS = new Set([...LAYOUT_BLOCKS, 'body', 'title', 'caption']);
const LINKEDIN_IN_TEXT = /[^\s"'<>()[\],]*linkedin\.com[^\s"'<>()[\],]*/gi;

/** A LinkedIn URL as the document writes it: where, and the source text that carries it. */
export interface WrittenLink {
  url: string;
  at: number;
  source: string;
}

export interface TextDoc {
  text: string;
  /** Folded text, and for each of its characters the index in `text` it came from. */
  folded: string;
  at: Int32Array;
  /** Start and end in `text` of each block (element or line), in the order blocks end. */
  starts: number[];
  ends: number[];
  links: WrittenLink[];
  words?: Map<string, number[]>;
}

const foldCache = new Map<number, string>();

const ASCII = Array.from({ length: 128 }, (_, cp) => (/[a-z0-9]/i.test(String.fromCharCode(cp)) ? String.fromCharCode(cp).toLowerCase() : ' '));

/** Case, accents and punctuation folded away for one code point; letters and digits only, else a space. */
function foldPoint(cp: number): string {
  let out = foldCache.get(cp);
  if (out === undefined) {
    out = String.fromCodePoint(cp)
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLocaleLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ');
    if (foldCache.size < 20_000) foldCache.set(cp, out);
  }
  return out;
}

/** A JSON string escape at i, decoded, and how many characters it spans. */
function jsonEscape(text: string, i: number): [number, number] {
  const next = text[i + 1];
  if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return [parseInt(text.slice(i + 2, i + 6), 16), 6];
  if (next === 'n' || next === 't' || next === 'r') return [32, 2];
  return [next === undefined ? 92 : next.charCodeAt(0), 2];
}

/** Folds text, recording where each folded character came from; JSON escapes decoded when asked. */
export function foldWithMap(text: string, json = false): { folded: string; at: Int32Array } {
  // Typed buffers: this runs over every character of every page scraped.
  let codes = new Uint16Array(text.length + 16);
  let at = new Int32Array(text.length + 16);
  let n = 0;
  const put = (code: number, i: number): void => {
    if (n === codes.length) {
      codes = grow(codes);
      at = grow(at);
    }
    codes[n] = code;
    at[n++] = i;
  };
  let space = true;
  for (let i = 0; i < text.length;) {
    let cp = text.charCodeAt(i);
    let width = 1;
    if (json && cp === 92) [cp, width] = jsonEscape(text, i);
    else if (cp >= 0xd800 && cp < 0xdc00) [cp, width] = [text.codePointAt(i) as number, 2];
    const folded = cp < 128 ? ASCII[cp] : foldPoint(cp);
    for (let k = 0; k < folded.length; k++) {
      const code = folded.charCodeAt(k);
      if (code === 32 && space) continue;
      put(code, i);
      space = code === 32;
    }
    i += width;
  }
  if (space && n > 0) n -= 1;
  let folded = '';
  for (let k = 0; k < n; k += 8192) folded += String.fromCharCode(...codes.subarray(k, Math.min(n, k + 8192)));
  return { folded, at: at.subarray(0, n) };
}

function grow<T extends Uint16Array | Int32Array>(a: T): T {
  const bigger = new (a.constructor as new (n: number) => T)(a.length * 2);
  bigger.set(a);
  return bigger;
}

export function foldValue(value: string): string {
  return foldWithMap(value).folded;
}

function linksInText(text: string, json: boolean): WrittenLink[] {
  const links: WrittenLink[] = [];
  for (const m of text.matchAll(LINKEDIN_IN_TEXT)) {
    const written = json ? m[0].replace(/\\\//g, '/') : m[0];
    const ref = normalizeLinkedIn(written.replace(/^[^a-z]*(?=(?:https?:|www\.|[a-z]{2}\.linkedin|linkedin))/i, ''));
    if (ref) links.push({ url: ref.url, at: m.index, source: m[0] });
  }
  return links;
}

function finish(text: string, starts: number[], ends: number[], links: WrittenLink[], json: boolean): TextDoc {
  const { folded, at } = foldWithMap(text, json);
  return { text, folded, at, starts, ends, links: [...links, ...linksInText(text, json)].sort((a, b) => a.at - b.at) };
}

/** A source read as lines: JSON, YAML, XML, CSV, or a script's JSON. */
export function sourceDoc(text: string, json: boolean): TextDoc {
  const starts: number[] = [];
  const ends: number[] = [];
  for (let start = 0; start <= text.length;) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    starts.push(start);
    ends.push(end);
    start = end + 1;
  }
  return finish(text, starts, ends, [], json);
}

interface Walk {
  parts: string[];
  length: number;
  starts: number[];
  ends: number[];
  links: WrittenLink[];
  scripts: string[];
  body: string;
}

function push(w: Walk, text: string): void {
  w.parts.push(text);
  w.length += text.length;
}

function scriptText(el: Element): string {
  return el.children.map((c) => ('data' in c ? String(c.data) : '')).join('');
}

function visit(node: AnyNode, w: Walk): void {
  if (node.type === 'text') return push(w, node.data);
  if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style' && node.type !== 'root') return;
  if (node.type !== 'root') {
    const el = node as Element;
    if (el.name === 'script' && /json/i.test(el.attribs.type ?? '')) w.scripts.push(scriptText(el));
    if (HIDDEN.has(el.name)) return;
    if (el.name === 'br') return push(w, '\n');
    const href = el.attribs.href;
    if (href && /linkedin\./i.test(href)) {
      const ref = normalizeLinkedIn(href);
      // The opening tag as the page writes it: the href, and the title or class saying what it is.
      const source = el.startIndex != null ? w.body.slice(el.startIndex, w.body.indexOf('>', el.startIndex) + 1) : href;
      if (ref) w.links.push({ url: ref.url, at: w.length, source: source.length > 300 ? href : source });
    }
    if (BLOCKS.has(el.name)) {
      push(w, '\n');
      const start = w.length;
      for (const child of el.children) visit(child, w);
      w.starts.push(start);
      w.ends.push(w.length);
      return push(w, '\n');
    }
  }
  for (const child of (node as Element).children) visit(child, w);
}

/** The visible text of an HTML page, and each JSON script it embeds as a source of its own. */
export function htmlDocs(body: string): TextDoc[] {
  // htmlparser2 as an HTML parser (xmlMode off) that keeps each element's place in the source.
  const $ = load(body, { xml: { xmlMode: false, withStartIndices: true } });
  const w: Walk = { parts: [], length: 0, starts: [], ends: [], links: [], scripts: [], body };
  visit($.root().get(0) as AnyNode, w);
  const docs = [finish(w.parts.join(''), w.starts, w.ends, w.links, false)];
  for (const script of w.scripts) if (script.trim()) docs.push(sourceDoc(script, true));
  return docs;
}

function looksHtml(page: Page): boolean {
  if (page.contentType.includes('html')) return true;
  if (/json|yaml|xml|csv|javascript|text\/plain/.test(page.contentType)) return false;
  return /^\s*</.test(page.body) && /<(?:html|body|div|p|section|ul|table)\b/i.test(page.body.slice(0, 5000));
}

/** The documents a page gives: its visible text and embedded JSON for HTML, the source itself otherwise. */
export function pageDocs(page: Page): TextDoc[] {
  if (looksHtml(page)) return htmlDocs(page.body);
  return [sourceDoc(page.body, /json/.test(page.contentType) || /^\s*[[{]/.test(page.body))];
}

/** Folded positions where each word of the document starts, built on first use. */
export function wordIndex(doc: TextDoc): Map<string, number[]> {
  if (doc.words) return doc.words;
  const words = new Map<string, number[]>();
  let pos = 0;
  for (const word of doc.folded.split(' ')) {
    const list = words.get(word);
    if (list) list.push(pos);
    else words.set(word, [pos]);
    pos += word.length + 1;
  }
  doc.words = words;
  return words;
}
