import getRunStatus from '../../tools/get_run_status.js';
import type { OutputOf } from './call.js';
import { csrfField, h, type Safe } from './html.js';

type RunStatus = OutputOf<typeof getRunStatus>;

const STAGES = ['scrape', 'prequalify', 'enrich', 'qualify', 'research', 'draft'] as const;
const STAGE_TEXT: Record<string, string> = {
  scrape: 'Read the pages',
  prequalify: 'Prequalify',
  enrich: 'Enrich',
  qualify: 'Qualify',
  research: 'Research',
  draft: 'Draft and check',
};
const URL_STATUS: Record<string, string> = { pending: 'waiting', fetching: 'reading', done: 'read', failed: 'failed' };

export function runText(run: RunStatus['run']): string {
  if (!run) return 'This campaign has not run yet.';
  if (run.status === 'failed') return `The run failed: ${run.error ?? 'no reason given'}.`;
  if (run.status === 'done') return 'The run is complete.';
  if (run.status === 'paused') return `The run is paused at ${(STAGE_TEXT[run.stage] ?? run.stage).toLowerCase()}: the credits ran out.`;
  return `Run ${run.status}: ${run.progress.stage} ${run.progress.done} of ${run.progress.total}.`;
}

type Pause = NonNullable<NonNullable<RunStatus['run']>['pause']>;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Where a paused run stands, in words: what it drafted, who waits, and what resuming needs. */
export function pauseText(p: Pick<Pause, 'drafted' | 'waiting' | 'balance'>): string {
  return (
    `${plural(p.drafted, 'speaker is', 'speakers are')} drafted and ${plural(p.waiting, 'waits', 'wait')} for credits, best fit first; the balance is ${plural(p.balance, 'credit', 'credits')}. ` +
    'Add credits, then resume: the run goes on where it stopped and charges nothing twice.'
  );
}

/** A paused run's own state: why it stopped, where it stands, and the way on. */
function pausedPanel(campaignId: string, pause: Pause | null): Safe {
  return h`<div class="notice info" id="run-paused"><p><strong>Paused: the credits ran out.</strong> ${pause ? pauseText(pause) : ''}</p>
<p><a class="button" href="/campaigns/${campaignId}/start">Resume the run: see the cost first</a></p></div>`;
}

/**
 * The run as it goes: the stages with the current one marked, the counts, and each
 * conference page with why it failed. The page's script keeps it current from the
 * campaign's event stream; without the script, a reload shows the same.
 */
export function runPanel(campaignId: string, status: RunStatus, drafted: number, csrf: string): Safe {
  const run = status.run;
  const active = run !== null && (run.status === 'queued' || run.status === 'running');
  const paused = run?.status === 'paused';
  // A paused run keeps its place: the stage it stopped at stays marked.
  const current = active || paused ? run.stage : run?.status === 'done' ? 'done' : '';
  const at = STAGES.indexOf(current as (typeof STAGES)[number]);
  const start =
    active || paused
      ? ''
      : h`<p><a class="button secondary" href="/campaigns/${campaignId}/start">${run ? 'Run again' : 'Start a run'}: see the cost first</a></p>`;
  // What the page shows, for the script: a stream that opens after the run moved on (it
  // paused or ended while the page loaded) brings the page up to date.
  const shown = run ? `${run.run_id}:${run.status}` : '';
  return h`<section aria-labelledby="run-h" data-events="/campaigns/${campaignId}/events" data-run="${shown}" class="run">
<h2 id="run-h">Run</h2>
<p id="run-status" role="status" aria-live="polite">${runText(run)}</p>
${paused ? pausedPanel(campaignId, run.pause) : ''}
<ol class="stages" id="run-stages">${STAGES.map(
    (s, i) =>
      h`<li data-stage="${s}"${s === current ? h` aria-current="step"` : ''} class="${current === 'done' || (at >= 0 && i < at) ? 'done' : s === current && paused ? 'paused' : ''}">${STAGE_TEXT[s]}${s === current && paused ? ' (paused)' : ''}</li>`,
  )}</ol>
<label for="run-progress">Progress of the current stage</label>
<progress id="run-progress" max="${run?.progress.total || 1}" value="${run?.status === 'done' ? run.progress.total || 1 : (run?.progress.done ?? 0)}">${run?.progress.percent ?? 0}%</progress>
<p>Speakers <strong id="count-speakers">${status.counts.speakers}</strong> · drafted <strong id="count-drafts">${drafted}</strong> · research signals <strong id="count-signals">${status.counts.signals}</strong></p>
${run?.warning ? h`<p class="notice info">${run.warning}</p>` : ''}
<p id="run-review" ${run?.status === 'done' || drafted > 0 ? '' : h`hidden`}><a href="/campaigns/${campaignId}/review">Review the drafts</a></p>
<h3>Conference pages</h3>
${urlList(status.conference_urls)}
${start}
<form method="post" action="/campaigns/${campaignId}/urls" class="rewrite">${csrfField(csrf)}
<label for="add-url">Add a conference page</label><input type="url" id="add-url" name="url" required maxlength="500" placeholder="https://">
<button type="submit" class="secondary">Add</button></form>
</section>`;
}

function urlList(urls: RunStatus['conference_urls']): Safe {
  if (urls.length === 0) return h`<p class="muted">No conference page yet.</p>`;
  return h`<ul class="plain urls">${urls.map(
    (u) =>
      h`<li data-url="${u.url}"><a href="${u.url}" rel="noreferrer noopener" target="_blank">${u.url}</a>: <span class="url-status">${URL_STATUS[u.status] ?? u.status}${u.speaker_count !== null ? `, ${u.speaker_count} speakers` : ''}</span> <span class="error-text url-error">${u.error ? `(${u.error})` : ''}</span></li>`,
  )}</ul>`;
}
