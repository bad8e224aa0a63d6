import type { Context } from 'hono';

/** Markup that is already safe; everything else interpolated into `h` is escaped. */
export class Safe {
  constructor(readonly html: string) {}
  toString(): string {
    return this.html;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]);

function render(value: unknown): string {
  if (value instanceof Safe) return value.html;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/** Template tag: interpolated values are escaped unless they are Safe (or arrays of them). */
export function h(strings: TemplateStringsArray, ...values: unknown[]): Safe {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1];
  return new Safe(out);
}

export interface PageOptions {
  title: string;
  body: Safe;
  /** Signed-in person's address, shown in the header with a sign-out button. */
  user?: { email: string } | null;
  csrf: string;
  status?: number;
  /** Origins a form on this page may submit to besides this one (the consent page's redirect). */
  formTargets?: string[];
  /** A page that needs the width of the screen (the review workspace). */
  wide?: boolean;
}

/**
 * htmx, served from its npm package: no eval, no inline styles or scripts (the CSP
 * allows neither), and a refusal (4xx) still swaps in, so its notice is shown in place.
 */
const HTMX_CONFIG = JSON.stringify({
  allowEval: false,
  allowScriptTags: false,
  includeIndicatorStyles: false,
  scrollIntoViewOnBoost: false,
  // Back and forward load the page afresh: a kept copy would show approvals undone.
  historyCacheSize: 0,
  refreshOnHistoryMiss: true,
  attributesToSettle: ['class', 'width', 'height'],
  responseHandling: [
    { code: '204', swap: false },
    { code: '[2345]..', swap: true },
  ],
});

/**
 * Every page: no framing (X-Frame-Options and frame-ancestors), a CSP that allows only
 * this origin's own stylesheet and script, no referrer to other origins (sign-in links
 * carry tokens; same-origin keeps the Origin header on form posts, which the Origin check
 * reads: under no-referrer browsers send `Origin: null`), and no caching (pages show keys once).
 */
export function page(c: Context, opts: PageOptions): Response {
  const formAction = ["'self'", ...(opts.formTargets ?? [])].join(' ');
  // connect-src: the campaign page follows its run over an EventSource to this origin.
  c.header(
    'Content-Security-Policy',
    `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
  );
  c.header('X-Frame-Options', 'DENY');
  c.header('Referrer-Policy', 'same-origin');
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Cache-Control', 'no-store');
  const nav = opts.user
    ? h`<nav aria-label="Account"><a href="/campaigns">Campaigns</a> <a href="/settings">Settings</a>
        <form method="post" action="/signout" class="inline"><input type="hidden" name="csrf" value="${opts.csrf}"><span class="who">${opts.user.email}</span> <button type="submit" class="link">Sign out</button></form></nav>`
    : h`<nav aria-label="Account"><a href="/signin">Sign in</a></nav>`;
  const doc = h`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${opts.title} · Greenroom</title>
<meta name="htmx-config" content="${HTMX_CONFIG}">
<link rel="stylesheet" href="/assets/style.css">
<script src="/assets/htmx.min.js" defer></script>
<script src="/assets/app.js" defer></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header><a class="brand" href="/settings">Greenroom</a>${nav}</header>
<main id="main" tabindex="-1"${opts.wide ? h` class="wide"` : ''}>
<h1>${opts.title}</h1>
${opts.body}
</main>
</body>
</html>`;
  return c.html(doc.html, (opts.status ?? 200) as 200);
}

/** A hidden CSRF field for a form. */
export const csrfField = (token: string): Safe => h`<input type="hidden" name="csrf" value="${token}">`;

/** A notice box; role=alert for problems so screen readers announce them. */
export function notice(kind: 'error' | 'info' | 'success', text: unknown): Safe {
  return kind === 'error' ? h`<div class="notice error" role="alert">${text}</div>` : h`<div class="notice ${kind}" role="status">${text}</div>`;
}
