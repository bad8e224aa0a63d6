/**
 * generic_filler on notes the readers of drafted campaigns marked as saying nothing of the
 * reader, read through the gate as rescore_drafts runs it (core/message-qa scoreSequence).
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { scoreSequence, type QaBrief } from '../../src/core/message-qa.js';

const settings = loadConfig({}, { GREENROOM_DB: ':memory:' }).qa;

const brief: QaBrief = {
  cta: 'Would a short call in the next couple of weeks be useful?',
  yourName: 'Jonas Berg',
  yourCompany: 'Labwise',
  yourRole: 'Founder',
  tone: 'neutral',
  pitch:
    'Labwise is a shared notebook for research groups: it shows where each figure in a paper came from, down to the data and code, without changing how the lab works.',
  positioning: 'We work with research groups that publish from shared data and code.',
  icp: { exclusions: [], competitors: [], keywords: ['research', 'data', 'statistics'], titles: ['Researcher', 'Scientist'] },
  name: 'Women in Data Science 2022',
};

// A bio with a word every note may use ("area") beside the business card.
const scientist = {
  name: 'Mira Okafor',
  title: 'Data Scientist',
  company: 'Ridewell',
  tagline: 'Data Scientist',
  bio: 'Mira Okafor is a data scientist at Ridewell. An economist by training, her main area of expertise is causal inference on marketplace experiments.',
  talks: '[]',
  signals: '[]',
  enrichment: null,
  event_name: 'Women in Data Science 2022',
  evidence: JSON.stringify({ name: 'Mira Okafor', title: 'Data Scientist', company: 'Ridewell', event: 'Women in Data Science 2022' }),
};

const sign = '\n\nBest,\nJonas Berg';

function verdict(slot: number, content: string) {
  const r = scoreSequence(scientist, brief, [{ slot, content, angle: null }], settings).get(slot);
  if (!r) throw new Error('no verdict');
  return r;
}

describe('generic_filler', () => {
  it('reads "someone else\'s area" as no word about the reader beside her business card', () => {
    const r = verdict(
      2,
      `Hi Mira,\n\nYour work as a Data Scientist at Ridewell stood out. My company makes a shared notebook called Labwise. If it is someone else's area, who should I talk to?${sign}`,
    );
    expect(r.hardFails).toContain('generic_filler');
    const own = verdict(
      2,
      `Hi Mira,\n\nYour work on causal inference for marketplace experiments stood out. My company makes a shared notebook called Labwise. If it is someone else's area, who should I talk to?${sign}`,
    );
    expect(own.hardFails).not.toContain('generic_filler');
  });

  it('flags "your name stood out" in a last note, and passes the note that names her work', () => {
    const r = verdict(
      3,
      `Hi Mira,\n\nYour name stood out in the Women in Data Science 2022 programme. Would a short call in the next couple of weeks be useful?${sign}`,
    );
    expect(r.hardFails).toContain('generic_filler');
    expect(r.approvable).toBe(false);
    const own = verdict(3, `Hi Mira,\n\nYour work on causal inference is why I wrote. Would a short call in the next couple of weeks be useful?${sign}`);
    expect(own.hardFails).not.toContain('generic_filler');
  });

  it('flags a business card said to have "come up in my reading", and passes the card pointed at plainly', () => {
    const r = verdict(
      3,
      `Hi Mira,\n\nYour work as a Data Scientist at Ridewell came up in my reading. Would a short call in the next couple of weeks be useful?${sign}`,
    );
    expect(r.hardFails).toContain('generic_filler');
    const talk = verdict(
      3,
      `Hi Mira,\n\nYour work on causal inference came up in my reading. Would a short call in the next couple of weeks be useful?${sign}`,
    );
    expect(talk.hardFails).not.toContain('generic_filler');
  });
});
