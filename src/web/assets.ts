import type { Hono } from 'hono';

// Served from memory: the pages need no build step and no files beside the code.

const STYLE = `
:root { --fg: #1d2321; --muted: #515b57; --bg: #fbfcfb; --line: #cfd8d3; --accent: #1f6b4a; --accent-fg: #fff; --danger: #a3261b; --focus: #1a5fb4; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); }
header { display: flex; justify-content: space-between; align-items: center; padding: .75rem 1.5rem; border-bottom: 1px solid var(--line); background: #fff; }
header nav { display: flex; gap: 1rem; align-items: center; }
.brand { font-weight: 700; color: var(--accent); text-decoration: none; }
main { max-width: 52rem; margin: 0 auto; padding: 1.5rem; }
main:focus { outline: none; }
h1 { font-size: 1.6rem; margin: .5rem 0 1rem; }
h2 { font-size: 1.2rem; margin: 2rem 0 .75rem; border-bottom: 1px solid var(--line); padding-bottom: .25rem; }
a { color: var(--focus); }
.skip { position: absolute; left: -999px; top: .5rem; background: #fff; padding: .5rem; }
.skip:focus { left: .5rem; }
form.stack { display: grid; gap: .9rem; max-width: 30rem; }
form.inline { display: inline; }
label { font-weight: 600; display: block; margin-bottom: .2rem; }
.hint { color: var(--muted); font-size: .9rem; margin: .1rem 0 0; }
input[type=text], input[type=email] { width: 100%; padding: .5rem .6rem; font: inherit; border: 1px solid #7d8a84; border-radius: 4px; background: #fff; color: var(--fg); }
input.code { font-family: ui-monospace, Menlo, monospace; letter-spacing: .15em; text-transform: uppercase; max-width: 14rem; }
fieldset { border: 1px solid var(--line); border-radius: 4px; padding: .5rem .9rem .8rem; }
legend { font-weight: 600; padding: 0 .3rem; }
.check { display: flex; gap: .5rem; align-items: baseline; font-weight: 400; }
button { font: inherit; padding: .5rem 1rem; border-radius: 4px; border: 1px solid var(--accent); background: var(--accent); color: var(--accent-fg); cursor: pointer; }
button.secondary { background: #fff; color: var(--accent); }
button.danger { background: #fff; color: var(--danger); border-color: var(--danger); }
button.link { background: none; border: none; color: var(--focus); text-decoration: underline; padding: 0; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.actions { display: flex; gap: .75rem; flex-wrap: wrap; }
table { border-collapse: collapse; width: 100%; font-size: .95rem; }
th, td { text-align: left; padding: .45rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-weight: 600; }
code, .secret { font-family: ui-monospace, Menlo, monospace; }
.secret { width: 100%; padding: .5rem; border: 1px solid var(--line); background: #f1f5f3; }
.notice { padding: .75rem 1rem; border-radius: 4px; margin: 0 0 1rem; border: 1px solid var(--line); background: #fff; }
.notice.error { border-color: var(--danger); color: var(--danger); }
.notice.success { border-color: var(--accent); }
.who { color: var(--muted); }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .35rem 1rem; }
dl.facts dt { font-weight: 600; }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
.muted { color: var(--muted); }
`;

const SCRIPT = `
document.addEventListener('click', async function (event) {
  var button = event.target.closest('[data-copy]');
  if (!button) return;
  var field = document.getElementById(button.getAttribute('data-copy'));
  var status = document.getElementById(button.getAttribute('data-status'));
  field.select();
  try {
    await navigator.clipboard.writeText(field.value);
  } catch (e) {
    document.execCommand('copy');
  }
  if (status) status.textContent = 'Copied to the clipboard.';
});
`;

export function mountAssets(app: Hono): void {
  const headers = (type: string) => ({ 'Content-Type': type, 'Cache-Control': 'public, max-age=3600', 'X-Content-Type-Options': 'nosniff' });
  app.get('/assets/style.css', (c) => c.body(STYLE, 200, headers('text/css; charset=utf-8')));
  app.get('/assets/app.js', (c) => c.body(SCRIPT, 200, headers('text/javascript; charset=utf-8')));
}
