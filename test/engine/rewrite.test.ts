import { describe, expect, it } from 'vitest';
import { enrichSpeaker } from '../../src/engine/offline/enrich.js';
import { draftSlots } from '../../src/engine/offline/draft.js';
import { parseInstruction } from '../../src/engine/offline/instructions.js';
import { researchSpeaker } from '../../src/engine/offline/research.js';
import { rewriteSlot } from '../../src/engine/offline/rewrite.js';
import type { CampaignBrief, SlotNumber, SpeakerInput } from '../../src/engine/types.js';
import { LINK, quotesGrounded } from './draft-helpers.js';
import { NO_TITLE, SENIOR_ENGINEER, campaign, generatedCampaign, generatedSpeaker } from './fixtures.js';

const DEMO_CTA = 'Book a demo at https://greenroom.example/demo';

function setup(s: SpeakerInput = SENIOR_ENGINEER, c: CampaignBrief = campaign({ cta: DEMO_CTA })) {
  const signals = researchSpeaker(s, enrichSpeaker(s), c);
  const slots = draftSlots(s, signals, c);
  const rewrite = (slot: SlotNumber, instruction: string, content = slots[slot - 1].content) =>
    rewriteSlot({ slot, content, instruction, speaker: s, signals, campaign: c, otherSlots: slots.filter((x) => x.slot !== slot) });
  return { s, c, signals, slots, rewrite };
}

