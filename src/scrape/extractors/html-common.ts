/**
 * DOM helpers shared by the HTML extractors. They work on the parsed node tree
 * directly because the generic extractor walks every element of a page and the
 * cheerio wrapper per node would dominate its cost.
 */
import * as cheerio from 'cheerio';
import type { CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import type { Page } from '../types.js';

export type { AnyNode, Element };

/** Elements whose content is never visible text. */
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head', 'iframe', 'select', 'button']);

/** Elements that break a line when rendered, so their text must not run into a neighbour's. */
export const BLOCKS: ReadonlySet<string> = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'td',
  'th',
  'tr',
  'ul',
]);

export function loadHtml(body: string): CheerioAPI {
  return cheerio.load(body);
}

/** True for pages an HTML extractor may read: declared HTML, or a body that starts like markup. */
export function isHtmlPage(page: Page): boolean {
  if (page.contentType.includes('html')) return true;
  if (/json|yaml|xml|csv|javascript/.test(page.contentType)) return false;
  return /^\s*(?:<!doctype html|<html|<head|<body|<main|<div|<section|<ul|<table)/i.test(page.body);
}

export function cleanText(text: string | undefined | null): string {
  return (text ?? '').replace(/[\s\u00A0\u200B]+/g, ' ').trim();
}

export function isElement(node: AnyNode | null | undefined): node is Element {
  if (!node) return false;
  const type = node.type as string;
  return type === 'tag' || type === 'script' || type === 'style';
}

function isTextNode(node: AnyNode): node is AnyNode & { data: string } {
  return (node.type as string) === 'text';
}

/** The characters of a text node; empty for every other kind of node. */
export function textData(node: AnyNode): string {
  return isTextNode(node) ? node.data : '';
}

export function childElements(el: Element): Element[] {
  return el.children.filter(isElement);
}

/**
 * Text written for screen readers only ("Ada Lind social media links", "Twitter @adalind", a
 * hidden copy of a link's address): it labels a control or repeats what the page shows.
 */
const SCREEN_READER_ONLY =
  /^(?:sr-only|screen-reader-(?:text|only)|visually-?hidden|visuallyhidden|element-invisible|a11y-hidden|u-visually-hidden|assistive-text)$/i;

export function isScreenReaderOnly(el: Element): boolean {
  return classList(el).some((c) => SCREEN_READER_ONLY.test(c));
}

/** True when all of the element's text is written for screen readers only. */
export function onlyScreenReaderText(el: Element): boolean {
  return linesOf(el, isScreenReaderOnly).length === 0 && textOf(el).length > 0;
}

/** An element the page hides from view by its own markup: `style="display:none"`, `visibility:hidden` or the `hidden` attribute. */
export function isHiddenByMarkup(el: Element): boolean {
  return /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\b/i.test(el.attribs.style ?? '') || el.attribs.hidden !== undefined;
}

/** The outermost element of the document the element is in. */
export function rootOf(el: Element): Element {
  let node = el;
  while (isElement(node.parent)) node = node.parent;
  return node;
}

/** True when the element or one of its ancestors is hidden by its markup. */
export function hiddenInPage(el: Element): boolean {
  for (let node: Element | null = el; node; node = isElement(node.parent) ? node.parent : null) if (isHiddenByMarkup(node)) return true;
  return false;
}

export function isSkipped(el: Element): boolean {
  return SKIPPED.has(el.name);
}

function collectText(node: AnyNode, out: string[]): void {
  if (isTextNode(node)) {
    out.push(node.data);
    return;
  }
  if (!isElement(node) || SKIPPED.has(node.name)) return;
  const block = BLOCKS.has(node.name);
  if (block) out.push(' ');
  for (const child of node.children) collectText(child, out);
  if (block) out.push(' ');
}

/** Visible text split into lines at <br> and block boundaries; `hide` leaves chosen elements out. */
export function linesOf(node: AnyNode, hide?: (el: Element) => boolean): string[] {
  const out: string[] = [];
  const walk = (n: AnyNode): void => {
    if (isTextNode(n)) out.push(n.data);
    else if (isElement(n) && !SKIPPED.has(n.name) && !hide?.(n)) {
      const block = BLOCKS.has(n.name);
      if (block) out.push('\n');
      for (const child of n.children) walk(child);
      if (block) out.push('\n');
    }
  };
  walk(node);
  return out
    .join('')
    .split('\n')
    .map(cleanText)
    .filter((line) => line.length > 0);
}

/** Visible text of a node, with block boundaries kept as spaces. */
export function textOf(node: AnyNode): string {
  const out: string[] = [];
  collectText(node, out);
  return cleanText(out.join(''));
}

