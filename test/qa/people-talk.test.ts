/**
 * A talk about people (diversity, careers, wellbeing, stress) is no opening for a product: a
 * second message that pitches off it, or a last note that rests its call on it alone, is
 * pitch_after_people_talk. A load-testing talk ("stress testing") is about software, and a last
 * note that names the reader's own work beside the talk rests its call on that work.
 */
import { describe, expect, it } from 'vitest';
import { scoreMessage } from '../../src/qa/score.js';
import { ALL_CONTEXTS } from './corpus/contexts.js';

const base = ALL_CONTEXTS.rachel;
const withTalk = (talk: string) => ({
  ...base,
  speaker: { ...base.speaker, talks: [talk], evidence: { ...base.speaker.evidence, talk } },
  grounding: `${base.grounding}\n${talk}`,
  otherSlots: [],
});
const last = (talk: string, body: string) =>
  scoreMessage({ ...withTalk(talk), slot: 3, content: `Hi Rachel,\n\n${body} Would a short call in the next couple of weeks be useful?\n\nBest,\nJonas Berg` })
    .hardFails;

describe('a last note resting its call on a talk about people', () => {
  it('flags a talk on stress or careers named as the only reason for the call', () => {
    expect(last('Dealing with Stress in the Lab', 'Your talk "Dealing with Stress in the Lab" is where this began.')).toContain('pitch_after_people_talk');
    expect(last('Careers After the PhD', 'Your talk "Careers After the PhD" is why I wrote.')).toContain('pitch_after_people_talk');
  });

  it('passes a load-testing talk, and a note that names their own work beside the talk', () => {
    expect(last('Stress Testing Lab Data Pipelines', 'Your talk "Stress Testing Lab Data Pipelines" is where this began.')).not.toContain(
      'pitch_after_people_talk',
    );
    expect(last('Careers After the PhD', 'Your gravity papers, more than your talk "Careers After the PhD", are why I wrote.')).not.toContain(
      'pitch_after_people_talk',
    );
  });
});
