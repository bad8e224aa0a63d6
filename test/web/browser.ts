import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Db } from '../../db/index.js';
import { lastMail } from '../../src/auth/mail.js';

/** Debian's chromium, which .ci/run installs when missing. */
const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * The browser the tests drive, never downloaded at run time: GREENROOM_TEST_CHROMIUM when
 * set (a path, or `packaged` for the one inside the npm package), else Debian's chromium
 * when installed, else the Chromium shipped inside @sparticuz/chromium (a dev dependency,
 * unpacked into the temp folder on first use). A missing browser fails the test, saying how
 * to get one; browser tests never skip.
 */
export async function chromiumPath(): Promise<string> {
  const chosen = process.env.GREENROOM_TEST_CHROMIUM;
  if (chosen && chosen !== 'packaged') {
    if (!isExecutable(chosen))
      throw new Error(`GREENROOM_TEST_CHROMIUM=${chosen} is not an executable file; unset it to use Debian's chromium or the packaged one`);
    return chosen;
  }
  if (!chosen && isExecutable(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  try {
    const packaged = (await import('@sparticuz/chromium')).default;
    return await packaged.executablePath();
  } catch (e) {
    throw new Error(
      `No browser for the browser tests: ${DEBIAN_CHROMIUM} is missing and the packaged Chromium (@sparticuz/chromium) did not unpack (${e instanceof Error ? e.message : String(e)}). Run \`npm ci\` to install the package, or \`apt-get install chromium\`.`,
    );
  }
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const SCREENSHOTS = path.resolve(import.meta.dirname, '../../screenshots');

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Messages the page logged, CSP refusals among them. */
  console: string[];
  close(): Promise<void>;
}

/** One browser per test file, with a fresh profile folder; `script: false` turns JavaScript off. */
export async function openBrowser(opts: { script?: boolean } = {}): Promise<Browser> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'greenroom-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: await chromiumPath(),
    headless: true,
    args: ARGS,
    viewport: { width: 1000, height: 800 },
    javaScriptEnabled: opts.script ?? true,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const console: string[] = [];
  page.on('console', (m) => console.push(`${m.type()}: ${m.text()}`));
  return {
    context,
    page,
    console,
    close: async () => {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** A picture of one part of a page, for a section too long to show whole. */
export async function screenshotOf(locator: Locator, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await locator.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core run inside the page (evaluated through the debugging protocol, so the page's
 * own CSP stays in force): no violations of WCAG A/AA rules, labels and keyboard rules included.
 */
export async function expectAccessible(page: Page): Promise<void> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: Array<{ id: string; help: string; nodes: Array<{ target: unknown }> }> }> };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')})`);
  });
  expect(violations).toEqual([]);
}

/** Presses Tab (Shift+Tab with `back`) until the element matching the selector has focus; fails if it never does. */
export async function tabTo(page: Page, selector: string, max = 25, back = false): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

export function expectNoCspRefusals(b: Browser): void {
  expect(b.console.filter((m) => /Content Security Policy|Refused to/i.test(m))).toEqual([]);
}

/**
 * Signs the browser in as `email` through the sign-in page, reading the code from the
 * outbox (no SMTP configured: the outbox and the log are the delivery).
 */
export async function signInWithOutbox(page: Page, base: string, db: Db, email: string): Promise<void> {
  await page.goto(`${base}/signin`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await page.waitForURL(/\/signin\/check/);
  let mail = await lastMail(db);
  for (let i = 0; i < 250 && (mail?.to !== email || mail.status !== 'logged'); i++) mail = await new Promise((r) => setTimeout(r, 20)).then(() => lastMail(db));
  const code = /code[^:\n]*:\s*([A-Z0-9]{4}-[A-Z0-9]{4})\b/.exec(mail?.body ?? '')?.[1];
  if (!code) throw new Error(`no sign-in code for ${email}`);
  await page.getByLabel('Code from the mail').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
}