/** Text written directly inside the element, not inside its children. */
export function ownText(el: Element): string {
  return cleanText(
    el.children
      .filter(isTextNode)
      .map((n) => n.data)
      .join(' '),
  );
}

export function classList(el: Element): string[] {
  return (el.attribs.class ?? '').split(/\s+/).filter((c) => c.length > 0);
}

/** All descendant elements in document order, skipping invisible subtrees. */
export function descendants(el: Element): Element[] {
  const out: Element[] = [];
  const walk = (node: Element): void => {
    for (const child of node.children) {
      if (!isElement(child) || SKIPPED.has(child.name)) continue;
      out.push(child);
      walk(child);
    }
  };
  walk(el);
  return out;
}

export function closestElement(el: Element, test: (e: Element) => boolean): Element | undefined {
  let node: Element | null = el;
  while (node) {
    if (test(node)) return node;
    node = isElement(node.parent) ? node.parent : null;
  }
  return undefined;
}

export function contains(ancestor: Element, node: Element): boolean {
  return closestElement(node, (e) => e === ancestor) !== undefined;
}

/** Links written without a scheme ("www.x.com/...", "linkedin.com/in/..."): a browser would treat them as relative. */
const BARE_HOST = /^(?:www\.|(?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|me|co|info|eu|uk|de|fr|es|it|nl|pl|pt|ua|ch|at|be|se|no|app|social|tech|blog)(?:\/|$))/i;

/** An absolute http(s) URL, or undefined for anchors, scripts and unparsable values. */
export function absoluteUrl(href: string | undefined, base: string): string | undefined {
  const text = cleanText(href);
  if (!text || text.startsWith('#') || /^(javascript|data|mailto|tel):/i.test(text)) return undefined;
  try {
    const url = new URL(text, base || undefined);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A link target as the speaker record should carry it. Scheme-less host links are
 * kept as written so normalisation can read them as absolute instead of resolving
 * them against the page.
 */
export function linkTarget(href: string | undefined, base: string): string | undefined {
  const text = cleanText(href);
  if (BARE_HOST.test(text)) return text;
  return absoluteUrl(text, base);
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.replace(/^www\./, '').toLowerCase();
  } catch {
    return undefined;
  }
}

/** True when the link leaves the page's site (scheme-less host links always do). */
export function isExternal(link: string, base: string): boolean {
  if (BARE_HOST.test(link)) return true;
  const host = hostOf(link);
  return host !== undefined && host !== hostOf(base);
}

/** Outbound links (other sites) found under the element, deduplicated, in document order. */
export function outboundLinks(root: Element, base: string, exclude?: (a: Element) => boolean): string[] {
  const links: string[] = [];
  for (const el of [root, ...descendants(root)]) {
    if (el.name !== 'a' || exclude?.(el)) continue;
    const link = linkTarget(el.attribs.href, base);
    if (link && isExternal(link, base) && !links.includes(link)) links.push(link);
  }
  return links;
}

const BACKGROUND_URL = /background(?:-image)?\s*:[^;]*url\(\s*(['"]?)([^'")]+)\1\s*\)/i;

/** Source of an image element, looking at the attributes lazy loaders use as well. */
export function imageSource(img: Element): string | undefined {
  const a = img.attribs;
  const srcset = a.srcset ?? a['data-srcset'];
  const candidates = [a['data-src'], a['data-lazy-src'], a.src, srcset?.trim().split(/\s+/)[0]];
  return candidates.find((c) => c !== undefined && c.trim() !== '' && !c.startsWith('data:'));
}

/** The first picture under the element: an <img>, or a CSS background image set inline. */
export function photoOf(root: Element, base: string): string | undefined {
  for (const el of [root, ...descendants(root)]) {
    const raw = el.name === 'img' ? imageSource(el) : BACKGROUND_URL.exec(el.attribs.style ?? '')?.[2];
    const url = raw ? absoluteUrl(raw, base) : undefined;
    if (url) return url;
  }
  return undefined;
}

/** Parses JSON leniently: HTML comment wrappers and trailing commas are common in embedded JSON. */
export function parseJsonLoose(text: string): unknown {
  const trimmed = text.trim().replace(/^<!--/, '').replace(/-->$/, '').trim();
  try {
    return JSON.parse(trimmed);
  } catch {
    try {
      return JSON.parse(withoutComments(trimmed).replace(/,\s*([}\]])/g, '$1'));
    } catch {
      return undefined;
    }
  }
}

/** JSON-LD written by hand keeps "// not supported yet" and block comments; strings are left as they are. */
function withoutComments(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end - 1;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? text.length : close + 1;
    } else out += c;
  }
  return out;
}

/** Index just past the string literal that opens at `start`. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
  return i + 1;
}
