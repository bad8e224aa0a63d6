import { qaCode } from '../qa/codes.js';
import { h, type Safe } from './html.js';
import { approvedNow, lockedSlot, type Slot } from './review-queue.js';

/** What a slot's QA result means, in words: what is wrong and what to do; never a code or an API name. */
export function qaWords(m: Slot): Safe {
  if (m.sent) return h`<p class="qa ok">Sent.</p>`;
  if (lockedSlot(m)) return h`<p class="qa ok">In the sending tool, waiting there to go out.</p>`;
  const score = m.qa_score === null ? '' : ` Scores ${m.qa_score}/10.`;
  if (approvedNow(m)) return h`<p class="qa ok"><strong>Approved by you.</strong>${score}</p>`;
  if (m.approvable) return h`<p class="qa ok"><strong>QA-cleared:</strong> nothing to fix.${score} Approve the sequence when you agree.</p>`;
  // The flags repeat the hard fails: each finding is named once, hard fails first.
  const codes = [...new Set([...m.hard_fail_codes, ...m.qa_flags])];
  const items = codes
    .map((code) => qaCode(code))
    .filter((c) => c !== undefined)
    .map((c) => h`<li>${c.description} <span class="todo">${c.hint}</span></li>`);
  if (!m.fresh) {
    const old = m.stale_reasons.some((r) => r.startsWith('written'));
    items.unshift(
      old
        ? h`<li>Written too long ago. <span class="todo">Rewrite it against the current research.</span></li>`
        : h`<li>Not checked since the text or the research changed. <span class="todo">Save the text again to check it.</span></li>`,
    );
  }
  if (items.length === 0 && m.needs_human)
    items.push(h`<li>The check wants a person to read this one. <span class="todo">Read it; approve it if it is right, or edit or rewrite it.</span></li>`);
  if (items.length === 0) items.push(h`<li>It scores below the bar for sending. <span class="todo">Edit it, or rewrite it with an instruction.</span></li>`);
  return h`<div class="qa warn"><p><strong>Needs work.</strong>${score}</p><ul>${items}</ul></div>`;
}