describe('rewrite instructions', () => {
  const { slots, signals, rewrite } = setup();

  it('shortens by whole sentences and keeps the CTA in slot 3', () => {
    for (const slot of [1, 2, 3] as const) {
      const out = rewrite(slot, 'Make it shorter');
      expect(out.length).toBeLessThan(slots[slot - 1].content.length);
      expect(out).toMatch(/[.!?]$|\n.+$/);
    }
    expect(rewrite(3, 'shorten').toLowerCase()).toContain(DEMO_CTA.toLowerCase());
    // The pitch survives shortening, said in the reader's terms rather than pasted.
    expect(rewrite(2, 'shorten')).toContain('Greenroom');
    expect(rewrite(2, 'shorten')).not.toContain('Greenroom turns conference speaker lists');
  });

  it('shortens by whole sentences only: "make it shorter" never leaves a sentence cut off', () => {
    for (let i = 0; i < 30; i++) {
      const s = generatedSpeaker(i);
      const c = generatedCampaign(i);
      const signals = researchSpeaker(s, enrichSpeaker(s), c);
      const slots = draftSlots({ ...s, turn: i }, signals, c);
      for (const slot of [2, 3] as const) {
        const out = rewriteSlot({ slot, content: slots[slot - 1].content, instruction: 'Make it shorter', speaker: s, signals, campaign: c, otherSlots: [] });
        // Every sentence left is one the draft had, whole.
        for (const sentence of out.split(/\n+|(?<=[.!?])\s+(?=\p{Lu})/u).filter(Boolean))
          expect(slots[slot - 1].content.toLowerCase(), out).toContain(sentence.toLowerCase());
      }
    }
  });

  it('honours a character or word limit', () => {
    expect(rewrite(1, 'keep it under 120 characters').length).toBeLessThanOrEqual(120);
    expect(rewrite(2, 'no more than 200 chars').length).toBeLessThanOrEqual(200);
    expect(rewrite(3, 'max 30 words').split(/\s+/).length).toBeLessThanOrEqual(30);
    expect(rewrite(3, 'max 30 words').toLowerCase()).toContain(DEMO_CTA.toLowerCase());
  });

  it('moves between casual and formal wording without touching the quoted title', () => {
    const formal = rewrite(1, 'make it more formal');
    expect(formal).toMatch(/^Hello Priya/);
    expect(formal).not.toMatch(/\bI'm\b|!/);
    expect(formal).toContain('"Tracing Payments Across 40 Services"');
    const letter = rewrite(2, 'more professional please');
    expect(letter).toMatch(/Kind regards,\nRobin Vale$/);
    const casual = rewrite(2, 'make it more casual', letter);
    expect(casual).toMatch(/^Hey Priya/);
    expect(casual).toContain('Cheers,');
  });

  it('removes the link', () => {
    const out = rewrite(3, 'remove the link');
    expect(out).not.toMatch(LINK);
    expect(out).toMatch(/book a demo\./i);
  });

  it('mentions the talk when a signal has it, and only then', () => {
    const out = rewrite(2, 'mention their talk');
    expect(out).toContain('"Tracing Payments Across 40 Services"');
    expect(quotesGrounded(out, signals)).toBe(true);
    const bare = setup({ ...NO_TITLE, talks: [] });
    expect(bare.rewrite(2, 'mention their talk')).toBe(bare.slots[1].content);
  });

  it('adds the CTA where it is missing, without a link in slot 1', () => {
    expect(rewrite(2, 'add the CTA').toLowerCase()).toContain(DEMO_CTA.toLowerCase());
    const note = rewrite(1, 'include the call to action');
    expect(note).toMatch(/book a demo/i);
    expect(note).not.toMatch(LINK);
    expect(note.length).toBeLessThanOrEqual(300);
  });

  it('drops a named word or phrase and replaces X with Y', () => {
    const dropped = rewrite(2, 'remove the phrase "this seemed worth a mention"');
    expect(dropped).not.toContain('this seemed worth a mention');
    expect(rewrite(2, 'drop the word Cheers')).not.toContain('Cheers');
    const replaced = rewrite(3, 'replace "demo" with "walkthrough"');
    expect(replaced).toMatch(/book a walkthrough/i);
    expect(rewrite(1, 'use "Hello" instead of "Hey"')).toMatch(/^Hello Priya/);
  });

  it('never puts a link into the first message, whatever the instruction', () => {
    const out = rewrite(1, 'replace "Mind if we connect?" with "See https://greenroom.example"');
    expect(out).not.toMatch(LINK);
  });

  it('regenerates from templates when the instruction is not understood', () => {
    const out = rewrite(1, 'lean on Kubernetes more');
    expect(out).not.toBe(slots[0].content);
    expect(out).toContain('Kubernetes');
    expect(out.length).toBeLessThanOrEqual(300);
    expect(quotesGrounded(out, signals)).toBe(true);
    expect(rewrite(1, 'lean on Kubernetes more')).toBe(out);
  });

  it('can leave the talk out on request', () => {
    const out = rewrite(1, "don't talk about the session, keep it personal");
    expect(out).not.toContain('"');
  });
});

describe('rewrite keeps slot rules for any instruction', () => {
  const instructions = ['shorter', 'more formal', 'casual', 'remove links', 'mention the talk', 'add the CTA', 'make it pop', 'under 80 characters'];
  it('stays within limits and grounded across generated speakers', () => {
    for (let i = 0; i < 60; i++) {
      const { signals, rewrite, c } = setup(generatedSpeaker(i), generatedCampaign(i));
      for (const instruction of instructions) {
        for (const slot of [1, 2, 3] as const) {
          const out = rewrite(slot, instruction);
          expect(out.length).toBeGreaterThan(0);
          expect(out.length).toBeLessThanOrEqual(slot === 1 ? 300 : 1000);
          if (slot === 1) expect(out).not.toMatch(LINK);
          if (slot === 3 && instruction !== 'remove links' && instruction !== 'under 80 characters') {
            expect(out.toLowerCase()).toContain(c.cta.toLowerCase().replace(/[.!?]$/, ''));
          }
          expect(quotesGrounded(out, signals), out).toBe(true);
        }
      }
    }
  });
});

describe('parseInstruction', () => {
  it('reads limits, tone and phrase edits', () => {
    expect(parseInstruction('Keep it under 250 characters')).toMatchObject({ maxChars: 250, maxWords: null });
    expect(parseInstruction('50 words max')).toMatchObject({ maxWords: 50, maxChars: null });
    expect(parseInstruction('less formal').register).toBe('casual');
    expect(parseInstruction('less casual').register).toBe('formal');
    expect(parseInstruction('Remove the URL').removeLinks).toBe(true);
    expect(parseInstruction('swap "synergy" for "fit"').replaces).toEqual([['synergy', 'fit']]);
    expect(parseInstruction('change demo to walkthrough').replaces).toEqual([['demo', 'walkthrough']]);
    expect(parseInstruction("don't say 'circle back'").drops).toEqual(['circle back']);
    expect(parseInstruction('remove the link').drops).toEqual([]);
  });
});
