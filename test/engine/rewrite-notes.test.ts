/** The offline rewrite says what it did with each part of an instruction: applied, not applied and why, or written afresh. */
import { describe, expect, it } from 'vitest';
import { enrichSpeaker } from '../../src/engine/offline/enrich.js';
import { draftSlots } from '../../src/engine/offline/draft.js';
import { researchSpeaker } from '../../src/engine/offline/research.js';
import { rewriteSlot } from '../../src/engine/offline/rewrite.js';
import { rewriteNotes } from '../../src/engine/offline/rewrite-notes.js';
import { splitRequests } from '../../src/engine/offline/rewrite-requests.js';
import type { RewriteInput, SlotNumber } from '../../src/engine/types.js';
import { SENIOR_ENGINEER, campaign, generatedCampaign, generatedSpeaker } from './fixtures.js';

function setup(s = SENIOR_ENGINEER, c = campaign()) {
  const signals = researchSpeaker(s, enrichSpeaker(s), c);
  const slots = draftSlots(s, signals, c);
  return (slot: SlotNumber, instruction: string, content = slots[slot - 1]!.content) => {
    const input: RewriteInput = { slot, content, instruction, speaker: s, signals, campaign: c, otherSlots: slots.filter((x) => x.slot !== slot) };
    const out = rewriteSlot(input);
    return { before: content, out, notes: rewriteNotes(input, out) };
  };
}

const rewrite = setup();

