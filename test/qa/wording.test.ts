/**
 * The gate's date comes from its caller's clock: a wish for a talk is wrong once the
 * event's year is over, right before it, and not judged at all without a clock.
 */
import { describe, expect, it } from 'vitest';
import { scoreMessage } from '../../src/qa/score.js';
import { ALL_CONTEXTS } from './corpus/contexts.js';

const wish =
  'Hi Mel,\n\nWould a short call in the next couple of weeks be useful for your plasma figures? Either way, good luck with your talk at CUWiP.\n\nBest,\nJonas Berg';
const input = (today?: Date) => ({ ...ALL_CONTEXTS.mel, slot: 3 as const, content: wish, otherSlots: [], ...(today ? { today } : {}) });

describe('luck wished for a talk already given', () => {
  it('is flagged once the year of the event (CUWiP 2018) is over, by the clock it is given', () => {
    const r = scoreMessage(input(new Date('2019-02-01T00:00:00Z')));
    expect(r.hardFails).toContain('past_event_wish');
    expect(r.fixHints).toContainEqual(
      expect.objectContaining({
        code: 'past_event_wish',
        action: 'rescore',
        fix: 'rewrite',
        hint: expect.stringContaining('for an event of 2018, which is over'),
      }),
    );
  });

  it('is fine in the year of the event, and left alone without a clock', () => {
    expect(scoreMessage(input(new Date('2018-03-01T00:00:00Z'))).hardFails).not.toContain('past_event_wish');
    expect(scoreMessage(input()).hardFails).not.toContain('past_event_wish');
  });

  it('leaves a talk spoken of in the past alone', () => {
    const past = {
      ...input(new Date('2026-03-01T00:00:00Z')),
      content: wish.replace('Either way, good luck with your talk at CUWiP.', 'Your panel at CUWiP stayed with me.'),
    };
    expect(scoreMessage(past).hardFails).not.toContain('past_event_wish');
  });
});

describe('greetings and hedges', () => {
  it('takes "Hey there" for a name the greeting cannot carry, not for a name it can', () => {
    const note = 'Hey there, your QCon talk on event sourcing at Ledgerly stood out. Open to connecting?';
    expect(scoreMessage({ ...ALL_CONTEXTS.priya, slot: 1, content: note, otherSlots: [] }).hardFails).toContain('anonymous_greeting');
    const cjk = { ...ALL_CONTEXTS.priya, speaker: { ...ALL_CONTEXTS.priya.speaker, name: '滕云' } };
    expect(scoreMessage({ ...cjk, slot: 1, content: note, otherSlots: [] }).hardFails).not.toContain('anonymous_greeting');
    // An initial or a handle gives no given name to greet by: "Hey there" is then the honest greeting.
    for (const name of ['J. Smith', 'bigalex', 'pkoerner81929']) {
      const nameless = { ...ALL_CONTEXTS.priya, speaker: { ...ALL_CONTEXTS.priya.speaker, name } };
      expect(scoreMessage({ ...nameless, slot: 1, content: note, otherSlots: [] }).hardFails, name).not.toContain('anonymous_greeting');
    }
  });

  it('reads "your diary. Your work on …" as two sentences, not an area of work called "diary. Your"', () => {
    const content = `Hi John,\n\nWould a short call help? I'm happy to work around your diary. Your work on sharding at Shopify is what made me write.\n\nBest,\nJonas Berg`;
    const r = scoreMessage({ ...ALL_CONTEXTS.john, slot: 3, content, otherSlots: [] });
    expect(r.reasons.join(' ')).not.toContain('diary. Your');
  });

  it('takes one hedge, not two in the same question', () => {
    const ask = (q: string) =>
      scoreMessage({
        ...ALL_CONTEXTS.john,
        slot: 1,
        content: `Hi John, your PGConf talk on sharding checkout writes at Shopify stood out. ${q}`,
        otherSlots: [],
      }).hardFails;
    expect(ask('Mind if we connect, if that works for you?')).toContain('doubled_hedge');
    expect(ask('Mind if we connect?')).not.toContain('doubled_hedge');
    expect(ask('Open to connecting, if that works for you?')).not.toContain('doubled_hedge');
  });
});

describe('a talk already given called one to catch', () => {
  const note = (c: string) => ({ ...ALL_CONTEXTS.mel, slot: 1 as const, content: c, otherSlots: [] as [], today: new Date('2026-03-01T00:00:00Z') });
  it('is flagged once the event is over, and passes said as what caught the eye', () => {
    const catching = "Hi Mel, your panel at CUWiP sounds like a session worth catching. I'm Jonas Berg, founder of Labwise. Could we connect?";
    expect(scoreMessage(note(catching)).hardFails).toContain('past_event_wish');
    expect(scoreMessage(note(catching.replace('sounds like a session worth catching', 'caught my attention'))).hardFails).not.toContain('past_event_wish');
  });
});
