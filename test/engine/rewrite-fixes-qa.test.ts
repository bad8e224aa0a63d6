/**
 * The QA gate's fix hints are written to be sent back verbatim as rewrite
 * instructions. Each broken draft here trips one hard fail; rewriting it with that
 * code's hint must clear it.
 */
import { describe, expect, it } from 'vitest';
import { QA_CODES } from '../../src/qa/codes.js';
import { scoreMessage } from '../../src/qa/score.js';
import { enrichSpeaker } from '../../src/engine/offline/enrich.js';
import { draftSlots } from '../../src/engine/offline/draft.js';
import { researchSpeaker } from '../../src/engine/offline/research.js';
import { rewriteSlot } from '../../src/engine/offline/rewrite.js';
import type { SlotNumber } from '../../src/engine/types.js';
import { SENIOR_ENGINEER, campaign } from './fixtures.js';
import { groundingOf } from './qa-support.js';

const s = SENIOR_ENGINEER;
const c = campaign();
const signals = researchSpeaker(s, enrichSpeaker(s), c);
const slots = draftSlots(s, signals, c);
const grounding = groundingOf(s, signals);

function hardFails(slot: SlotNumber, content: string): string[] {
  return scoreMessage({
    slot,
    content,
    speaker: { name: s.name, company: s.company, title: s.title },
    grounding,
    campaign: { cta: c.cta, senderName: c.yourName, tone: c.tone, exclusions: c.icp.exclusions, competitors: c.icp.competitors, pitch: c.pitch },
    otherSlots: [],
  }).hardFails;
}

const [note, pitch, last] = slots.map((x) => x.content);
/** The message with `text` put in front of its body, right after the greeting line. */
const prepend = (message: string, text: string) => message.replace(/\n+/, (gap) => `${gap}${text} `);
const BROKEN: Array<[code: string, slot: SlotNumber, content: string]> = [
  ['unresolved_placeholder', 2, prepend(pitch, 'For {{company}}, a note.')],
  ['over_length', 1, `${note} ${'We have helped many teams with outreach over the years and would love to tell you more. '.repeat(2)}`],
  ['link_in_first_touch', 1, note.replace('?', '? More at https://greenroom.example/about.')],
  ['missing_cta', 3, last.replace(new RegExp(c.cta.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'), '')],
  ['spam_trigger_stack', 2, prepend(pitch, "It's free and guaranteed, act now.")],
  ['fake_reply_prefix', 1, `Re: ${note}`],
  ['ungrounded_claim', 2, prepend(pitch, 'Your talk "Scaling Rust at Netflix" was great.')],
  ['empty_or_too_short', 2, 'Hi Priya'],
];

describe('rewriting with a QA fix hint clears that hard fail', () => {
  it.each(BROKEN)('%s', (code, slot, content) => {
    expect(hardFails(slot, content)).toContain(code);
    const hint = QA_CODES.find((x) => x.code === code)?.hint ?? '';
    const out = rewriteSlot({ slot, content, instruction: hint, speaker: s, signals, campaign: c, otherSlots: slots.filter((x) => x.slot !== slot) });
    expect(hardFails(slot, out), out).toEqual([]);
  });
});
