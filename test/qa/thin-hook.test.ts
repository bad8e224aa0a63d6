/**
 * A first follow-up whose only words about its reader are their business card (job title,
 * employer) or one bare topic word ("your work on Kotlin"): generic_filler, while the same
 * note with something of theirs (what they write about, a talk) passes, and a connection
 * note may still point back at the card. A last note that names only the card is filler too.
 */
import { describe, expect, it } from 'vitest';
import { scoreMessage } from '../../src/qa/score.js';
import { ALL_CONTEXTS } from './corpus/contexts.js';

const jean = { ...ALL_CONTEXTS.jean, otherSlots: [] };
const body = (text: string) => `Hey Jean,\n\n${text}\n\nCheers,\nDana Kim`;
const ask = 'How does your team find out which request got slow? That is what Tracewise does.';
const codes = (slot: 1 | 2 | 3, content: string) => scoreMessage({ ...jean, slot, content }).hardFails;

describe('a follow-up that says only what is on their business card', () => {
  it('flags a first follow-up that names only their employer or job title', () => {
    expect(codes(2, body(`Your work at Lumio stuck with me. ${ask}`))).toContain('generic_filler');
    expect(codes(2, body(`Your job as an Android Developer at Lumio prompted this note. ${ask}`))).toContain('generic_filler');
  });

  it('flags a first follow-up whose reason is one bare topic word', () => {
    expect(codes(2, body(`Your work on Kotlin got my attention. ${ask}`))).toContain('generic_filler');
  });

  it('passes the same follow-up once it names something of theirs, and the card in a connection note', () => {
    expect(codes(2, body(`Your posts on Kotlin coroutines for the Lumio apps stuck with me. ${ask}`))).not.toContain('generic_filler');
    expect(codes(1, 'Hey Jean, your work at Lumio caught my eye. I build Android apps too. Open to connecting?')).not.toContain('generic_filler');
  });

  it('flags a last note whose only words about them are the card, and passes one that points back at their field', () => {
    // Readers marked 23 of 26 such last notes of the dev sample as filler.
    expect(codes(3, body('Your work at Lumio prompted my first note. Open to a short call next week?'))).toContain('generic_filler');
    expect(codes(3, body('Open to a short call next week? I would keep it to how things run at Lumio.'))).toContain('generic_filler');
    expect(codes(3, body('Your work on Kotlin made me write. Open to a short call next week?'))).not.toContain('generic_filler');
  });

  it('reads an employer the message names as where they work as their card, though the page gave no company', () => {
    const ctx = { ...jean, speaker: { ...jean.speaker, company: null, title: null }, grounding: `${jean.grounding}\nHe is the president of Brightline Inc.` };
    const hard = (slot: 2 | 3, content: string) => scoreMessage({ ...ctx, slot, content }).hardFails;
    expect(hard(2, body(`Your work at Brightline is why I'm writing. ${ask}`))).toContain('generic_filler');
    expect(hard(3, body('Back to your work at Brightline: open to a short call next week?'))).toContain('generic_filler');
  });

  it('reads a job title the message gives them as their card, though the page gave no title', () => {
    const ctx = {
      ...jean,
      speaker: { ...jean.speaker, company: 'Brightline', title: null },
      grounding: `${jean.grounding}\nHe is a mobile engineer at Brightline.`,
    };
    const hard = (content: string) => scoreMessage({ ...ctx, slot: 2, content }).hardFails;
    expect(hard(body(`I enjoyed reading about your work as a mobile engineer at Brightline. ${ask}`))).toContain('generic_filler');
    expect(hard(body(`Your posts on Kotlin coroutines, written as a mobile engineer at Brightline, stuck with me. ${ask}`))).not.toContain('generic_filler');
  });

  it('passes a first follow-up that names a talk of theirs, even one whose words their job title shares', () => {
    const talk = 'Faster Android Builds';
    const ctx = { ...jean, speaker: { ...jean.speaker, talks: [talk], evidence: { talk } }, grounding: `${jean.grounding}\nTalk: ${talk}` };
    const hard = (content: string) => scoreMessage({ ...ctx, slot: 2, content }).hardFails;
    expect(hard(body(`Your talk "${talk}" is why I thought of you. ${ask}`))).not.toContain('generic_filler');
    // The session kind alone is no talk of theirs.
    expect(codes(2, body(`Your talk "Keynote" is why I thought of you. ${ask}`))).toContain('generic_filler');
    // Their session said by its event ("your DevFest talk") is theirs too, when the page gives them one.
    expect(hard(body(`Your DevFest Lyon talk is why I thought of you. ${ask}`))).not.toContain('generic_filler');
    // Without a talk on their page, the same line claims one.
    expect(codes(2, body(`Your DevFest Lyon talk is why I thought of you. ${ask}`))).toContain('ungrounded_claim');
  });
});
