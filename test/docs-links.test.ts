import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const docsDir = path.join(root, 'docs');
const pages = [
  'README.md',
  ...fs
    .readdirSync(docsDir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** The text outside fenced code blocks and inline code, where links mean links. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Heading anchors as GitHub makes them: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, text] of markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = (text as string)
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .trim()
      .replace(/\s/g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

/** Every relative link of a page and what is wrong with it, if anything. */
function brokenLinks(page: string): string[] {
  const text = fs.readFileSync(path.join(root, page), 'utf8');
  const problems: string[] = [];
  for (const [, target] of prose(text).matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)) {
    const link = target as string;
    if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue;
    const [file, anchor] = link.split('#') as [string, string | undefined];
    const resolved = file === '' ? path.join(root, page) : path.resolve(path.dirname(path.join(root, page)), decodeURI(file));
    if (!resolved.startsWith(root + path.sep) || !fs.existsSync(resolved)) {
      problems.push(`${page}: ${link} names no file of the checkout`);
      continue;
    }
    if (anchor === undefined) continue;
    if (!resolved.endsWith('.md')) problems.push(`${page}: ${link} has an anchor on a file that is not markdown`);
    else if (!anchorsOf(fs.readFileSync(resolved, 'utf8')).has(anchor)) problems.push(`${page}: ${link} names no heading of ${path.relative(root, resolved)}`);
  }
  return problems;
}

describe('README.md and docs/', () => {
  it('link only to files and headings that exist', () => {
    expect(pages.length).toBeGreaterThan(10);
    expect(pages.flatMap(brokenLinks)).toEqual([]);
  });

  it('the README stays a front door: at most 250 lines, the two commands first, every docs page linked', () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(250);
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    expect(
      firstBlock
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split('#')[0]?.trim()),
    ).toEqual(['npm ci && npm start', 'npm ci && npm test']);
    const linked = new Set([...prose(readme).matchAll(/\]\((docs\/[^)#\s]+\.md)/g)].map((m) => m[1]));
    expect(pages.filter((p) => p.startsWith('docs/')).filter((p) => !linked.has(p))).toEqual([]);
  });

  it('anchors are made the way GitHub makes them', () => {
    const anchors = anchorsOf(
      '# Credits: what a credit buys\n## What a page gives: `greenroom scrape`\n```\n# not a heading\n```\n## Comparing providers (compare_models)\n## Tests\n## Tests\n',
    );
    expect([...anchors]).toEqual([
      'credits-what-a-credit-buys',
      'what-a-page-gives-greenroom-scrape',
      'comparing-providers-compare_models',
      'tests',
      'tests-1',
    ]);
  });
});
