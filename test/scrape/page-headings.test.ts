/**
 * Talks and roles told by where a heading stands: a talk heading over the line of its
 * speakers, a kind of session or a link to the slides standing where a title would.
 */
import { describe, expect, it } from 'vitest';
import { extractFixture, fieldsByName } from './loopback-pages.js';

describe('headings over speakers', () => {
  it('gives the speakers under a talk heading that talk, not the heading after them', async () => {
    const out = await extractFixture('talk-heading-above-names.html');
    expect(fieldsByName(out)).toEqual({
      'Wren Ashdown': ['Head of Research', 'Quillstone', 'Who Watches the Watchers?'],
      'Colm Farrelly': [null, null, 'Certificates Nobody Rotates'],
      'Ines Okafor': [null, null, 'Shipping a Honeypot in an Afternoon'],
      'Tomas Brekke': [null, null, 'Shipping a Honeypot in an Afternoon'],
      'Amara Lindqvist': [null, null, 'Ransomware Management and Response Tactics'],
      'Jonas Feldmann': [null, null, 'Threat Models for Tiny Teams'],
    });
  });
});

describe('what stands where a talk or a role would', () => {
  it('reads no talk from a session kind or a link to the slides, and keeps a DBA or SRE role whole', async () => {
    const out = await extractFixture('session-kinds-and-controls.html');
    expect(fieldsByName(out)).toEqual({
      'Wren Ashdown': ['Chief DBA', null, 'Replication Without Tears'],
      'Colm Farrelly': ['PostgreSQL DBA', null, null],
      'Ines Okafor': ['Lead SRE', null, 'Queues Without a Broker'],
      'Tomas Brekke': ['Programmer', null, null],
    });
  });
});

describe('schedule rows', () => {
  it('takes the line above the name in the name’s own cell as the talk', async () => {
    const out = await extractFixture('schedule-cell-title-above-name.html');
    expect(fieldsByName(out)).toEqual({
      'Wren Ashdown': [null, null, 'Time Zones Are a Social Construct'],
      'Colm Farrelly': [null, null, 'GraphQL'],
      'Ines Okafor': [null, null, 'Serialising Everything Twice'],
      'Tomas Brekke': [null, null, 'The Garbage Collector Is Your Friend'],
      'Amara Lindqvist': [null, null, 'Eager Loading Without Regret'],
    });
  });
});

describe('a heading inside the card above the name', () => {
  it('is the card’s session when most cards open with one', async () => {
    const out = await extractFixture('card-heading-above-name.html');
    const talks = Object.fromEntries(out.speakers.map((s) => [s.name, s.talks[0]?.title ?? null]));
    expect(talks).toEqual({
      'Wren Ashdown': 'Modelling Payments End to End',
      'Colm Farrelly': 'Event Storming Masterclass',
      'Ines Okafor': 'Essential Modelling',
      'Tomas Brekke': 'Strategic Design',
    });
  });
});

describe('nicknames between the names', () => {
  it('matches a programme line to a card whether the nickname in quotes is on the card or in the line', async () => {
    const out = await extractFixture('programme-nicknames.html');
    expect(fieldsByName(out)).toEqual({
      'Wren "Sparky" Ashdown': ['Agile Coach', 'Quillstone', 'Retrospectives That Change Something'],
      'Colm Farrelly': ['Delivery Lead', 'Brightwater', 'The Backlog Is Not a Wishlist'],
      'Ines Okafor': ['Product Owner', 'Larkspur Health', 'Outcomes Over Output, With Numbers'],
      'Tomas Brekke': ['Engineering Manager', 'Nordform', 'Managers Who Pair'],
    });
  });
});

describe('a talk heading under the name with a short abstract', () => {
  it('is the talk, in the section of conferences as in that of lightning talks, its closing full stop left off', async () => {
    const out = await extractFixture('talk-heading-short-abstract.html');
    expect(fieldsByName(out)).toEqual({
      'Wren Ashdown': [null, null, 'Des formulaires qui ne mentent pas'],
      'Colm Farrelly': [null, null, 'Réparer la culture de son entreprise'],
      'Bo Berg': [null, null, 'Dessiner sans avoir peur'],
      'Ines Okafor': [null, null, "De l'esquisse au projet"],
      'Tomas Brekke': [null, null, 'Mieux relire avec son équipe grâce aux commentaires'],
      'Amara Lindqvist': [null, null, 'Vérifier une page sans écrire de tests'],
    });
  });
});

describe('a workshop description with headings of its own', () => {
  it('reads the session title, never "What you’ll learn", "Who is it for?" or "Requirements"', async () => {
    const out = await extractFixture('workshop-description-parts.html');
    expect(fieldsByName(out)).toEqual({
      'Wren Ashdown': ['Content Engineer', 'Quillstone', 'Expanding your Grid Toolkit'],
      'Colm Farrelly': ['Senior Software Engineer', 'Kelpware', 'Optimising the Paint Path'],
      'Ines Okafor': ['Front-end Engineer', 'Brightwater', 'Introduction to Visual Regression Testing'],
      'Tomas Brekke': ['Developer/Designer', 'Larkspur', 'Choose your own Refactoring Path!'],
      'Amara Lindqvist': ['Senior Product Designer', 'Fjordpay', 'Choose your own Refactoring Path!'],
    });
  });
});
