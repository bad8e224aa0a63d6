import getCampaign from '../../tools/get_campaign.js';
import getSpeakerDossier from '../../tools/get_speaker_dossier.js';
import { read } from './call.js';
import { csrfField, h, notice, page, type Safe } from './html.js';
import type { PageContext } from './page-app.js';
import { qaWords } from './qa-words.js';
import { dossierFacts } from './review-dossier.js';
import { approvedNow, inView, lockedSlot, loadQueue, VIEW_LABEL, VIEWS, type Queue, type QueueSpeaker, type Slot, type View } from './review-queue.js';

/** Where the reviewer is: the view and the speaker shown. */
export interface Place {
  view: View;
  speaker?: string;
}

export const reviewUrl = (campaignId: string, place: Place): string =>
  `/campaigns/${campaignId}/review?view=${place.view}${place.speaker ? `&speaker=${place.speaker}` : ''}`;

/** The keys of the review, each bound to the element carrying its data-key. */
export const KEYS: Array<[string, string]> = [
  ['j', 'next speaker'],
  ['k', 'previous speaker'],
  ['a', 'approve the sequence'],
  ['e', 'edit (Ctrl+Enter saves, Esc leaves the text)'],
  ['s', 'skip: the next speaker not yet approved'],
  ['r', 'rewrite by an instruction'],
];

/**
 * The speaker shown and its neighbours in the view: previous, next, and the next one still
 * waiting for a decision. A speaker an action moved out of the view (approved in “Ready”)
 * stays shown, and its neighbours are the view's speakers around its place.
 */
export function neighbours(queue: Queue, view: View, id: string | undefined) {
  const list = inView(queue, view);
  const all = queue.speakers;
  const named = all.findIndex((s) => s.speaker_id === id);
  const pos = named >= 0 ? named : all.indexOf(list[0] as QueueSpeaker);
  const current = all[pos];
  const inside = (s: QueueSpeaker) => list.includes(s) && s !== current;
  const after = all.slice(pos + 1).filter(inside);
  const before = all.slice(0, Math.max(0, pos)).filter(inside);
  const waiting = (s: QueueSpeaker) => s.state === 'ready' || s.state === 'needs_work';
  return {
    at: current ? list.indexOf(current) : -1,
    count: list.length,
    current,
    prev: before.at(-1),
    next: after[0],
    skip: after.find(waiting) ?? before.find(waiting),
  };
}

/** The review queue: one speaker at a time, their facts beside the three messages. */
export async function reviewPage(c: PageContext, campaignId: string, place: Place, done: Done = {}, status = 200, refused?: string): Promise<Response> {
  const { services, user, csrf } = c.var;
  const [campaign, queue] = await Promise.all([read(services, user, getCampaign, { campaign_id: campaignId }), loadQueue(services, user, campaignId)]);
  const top = doneNotice(done, queue, refused);
  const near = neighbours(queue, place.view, place.speaker);
  const shown = near.current;
  const dossier = shown ? await read(services, user, getSpeakerDossier, { speaker_id: shown.speaker_id }) : null;
  const base = `/campaigns/${campaignId}`;
  const speaker =
    shown && dossier
      ? speakerPanel(base, place.view, shown, near, dossierFacts(dossier), csrf, done.done !== 'refused')
      : h`<h2 id="speaker-h" tabindex="-1">Nobody in “${VIEW_LABEL[place.view]}”</h2><p>${place.view === 'all' ? h`No drafts yet: they appear when the run drafts them.` : h`<a href="${reviewUrl(campaignId, { view: 'all' })}">Show everyone</a>.`}</p>`;
  if (c.req.header('HX-Request')) c.header('HX-Push-Url', reviewUrl(campaignId, { view: place.view, speaker: shown?.speaker_id }));
  const body = h`<p><a href="${base}">Back to ${campaign.name}</a></p>
<div class="review-app" hx-boost="true" hx-target="#review" hx-select="#review" hx-swap="outerHTML show:none" hx-select-oob="#filters">
${filters(base, campaignId, queue, place.view, csrf)}
<section id="review" aria-labelledby="speaker-h">
${top}
${shown ? h`<p class="position muted">${near.at >= 0 ? `Speaker ${near.at + 1} of ${near.count}` : `No longer in this view, which has ${near.count}`} in “${VIEW_LABEL[place.view]}”</p>` : ''}
${speaker}
</section>
</div>
${keyList()}`;
  return page(c, { title: `Review: ${campaign.name}`, body, csrf, user, status, wide: true });
}

