import { csrfField, h, Safe } from './html.js';

/** The shapes the pages read from tool results (the tools' own output schemas, narrowed to what is shown). */
export interface Funnel {
  scraped: number;
  prequalified: { qualified: number; unsure: number; disqualified: number };
  enriched: number;
  qualified: number;
  drafted: number;
  approved: number;
  sent: number;
  replied: number;
  booked: number;
}

export interface RunStatusView {
  run: { status: string; stage: string; progress: { stage: string; done: number; total: number; percent: number }; error: string | null; finished_at: string | null } | null;
  counts: { speakers: number; drafts: number; signals: number };
  conference_urls: Array<{ url: string; status: string; speaker_count: number | null; error: string | null }>;
}

export interface SpeakerRow {
  speaker_id: string;
  name: string;
  title: string | null;
  company: string | null;
  prequalify_verdict: string | null;
  fit_score: number | null;
  stage: string;
  selected: boolean;
}

export interface DraftRow {
  message_id: string;
  speaker_id: string;
  speaker_name: string;
  slot: number;
  content: string;
  sent: boolean;
  qa_score: number | null;
  hard_fail_codes: string[];
  fix_hints: Array<{ code: string; action: string; hint: string }>;
  needs_human: boolean;
  approvable: boolean;
  fresh: boolean;
  stale_reasons: string[];
  approved_at: string | null;
}

export const FUNNEL_STEPS: Array<[string, (f: Funnel) => number]> = [
  ['Scraped', (f) => f.scraped],
  ['Prequalified', (f) => f.prequalified.qualified + f.prequalified.unsure],
  ['Enriched', (f) => f.enriched],
  ['Qualified', (f) => f.qualified],
  ['Drafted', (f) => f.drafted],
  ['Approved', (f) => f.approved],
  ['Sent', (f) => f.sent],
  ['Replied', (f) => f.replied],
  ['Booked', (f) => f.booked],
];

export function funnelList(funnel: Funnel): Safe {
  return h`<dl class="funnel">${FUNNEL_STEPS.map(([label, get]) => h`<div><dt>${label}</dt><dd>${get(funnel)}</dd></div>`)}</dl>`;
}

/** Run progress; the script on the page keeps it current from the campaign's event stream. */
export function runPanel(campaignId: string, status: RunStatusView, csrf: string): Safe {
  const run = status.run;
  const active = run && (run.status === 'queued' || run.status === 'running');
  const text = !run
    ? 'This campaign has not run yet.'
    : run.status === 'failed'
      ? `The last run failed: ${run.error ?? 'no reason given'}.`
      : run.status === 'done'
        ? 'The last run is complete.'
        : `Run ${run.status}: ${run.progress.stage} ${run.progress.done} of ${run.progress.total}.`;
  const start = active ? '' : h`<form method="post" action="/campaigns/${campaignId}/runs" class="inline">${csrfField(csrf)}<button type="submit" class="secondary">Start a run</button></form>`;
  return h`<section aria-labelledby="run-h" data-events="/campaigns/${campaignId}/events">
<h2 id="run-h">Run</h2>
<p id="run-status" role="status" aria-live="polite">${text}</p>
<label for="run-progress">Progress of the current stage</label>
<progress id="run-progress" max="${run?.progress.total || 1}" value="${run?.status === 'done' ? run.progress.total || 1 : (run?.progress.done ?? 0)}">${run?.progress.percent ?? 0}%</progress>
<p class="muted">Speakers <span id="count-speakers">${status.counts.speakers}</span> · drafts <span id="count-drafts">${status.counts.drafts}</span> · research signals ${status.counts.signals}.
<span id="run-reload" hidden><a href="/campaigns/${campaignId}">Reload to see the new drafts</a></span></p>
${start}
${urlList(status.conference_urls)}
</section>`;
}

function urlList(urls: RunStatusView['conference_urls']): Safe {
  if (urls.length === 0) return h`<p class="muted">No conference page yet.</p>`;
  return h`<ul class="plain">${urls.map((u) => h`<li><code>${u.url}</code>: ${u.status}${u.speaker_count !== null ? `, ${u.speaker_count} speakers` : ''}${u.error ? h` <span class="error-text">(${u.error})</span>` : ''}</li>`)}</ul>`;
}

export function speakerTable(rows: SpeakerRow[], more: Safe | ''): Safe {
  if (rows.length === 0) return h`<p class="muted">No speakers yet.</p>`;
  return h`<table><caption class="muted">Speakers scraped from the conference pages</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Title and company</th><th scope="col">Prequalified</th><th scope="col">Fit</th><th scope="col">Stage</th><th scope="col">Selected</th></tr></thead>
<tbody>${rows.map(
    (s) =>
      h`<tr><th scope="row">${s.name}</th><td>${[s.title, s.company].filter(Boolean).join(', ') || '—'}</td><td>${s.prequalify_verdict ?? '—'}</td><td>${s.fit_score ?? '—'}</td><td>${s.stage}</td><td>${s.selected ? 'yes' : 'no'}</td></tr>`,
  )}</tbody></table>${more}`;
}

/** A visually hidden text for screen readers: labels that the table's layout already shows to the eye. */
export const srOnly = (text: string): Safe => h`<span class="sr-only">${text}</span>`;

export const ACTION_TEXT: Record<string, string> = { none: 'nothing to do', rescore: 'rescore', rewrite: 'rewrite', human_review: 'a person decides' };

export function qaCell(m: DraftRow): Safe {
  const score = m.qa_score === null ? h`<strong>not scored</strong>` : h`<strong>${m.qa_score}/10</strong>`;
  const state = m.sent ? 'sent' : m.approvable ? 'approvable' : m.needs_human ? 'needs a person' : 'needs work';
  const hints = m.fix_hints.length
    ? h`<ul class="hints">${m.fix_hints.map((f) => h`<li><code>${f.code}</code> (${ACTION_TEXT[f.action] ?? f.action}): ${f.hint}</li>`)}</ul>`
    : '';
  const fails = m.hard_fail_codes.length ? h`<p class="fails">Hard fails: ${m.hard_fail_codes.map((c, i) => h`${i ? ', ' : ''}<code>${c}</code>`)}</p>` : '';
  const stale = !m.fresh && m.stale_reasons.length ? h`<p class="hint">Stale: ${m.stale_reasons.join(', ')}</p>` : '';
  return h`${score} <span class="badge ${m.approvable || m.sent ? 'ok' : 'warn'}">${state}</span>${m.approved_at ? h` <span class="badge ok">approved</span>` : ''}${fails}${hints}${stale}`;
}

export { Safe };
