import fs from 'node:fs';
import { createRequire } from 'node:module';
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
figure.funnel { margin: 0; }
figure.funnel ul { list-style: none; padding: 0; margin: 0; display: grid; gap: .2rem; }
figure.funnel li { display: grid; grid-template-columns: 10rem 1fr 3rem; gap: .75rem; align-items: center; }
figure.funnel meter { width: 100%; height: 1rem; }
figure.funnel meter::-webkit-meter-bar { background: #eef3f0; border: 1px solid var(--line); border-radius: 3px; }
figure.funnel meter::-webkit-meter-optimum-value { background: var(--accent); }
figure.funnel .n { text-align: right; font-variant-numeric: tabular-nums; font-weight: 600; }
ul.campaigns { list-style: none; padding: 0; display: grid; gap: 1rem; }
ul.campaigns h2 { border: 0; margin: 0 0 .35rem; font-size: 1.1rem; }
main.wide { max-width: 80rem; }
a.button, span.button { display: inline-block; padding: .5rem 1rem; border-radius: 4px; border: 1px solid var(--accent); background: var(--accent); color: var(--accent-fg); text-decoration: none; }
a.button.secondary { background: #fff; color: var(--accent); }
span.button.disabled { border-color: var(--line); color: var(--muted); background: #fff; }
ol.stages { display: flex; flex-wrap: wrap; gap: .35rem; list-style: none; padding: 0; margin: 0 0 .75rem; }
ol.stages li { padding: .2rem .6rem; border: 1px solid var(--line); border-radius: 999px; background: #fff; font-size: .9rem; }
ol.stages li.done { border-color: var(--accent); color: var(--accent); }
ol.stages li[aria-current] { background: var(--accent); color: var(--accent-fg); border-color: var(--accent); font-weight: 600; }
nav.filters { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; justify-content: space-between; border-bottom: 1px solid var(--line); margin-bottom: 1rem; padding-bottom: .5rem; }
nav.filters ul { display: flex; flex-wrap: wrap; gap: 1rem; list-style: none; padding: 0; margin: 0; }
nav.filters a { text-decoration: none; }
nav.filters a[aria-current=page] { font-weight: 700; color: var(--fg); border-bottom: 3px solid var(--accent); }
nav.filters .count { display: inline-block; min-width: 1.5rem; text-align: center; border-radius: 999px; background: #eef3f0; color: var(--fg); font-size: .85rem; }
#review h2 { border: 0; margin: .25rem 0; font-size: 1.4rem; }
#review h2:focus { outline: none; }
.state { margin: 0 0 .75rem; font-weight: 600; }
.state-needs_work { color: var(--danger); }
.state-ready, .state-approved, .state-pushed { color: var(--accent); }
.review-grid { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 1.5rem; align-items: start; }
@media (max-width: 60rem) { .review-grid { grid-template-columns: 1fr; } }
form.slots { display: grid; gap: 1rem; }
.slot textarea { field-sizing: content; min-height: 3lh; }
.slot label, .slot-name { font-weight: 600; margin: 0 0 .25rem; }
.qa { margin: .35rem 0 0; font-size: .95rem; }
.qa ul { margin: .25rem 0 0; padding-left: 1.1rem; }
.qa.ok { color: var(--accent); }
.qa.warn { color: var(--fg); border-left: 3px solid var(--danger); padding-left: .6rem; }
.qa .todo { display: block; color: var(--muted); }
aside.dossier { border: 1px solid var(--line); border-radius: 4px; background: #fff; padding: .75rem 1rem; }
aside.dossier h3 { margin: 0 0 .5rem; font-size: 1rem; }
blockquote.evidence { margin: .2rem 0 .4rem; padding: .2rem .6rem; border-left: 3px solid var(--line); color: var(--muted); font-size: .9rem; }
p.evidence { margin: .2rem 0 .4rem; color: var(--muted); font-size: .9rem; }
.review-actions { margin: 1rem 0; align-items: center; }
aside.keys { margin-top: 2rem; }
aside.keys dl { display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; margin: 0; }
aside.keys dl div { display: flex; gap: .4rem; align-items: baseline; }
aside.keys dd { margin: 0; }
kbd { font-family: ui-monospace, Menlo, monospace; border: 1px solid #7d8a84; border-bottom-width: 2px; border-radius: 3px; padding: 0 .35rem; background: #fff; }
ul.columns { columns: 3 12rem; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
progress { width: 100%; height: 1.1rem; accent-color: var(--accent); }
ul.plain { padding-left: 1.1rem; }
.error-text { color: var(--danger); }
.actions.bulk { margin: .75rem 0 1rem; align-items: flex-end; }
form.rewrite { display: flex; gap: .5rem; align-items: flex-end; flex-wrap: wrap; flex: 1 1 20rem; }
form.rewrite input { flex: 1 1 12rem; width: auto; }
form.rewrite label { flex-basis: 100%; }
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
  var review = document.getElementById('run-review');
  function text(id, value) { var el = document.getElementById(id); if (el) el.textContent = String(value); }
  function stage(name) {
    // The stream calls the draft stage "drafting".
    if (name === 'drafting') name = 'draft';
    var passed = true;
    panel.querySelectorAll('[data-stage]').forEach(function (li) {
      var here = li.getAttribute('data-stage') === name;
      if (here) { passed = false; li.setAttribute('aria-current', 'step'); } else li.removeAttribute('aria-current');
      li.classList.toggle('done', name === 'done' || (passed && !here));
    });
  }
  function show(p, state) {
    bar.max = p.total || 1;
    bar.value = p.done;
    bar.textContent = p.total ? Math.round(p.done / p.total * 100) + '%' : '0%';
    status.textContent = 'Run ' + (state || 'running') + ': ' + p.stage + ' ' + p.done + ' of ' + p.total + '.';
    stage(p.stage);
  }
  function page(u) {
    var li = panel.querySelector('[data-url="' + CSS.escape(u.url) + '"]');
    if (!li) return;
    var words = { pending: 'waiting', fetching: 'reading', done: 'read', failed: 'failed' };
    li.querySelector('.url-status').textContent = (words[u.status] || u.status) + (u.speaker_count !== null ? ', ' + u.speaker_count + ' speakers' : '');
    li.querySelector('.url-error').textContent = u.error ? '(' + u.error + ')' : '';
  }
  var source = new EventSource(panel.getAttribute('data-events'));
  source.addEventListener('snapshot', function (e) {
    var s = JSON.parse(e.data);
    text('count-speakers', s.counts.speakers);
    text('count-signals', s.counts.signals);
    s.conference_urls.forEach(page);
    var live = s.run && (s.run.status === 'queued' || s.run.status === 'running');
    if (live) show(s.run.progress, s.run.status);
    // The run paused or ended between the page's rendering and the stream's opening.
    else if (s.run && s.run.run_id + ':' + s.run.status !== panel.getAttribute('data-run')) refresh();
  });
  source.addEventListener('run.progress', function (e) { show(JSON.parse(e.data)); });
  source.addEventListener('url.scraped', function (e) { page(JSON.parse(e.data)); });
  source.addEventListener('drafts.ready', function (e) {
    text('count-drafts', JSON.parse(e.data).speakers_with_drafts);
    review.hidden = false;
  });
  // A run that ends brings the rest of the page up to date (funnel, review, speakers) in one request.
  function refresh() {
    source.close();
    if (window.htmx) window.htmx.ajax('GET', window.location.pathname, { target: '#main', select: '#main', swap: 'outerHTML' });
  }
  source.addEventListener('run.completed', function (e) {
    var d = JSON.parse(e.data);
    bar.value = bar.max;
    stage('done');
    status.textContent = d.status === 'done' ? 'The run is complete.' : 'The run ended: ' + d.status + '.';
    review.hidden = false;
    refresh();
  });
  source.addEventListener('run.paused', function () {
    status.textContent = 'The run is paused: the credits ran out.';
    refresh();
  });
  source.addEventListener('run.failed', function (e) {
    var d = JSON.parse(e.data);
    status.textContent = 'The run failed' + (d.error ? ': ' + d.error : '') + '.';
    refresh();
  });
})();

// The review: one key per action, each bound to the element that carries it as data-key.
document.addEventListener('keydown', function (event) {
  var target = event.target;
  var typing = target.closest && target.closest('input, textarea, select, [contenteditable]');
  if (typing) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && target.form) { event.preventDefault(); target.form.requestSubmit(); }
    else if (event.key === 'Escape') target.blur();
    return;
  }
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  // While an action is on its way or its answer is settling in, a key waits to be pressed again.
  if (document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added')) { event.preventDefault(); return; }
  var bound = document.querySelector('[data-key="' + CSS.escape(event.key) + '"]');
  if (!bound) return;
  event.preventDefault();
  if (bound.matches('input, textarea')) bound.focus(); else bound.click();
});
`;

const HTMX = fs.readFileSync(createRequire(import.meta.url).resolve('htmx.org/dist/htmx.min.js'), 'utf8');

export function mountAssets(app: Hono): void {
  const headers = (type: string) => ({ 'Content-Type': type, 'Cache-Control': 'public, max-age=3600', 'X-Content-Type-Options': 'nosniff' });
  app.get('/assets/style.css', (c) => c.body(STYLE, 200, headers('text/css; charset=utf-8')));
  app.get('/assets/app.js', (c) => c.body(SCRIPT, 200, headers('text/javascript; charset=utf-8')));
  app.get('/assets/htmx.min.js', (c) => c.body(HTMX, 200, headers('text/javascript; charset=utf-8')));
}