/** What an action did, carried in the query across the redirect after a plain form; numbers and ids only. */
export type Done = Record<string, string>;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A refusal in words; a refused save or rewrite shows the call's own reason, never one read from the address. */
function refusal(kind: string | undefined, name: string, reason?: string): string {
  if (kind === 'save' && reason) return `The edit was not saved: ${reason}`;
  if (kind === 'rewrite' && reason) return `The rewrite did not run: ${reason}`;
  if (kind === 'approve') return `The sequence to ${name} cannot be approved yet: a message needs work (see below). Edit or rewrite it first.`;
  if (kind === 'limit') return 'That is more actions than a minute allows. Wait a minute, then try again.';
  return 'That did not work: the messages below show why.';
}

function doneNotice(done: Done, queue: Queue, reason?: string): Safe | '' {
  const n = (key: string) => Number(done[key] ?? 0) || 0;
  const name = queue.speakers.find((s) => s.speaker_id === done.of)?.name ?? 'the speaker';
  switch (done.done) {
    case 'saved':
      return n('saved') === 0
        ? notice('info', 'Nothing changed, so nothing was saved.')
        : notice(
            n('cleared') < n('checked') ? 'info' : 'success',
            `Saved ${plural(n('saved'), 'message')} to ${name} and checked the sequence again: ${n('cleared')} of ${plural(n('checked'), 'message')} QA-cleared${n('cleared') < n('checked') ? `, ${n('checked') - n('cleared')} ${n('checked') - n('cleared') === 1 ? 'needs' : 'need'} work (see below)` : ''}.`,
          );
    case 'approved':
      return notice('success', `Approved the sequence to ${name}.`);
    case 'rewritten': {
      const said = `Rewrote ${plural(n('rewritten'), 'message')} to ${name}; ${n('unchanged')} came back unchanged; ${n('skipped')} kept the old text because the rewrite did not pass the check.`;
      // What the instruction asked and the rewrite did not do, as the call said it.
      return reason ? notice('info', `${said} Not followed: ${reason}`) : notice('success', said);
    }
    case 'bulk':
      return notice(
        n('left') ? 'info' : 'success',
        `Approved ${plural(n('approved'), 'ready sequence')}.${n('failed') ? ` ${plural(n('failed'), 'sequence')} could not be approved: see “Needs work”.` : ''}${n('left') ? ` ${n('left')} are left: the limit of actions a minute was reached. Wait a minute, then approve the rest.` : ''}`,
      );
    case 'refused':
      // Focused when it arrives, so it is read out and the keys still work.
      return h`<div class="notice error" role="alert" tabindex="-1" autofocus>${refusal(done.text, name, reason)}</div>`;
    default:
      return '';
  }
}

function filters(base: string, campaignId: string, queue: Queue, view: View, csrf: string): Safe {
  const ready = inView(queue, view).filter((s) => s.state === 'ready').length;
  const bulk = ready
    ? h`<form method="post" action="${base}/review/approve-ready" class="inline" hx-boost="false">${csrfField(csrf)}<input type="hidden" name="view" value="${view}">
<button type="submit" class="secondary">Approve every ready sequence in this view (${ready})</button></form>`
    : '';
  return h`<nav id="filters" class="filters" aria-label="Which sequences to review">
<ul>${VIEWS.map((v) => h`<li><a href="${reviewUrl(campaignId, { view: v })}"${v === view ? h` aria-current="page"` : ''}>${VIEW_LABEL[v]} <span class="count">${queue.counts[v]}</span></a></li>`)}</ul>
${bulk}</nav>`;
}

const SLOT_NAME = ['', 'Message 1, the first contact', 'Message 2, the first follow-up', 'Message 3, the last follow-up'];

/** Rows for a text box as tall as its text at about 70 characters a line. */
const rowsFor = (text: string): number =>
  Math.max(
    2,
    text.split('\n').reduce((n, line) => n + Math.max(1, Math.ceil(line.length / 70)), 0),
  );

