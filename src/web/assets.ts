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
input[type=text], input[type=email], input[type=url], input[type=password], select, textarea { width: 100%; padding: .5rem .6rem; font: inherit; border: 1px solid #7d8a84; border-radius: 4px; background: #fff; color: var(--fg); }
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
textarea { resize: vertical; line-height: 1.4; }
.sr-only { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.subnav ul { display: flex; gap: 1.25rem; list-style: none; padding: 0; margin: 0 0 1rem; border-bottom: 1px solid var(--line); }
.subnav a { display: inline-block; padding: .35rem 0; text-decoration: none; }
.subnav a[aria-current=page] { font-weight: 700; border-bottom: 3px solid var(--accent); color: var(--fg); }
form.wide { max-width: 40rem; }
dl.funnel { display: flex; flex-wrap: wrap; gap: .5rem; margin: 0; }
dl.funnel div { border: 1px solid var(--line); border-radius: 4px; padding: .35rem .75rem; background: #fff; min-width: 6rem; }
dl.funnel dt { font-size: .85rem; color: var(--muted); }
dl.funnel dd { margin: 0; font-size: 1.3rem; font-weight: 700; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
progress { width: 100%; height: 1.1rem; accent-color: var(--accent); }
ul.plain { padding-left: 1.1rem; }
.error-text { color: var(--danger); }
.actions.bulk { margin: .75rem 0 1rem; align-items: flex-end; }
form.rewrite { display: flex; gap: .5rem; align-items: flex-end; flex-wrap: wrap; flex: 1 1 20rem; }
form.rewrite input { flex: 1 1 12rem; width: auto; }
form.rewrite label { flex-basis: 100%; }
form.edit { display: grid; gap: .35rem; justify-items: start; }
table.review td:nth-child(2) { width: 50%; }
table.review tr.group th { background: #eef3f0; padding-top: .7rem; }
table.review tr.group th input { font-weight: 400; }
table.review .speaker { display: block; font-size: 1.05rem; margin-bottom: .35rem; }
.badge { display: inline-block; font-size: .8rem; padding: 0 .4rem; border-radius: 3px; border: 1px solid var(--line); }
.badge.ok { border-color: var(--accent); color: var(--accent); }
.badge.warn { border-color: var(--danger); color: var(--danger); }
ul.hints { margin: .35rem 0 0; padding-left: 1.1rem; font-size: .9rem; }
p.fails { margin: .35rem 0 0; font-size: .9rem; }
.sent-text { white-space: pre-wrap; margin: 0; }
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

// The campaign page follows its run over the campaign's event stream.
(function () {
  var panel = document.querySelector('[data-events]');
  if (!panel || !window.EventSource) return;
  var status = document.getElementById('run-status');
  var bar = document.getElementById('run-progress');
  var reload = document.getElementById('run-reload');
  function show(stage, done, total, state) {
    bar.max = total || 1;
    bar.value = done;
    bar.textContent = total ? Math.round(done / total * 100) + '%' : '0%';
    status.textContent = 'Run ' + (state || 'running') + ': ' + stage + ' ' + done + ' of ' + total + '.';
  }
  var source = new EventSource(panel.getAttribute('data-events'));
  source.addEventListener('snapshot', function (e) {
    var s = JSON.parse(e.data);
    if (s.run && (s.run.status === 'queued' || s.run.status === 'running')) show(s.run.progress.stage, s.run.progress.done, s.run.progress.total, s.run.status);
  });
  source.addEventListener('run.progress', function (e) {
    var p = JSON.parse(e.data);
    show(p.stage, p.done, p.total);
  });
  source.addEventListener('drafts.ready', function () { reload.hidden = false; });
  source.addEventListener('run.completed', function (e) {
    var d = JSON.parse(e.data);
    bar.value = bar.max;
    status.textContent = d.status === 'done' ? 'The run is complete.' : 'The run ended: ' + d.status + '.';
    reload.hidden = false;
  });
  source.addEventListener('run.failed', function () {
    status.textContent = 'The run failed. Reload the page for the reason.';
    reload.hidden = false;
  });
})();
`;

export function mountAssets(app: Hono): void {
  const headers = (type: string) => ({ 'Content-Type': type, 'Cache-Control': 'public, max-age=3600', 'X-Content-Type-Options': 'nosniff' });
  app.get('/assets/style.css', (c) => c.body(STYLE, 200, headers('text/css; charset=utf-8')));
  app.get('/assets/app.js', (c) => c.body(SCRIPT, 200, headers('text/javascript; charset=utf-8')));
}
