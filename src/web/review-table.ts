import { csrfField, h, type Safe } from './html.js';
import { qaCell, srOnly, type DraftRow } from './campaign-parts.js';

/**
 * The draft review table: a row group per speaker (its rewrite and rescore forms in the
 * group's header row), then one row per slot with the text editable in place, its QA
 * score, hard-fail codes with fix hints, and approval.
 */
export function reviewTable(campaignId: string, drafts: DraftRow[], csrf: string): Safe {
  if (drafts.length === 0) return h`<p class="muted">No drafts here yet.</p>`;
  const bySpeaker = new Map<string, DraftRow[]>();
  for (const d of drafts) bySpeaker.set(d.speaker_id, [...(bySpeaker.get(d.speaker_id) ?? []), d]);
  const groups = [...bySpeaker.values()].map((slots) => speakerGroup(campaignId, slots, csrf));
  return h`<table class="review"><caption class="muted">Three messages per speaker, in the order they are sent</caption>
<thead><tr><th scope="col">Slot</th><th scope="col">Message</th><th scope="col">QA</th><th scope="col"><span class="muted">Approval</span></th></tr></thead>
${groups}</table>`;
}

function speakerGroup(campaignId: string, slots: DraftRow[], csrf: string): Safe {
  const first = slots[0] as DraftRow;
  const id = first.speaker_id;
  const name = first.speaker_name;
  return h`<tbody id="speaker-${id}" aria-labelledby="speaker-${id}-h">
<tr class="group"><th scope="rowgroup" colspan="4"><span id="speaker-${id}-h" class="speaker">${name}</span>
<div class="actions">
<form method="post" action="/campaigns/${campaignId}/rewrites" class="rewrite">${csrfField(csrf)}<input type="hidden" name="speaker_id" value="${id}">
<label for="rewrite-${id}" class="sr-only">Rewrite instruction for ${name}</label>
<input type="text" id="rewrite-${id}" name="instruction" required maxlength="2000" placeholder="Rewrite instruction, e.g. a fix hint">
<button type="submit" class="secondary" aria-label="Rewrite the drafts for ${name}">Rewrite</button></form>
<form method="post" action="/campaigns/${campaignId}/rescores" class="inline">${csrfField(csrf)}<input type="hidden" name="speaker_id" value="${id}">
<button type="submit" class="secondary" aria-label="Rescore the drafts for ${name}">Rescore</button></form>
</div></th></tr>
${slots.map((m) => slotRow(campaignId, m, csrf))}
</tbody>`;
}

function slotRow(campaignId: string, m: DraftRow, csrf: string): Safe {
  const label = `Message ${m.slot} to ${m.speaker_name}`;
  const text = m.sent
    ? h`<p class="sent-text">${m.content}</p>`
    : h`<form method="post" action="/campaigns/${campaignId}/messages/${m.message_id}" class="edit">${csrfField(csrf)}
<label for="msg-${m.message_id}" class="sr-only">${label}</label>
<textarea id="msg-${m.message_id}" name="content" rows="4" maxlength="4000" required>${m.content}</textarea>
<button type="submit" class="secondary" aria-label="Save ${label.toLowerCase()}">Save</button></form>`;
  const approve =
    m.sent || m.approved_at
      ? ''
      : h`<form method="post" action="/campaigns/${campaignId}/messages/${m.message_id}/approve" class="inline">${csrfField(csrf)}<button type="submit" aria-label="Approve ${label.toLowerCase()}">Approve</button></form>`;
  return h`<tr id="m-${m.message_id}"><td>${m.slot}${srOnly(` of ${m.speaker_name}`)}</td><td>${text}</td><td>${qaCell(m)}</td><td>${approve}</td></tr>`;
}