function slotBox(m: Slot, first: boolean): Safe {
  const id = `msg-${m.message_id}`;
  const locked = lockedSlot(m);
  const text = locked
    ? h`<p class="sent-text" id="${id}">${m.content}</p>`
    : h`<textarea id="${id}" name="content-${m.message_id}" rows="${rowsFor(m.content)}" maxlength="4000" required aria-describedby="qa-${m.message_id}"${first ? h` data-key="e" aria-keyshortcuts="e"` : ''}>${m.content}</textarea>`;
  const name = SLOT_NAME[m.slot] ?? `Message ${m.slot}`;
  return h`<div class="slot" id="m-${m.message_id}">${locked ? h`<p class="slot-name">${name}</p>` : h`<label for="${id}">${name}</label>`}${text}<div id="qa-${m.message_id}">${qaWords(m)}</div></div>`;
}

const STATE_TEXT: Record<QueueSpeaker['state'], string> = {
  needs_work: 'Needs work before it can go.',
  ready: 'Ready: the QA gate cleared all three messages. Not approved by you yet.',
  approved: 'Approved by you, as the messages now read.',
  pushed: 'Pushed to the sending tool.',
  excluded: 'Excluded from this campaign.',
};

/** The speaker's name takes the focus when the region arrives (htmx focuses [autofocus]), so the keys work at once. */
function speakerPanel(base: string, view: View, s: QueueSpeaker, near: ReturnType<typeof neighbours>, facts: Safe, csrf: string, focus: boolean): Safe {
  const place = (speaker: QueueSpeaker | undefined) => (speaker ? `${base}/review?view=${view}&speaker=${speaker.speaker_id}` : '');
  const hidden = h`${csrfField(csrf)}<input type="hidden" name="speaker_id" value="${s.speaker_id}"><input type="hidden" name="view" value="${view}">`;
  const editable = s.slots.some((m) => !lockedSlot(m));
  const approvable = editable && s.state !== 'excluded' && !s.slots.every((m) => lockedSlot(m) || approvedNow(m));
  const nav = (label: string, key: string, target: QueueSpeaker | undefined, rel?: string) =>
    target
      ? h`<a class="button secondary" href="${place(target)}" data-key="${key}" aria-keyshortcuts="${key}"${rel ? h` rel="${rel}"` : ''}>${label}</a>`
      : h`<span class="button disabled" aria-disabled="true">${label}</span>`;
  return h`<h2 id="speaker-h" tabindex="-1"${focus ? h` autofocus` : ''}>${s.name}</h2>
<p class="state state-${s.state}">${STATE_TEXT[s.state]}</p>
<div class="review-grid">
<form method="post" action="${base}/review/save" class="slots" aria-label="The three messages to ${s.name}">${hidden}
${s.slots.map((m, i) => slotBox(m, i === 0))}
${editable ? h`<div class="actions"><button type="submit" class="secondary">Save edits and check them</button></div>` : ''}
</form>
${facts}
</div>
<div class="actions review-actions">
${approvable ? h`<form method="post" action="${base}/review/approve" class="inline">${hidden}<input type="hidden" name="next" value="${near.next?.speaker_id ?? ''}"><button type="submit" data-key="a" aria-keyshortcuts="a">Approve the sequence</button></form>` : ''}
${nav('Previous', 'k', near.prev, 'prev')} ${nav('Next', 'j', near.next, 'next')} ${nav('Skip for now', 's', near.skip)}
</div>
${
  editable
    ? h`<form method="post" action="${base}/review/rewrite" class="rewrite">${hidden}
<label for="rewrite-instruction">Rewrite the three messages by an instruction</label>
<input type="text" id="rewrite-instruction" name="instruction" required maxlength="2000" data-key="r" aria-keyshortcuts="r" placeholder="For example: shorter, and mention their talk">
<button type="submit" class="secondary">Rewrite</button></form>`
    : ''
}`;
}

function keyList(): Safe {
  return h`<aside class="keys" aria-labelledby="keys-h"><h2 id="keys-h">Keyboard</h2>
<p class="muted">Outside a text box, one key each:</p>
<dl>${KEYS.map(([key, what]) => h`<div><dt><kbd>${key}</kbd></dt><dd>${what}</dd></div>`)}</dl></aside>`;
}
