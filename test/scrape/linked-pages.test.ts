/**
 * A speaker wall whose cards show a name and a link: the talk, and the role line a
 * card lacks, are read from the page each link opens on the same site (the speaker's
 * own page or the session's), fetched through the guarded fetch from loopback.
 */
import { describe, expect, it } from 'vitest';
import { extractFixture, fieldsByName } from './loopback-pages.js';

describe('talks on the pages the cards link to', () => {
  it('reads the talk and a missing role line from the speaker page or the session page', async () => {
    const out = await extractFixture('speaker-pages.html');
    expect(fieldsByName(out)).toEqual({
      // Own page: the role line under the name, the title under a "Talk" heading.
      'Ines Halvorsen': ['Mobile Lead', 'Fjordpay', 'Offline-first Sync Without Tears'],
      // Own page listing two sessions: the first; the card's role line is kept.
      'Tariq Osei': ['Developer Advocate', 'Kelpware', 'Shipping Accessible Apps, Together'],
      // A session page: its heading is the talk, the line under each speaker their role.
      'Joost van Dijk': ['CTO', 'Stroomnet B.V.', 'Grid Data at Port Scale'],
      'Marit Quist': ['Staff Engineer', 'bol.com', 'Grid Data at Port Scale'],
      // The page does not answer.
      'Amara Nwosu': [null, null, null],
      // The page does not name her: nothing is read from it.
      'Selin Aydın': [null, null, null],
      // A link to another site is not followed.
      'Rui Matos': [null, null, null],
      // The card gives the talk: the page is not fetched.
      'Dario Conti': [null, null, 'Threat Modelling Your Bank Account'],
      // A sidebar listing the whole programme is not her talk.
      'Mara Jovanović': ['Engineering Manager', 'Lumenworks', null],
    });
    const base = out.followed[0]?.replace(/speaker-pages\/.*$/, '') ?? '';
    expect(out.followed.map((u) => u.slice(base.length))).toEqual([
      'speaker-pages/people/ines-halvorsen.html',
      'speaker-pages/people/tariq-osei.html',
      'speaker-pages/sessions/grid-data.html',
      'speaker-pages/people/amara-nwosu.html',
      'speaker-pages/people/selin-aydin.html',
      'speaker-pages/people/mara-jovanovic.html',
    ]);
    // The evidence of a talk read elsewhere is the text of the page it came from.
    const ines = out.speakers.find((s) => s.name === 'Ines Halvorsen');
    expect(ines?.evidence.talk).toContain('Offline-first Sync Without Tears');
    expect(ines?.evidence.company).toContain('Fjordpay');
  });

  it('stops after three pages in a row that give nothing: the site keeps no talks there', async () => {
    const out = await extractFixture('speaker-pages-missing.html');
    expect(out.speakers.map((s) => s.name)).toHaveLength(5);
    expect(out.speakers.every((s) => s.talks.length === 0)).toBe(true);
    expect(out.followed.map((u) => u.replace(/^.*\/speaker-pages-missing\//, ''))).toEqual(['ines-halvorsen.html', 'tariq-osei.html', 'joost-van-dijk.html']);
  });
});