describe('the notes of an offline rewrite', () => {
  it('splits an instruction into its requests, never inside quotes', () => {
    expect(splitRequests('make it shorter and drop the buzzwords')).toEqual(['make it shorter', 'drop the buzzwords']);
    expect(splitRequests('Remove the link, then add the CTA.')).toEqual(['Remove the link', 'add the CTA']);
    expect(splitRequests('drop the phrase "fast, cheap and good"; more formal')).toEqual(['drop the phrase "fast, cheap and good"', 'more formal']);
  });

  it('shorter: applied, with the lengths', () => {
    const r = rewrite(2, 'make it shorter');
    expect(r.out.length).toBeLessThan(r.before.length);
    expect(r.notes).toEqual([{ request: 'make it shorter', status: 'applied', note: `Shortened from ${r.before.length} to ${r.out.length} characters.` }]);
  });

  it('more formal: applied; asked again of a formal text, it says there was nothing to change', () => {
    const r = rewrite(1, 'more formal');
    expect(r.out).toMatch(/^Hello Priya/);
    expect(r.notes).toEqual([{ request: 'more formal', status: 'applied', note: 'Reworded to read more formal.' }]);
    const again = rewrite(1, 'more formal', r.out);
    expect(again.out).toBe(r.out);
    expect(again.notes[0]).toMatchObject({ status: 'applied', note: expect.stringMatching(/already read formal/) });
  });

  it('mention X: a topic the research found is mentioned; one it did not find is refused with the reason', () => {
    const found = rewrite(2, 'mention Kubernetes');
    expect(found.out).toContain('Kubernetes');
    expect(found.notes).toEqual([{ request: 'mention Kubernetes', status: 'applied', note: 'Kubernetes is mentioned.' }]);
    const missing = rewrite(2, 'mention their Rust compiler work');
    expect(missing.out).toBe(missing.before);
    expect(missing.notes).toEqual([
      {
        request: 'mention their Rust compiler work',
        status: 'not_applied',
        note: 'Nothing found about Priya Raman mentions Rust compiler work, and a message states only what the research found.',
      },
    ]);
  });

  it('drop the question: dropped from a follow-up; the last message keeps the question that is its call to action, and says so', () => {
    // A follow-up that asks the reader something, as the drafts' question-led second messages do.
    const asking =
      'Hey Priya,\n\nYour work as a Staff Engineer at Ledgerline caught my eye. How does your team turn conference speaker lists into outreach today? That is the job Greenroom does.\n\nCheers,\nRobin Vale';
    const follow = rewrite(2, 'drop the question', asking);
    expect(follow.out).not.toMatch(/\?/);
    expect(follow.notes[0]).toMatchObject({ status: 'applied', note: 'The question was dropped.' });
    const last = rewrite(3, 'drop the question');
    expect(last.out).toMatch(/open to a 15-minute call next week\?/i);
    expect(last.notes[0]).toMatchObject({ status: 'not_applied', note: expect.stringMatching(/keeps its question: it is the call to action/) });
  });

  it('in German: the text stays as it was (not written afresh in English) and the answer says why', () => {
    for (const instruction of ['in German', 'translate it into French', 'rewrite this auf Deutsch']) {
      const r = rewrite(2, instruction);
      expect(r.out).toBe(r.before);
      expect(r.notes).toHaveLength(1);
      expect(r.notes[0]).toMatchObject({ status: 'not_applied', note: expect.stringMatching(/writes English only/) });
    }
  });

  it('follows the parts it can of a mixed instruction and names the one it cannot', () => {
    const r = rewrite(2, 'shorter, in Spanish');
    expect(r.out.length).toBeLessThan(r.before.length);
    expect(r.notes.map((n) => [n.request, n.status])).toEqual([
      ['shorter', 'applied'],
      ['in Spanish', 'not_applied'],
    ]);
  });

  it('make it shorter and drop the buzzwords: both followed', () => {
    const buzzy = rewrite(2, 'noop').before.replace(/^(Hey Priya,\n\n)/, '$1Greenroom leverages cutting-edge synergy. ');
    expect(buzzy).toMatch(/synergy/);
    const r = rewrite(2, 'make it shorter and drop the buzzwords', buzzy);
    expect(r.out).not.toMatch(/leverag|cutting-edge|synergy/i);
    expect(r.notes).toEqual([
      { request: 'make it shorter', status: 'applied', note: `Shortened from ${buzzy.length} to ${r.out.length} characters.` },
      { request: 'drop the buzzwords', status: 'applied', note: 'Buzzwords were swapped for plain words.' },
    ]);
  });

  it('says when a phrase to replace is not in the text', () => {
    const r = rewrite(3, 'replace "zebra" with "horse"');
    expect(r.out).toBe(r.before);
    expect(r.notes).toEqual([
      { request: 'replace "zebra" with "horse"', status: 'not_applied', note: '“zebra” is not in the text, so there was nothing to replace.' },
    ]);
  });

  it('says when an instruction it cannot read was approximated by writing the message afresh', () => {
    const r = rewrite(1, 'make it pop');
    expect(r.out).not.toBe(r.before);
    expect(r.notes).toEqual([{ request: 'make it pop', status: 'approximated', note: expect.stringMatching(/written afresh/) }]);
  });

  it('never returns the same text without a note that says why, across generated speakers and common instructions', () => {
    const instructions = [
      'shorter',
      'more formal',
      'more casual',
      'mention Kubernetes',
      'drop the question',
      'in German',
      'remove links',
      'add the CTA',
      'mention the talk',
      'make it pop',
      'under 200 characters',
    ];
    for (let i = 0; i < 20; i++) {
      const run = setup(generatedSpeaker(i), generatedCampaign(i));
      for (const instruction of instructions) {
        for (const slot of [1, 2, 3] as const) {
          const r = run(slot, instruction);
          expect(r.notes.length, instruction).toBeGreaterThan(0);
          for (const n of r.notes) expect(n.note.length).toBeGreaterThan(10);
          // Same text: a note says it was not applied, or that there was nothing to do.
          if (r.out === r.before)
            expect(
              r.notes.some((n) => n.status === 'not_applied' || /already|no |nothing|was not in/i.test(n.note)),
              `${instruction} [${slot}] ${JSON.stringify(r.notes)}`,
            ).toBe(true);
        }
      }
    }
  });
});
