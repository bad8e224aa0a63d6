import { describe, expect, it } from 'vitest';
import { article, at } from '../../src/engine/offline/templates.js';
import { firstName, isShouting, sentenceAround, sentences, stableHash, titleTokens } from '../../src/engine/offline/text.js';
import { hasLink, sanitize, stripLinks } from '../../src/engine/offline/guard.js';
import { styleOf } from '../../src/engine/offline/style.js';
import { roleCase } from '../../src/engine/offline/facts.js';
import { campaign } from './fixtures.js';

describe('firstName', () => {
  it.each([
    ['Jane Doe', 'Jane'],
    ['Dr. Jane Doe', 'Jane'],
    ['Prof. Dr. Maria Weber', 'Maria'],
    ['Doe, Jane', 'Jane'],
    ['MARIA GONZALEZ', 'Maria'],
    ['jean-luc picard', 'Jean-Luc'],
    ["O'Neil Smith", "O'Neil"],
    ['McKenzie Bell', 'McKenzie'],
    ['J. Robert Oppenheimer', 'Robert'],
    // No given name to read: the greeting carries none ("Hey,"), never "Hey there".
    ['J. Smith', ''],
    // An address or a handle is not a name; greeting "Piet" or "Bigalex" guesses one, and "Hey bigalex," greets a username.
    ['piet.jansen@example.org', ''],
    ['bigalex', ''],
    ['@pkoerner81929', ''],
    ['HonkHase', ''],
    ['codieplusplus', ''],
    ['Klondike', 'Klondike'],
    // A compound given name is said whole when a surname follows it; two words are a given name and a surname.
    ['Jose Miguel Izquierdo', 'Jose Miguel'],
    ['Ana Paula Souza Lima', 'Ana Paula'],
    ['JOSÉ MARÍA PÉREZ', 'José María'],
    ['Maria Weber Schmidt', 'Maria'],
    ['Luis Miguel', 'Luis'],
    ['   ', ''],
  ])('%s -> %s', (name, first) => {
    expect(firstName(name)).toBe(first);
  });
});

describe('text helpers', () => {
  it('hashes stably', () => {
    expect(stableHash('Priya Raman')).toBe(stableHash('Priya Raman'));
    expect(stableHash('Priya Raman')).not.toBe(stableHash('Priya Ramen'));
  });

  it('splits sentences into exact substrings of the text', () => {
    const bio = 'Ana leads SRE at Bluefin.  She speaks often!\nWhy? Because.';
    for (const s of sentences(bio)) expect(bio).toContain(s);
    expect(sentences(bio)).toHaveLength(4);
    expect(sentenceAround(bio, bio.indexOf('speaks'))).toBe('She speaks often!');
  });

  it('tells shouting from acronyms', () => {
    expect(isShouting('BUILDING A PAVED ROAD')).toBe(true);
    expect(isShouting('Scaling APIs at AWS')).toBe(false);
  });

  it('folds title spellings together', () => {
    expect(titleTokens('Vice President of Engineering')).toEqual(titleTokens('VP Eng'));
    expect(titleTokens('Chief Technology Officer')).toEqual(['cto']);
  });

  it('picks a or an by sound', () => {
    expect(['SRE', 'CTO', 'engineer', 'user', 'MVP', 'hour'].map((w) => `${article(w)} ${w}`)).toEqual([
      'an SRE',
      'a CTO',
      'an engineer',
      'a user',
      'an MVP',
      'an hour',
    ]);
  });
});

describe('guard', () => {
  it('finds and strips URLs, bare domains and e-mail addresses', () => {
    for (const t of ['see https://x.io/a', 'at www.acme.com', 'acme.io/demo', 'mail me@acme.dev']) expect(hasLink(t), t).toBe(true);
    expect(hasLink('Node.js and Vue.js')).toBe(false);
    expect(stripLinks('Book a demo at https://greenroom.example/demo.')).toBe('Book a demo.');
  });

  it('replaces spam and machine-sounding words and removes placeholders', () => {
    expect(sanitize('Our free tool is a game-changer that will unlock {{company}} growth, guaranteed.')).toBe(
      'Our tool is a big step that will open up growth, assured.',
    );
    expect(sanitize('Setup is free.')).toBe('Setup is included.');
    expect(sanitize('Re: I hope this finds you well. Quick question.')).toBe('Quick question.');
  });
});

describe('style', () => {
  it('lets the tone setting win over a clashing exemplar', () => {
    const st = styleOf(campaign({ tone: 'formal', exemplars: ['Hey Kim,\n\nSee you there!\n\nCheers,\nRobin'] }));
    expect(st.greeting).toBe('Hello');
    expect(st.signoff).toBe('Kind regards,');
  });

  it('learns length from exemplars within readable bounds', () => {
    expect(styleOf(campaign({ exemplars: ['Hi A,\n\nShort.\n\nBest,\nR'] })).followupTarget).toBe(260);
    expect(styleOf(campaign({ exemplars: ['x'.repeat(3000)] })).followupTarget).toBe(590);
  });
});

describe('roleCase', () => {
  it.each([
    ['Founder, Coordinator at GDG Kyiv', 'founder'],
    ['CEO / Founder', 'CEO'],
    // A first part with no job noun shares the last part's: never "a data".
    ['Data & Solutions Architect', 'Data & Solutions Architect'],
    ['Software developer', 'software developer'],
    ['a 3rd year PhD student', '3rd year PhD student'],
  ])('%s -> %s', (role, said) => {
    expect(roleCase(role)).toBe(said);
  });
});

describe('at: "the" before a place or an event only where English puts it', () => {
  it('says "the" before a generic noun of a place and a named conference', () => {
    expect(at('University of Bath')).toBe(' at the University of Bath');
    expect(at('Georgia Institute of Technology')).toBe(' at the Georgia Institute of Technology');
    expect(at('European Commission')).toBe(' at the European Commission');
    expect(at('European Testing Conference 2016')).toBe(' at the European Testing Conference 2016');
    expect(at('BMVA Computer Vision Summer School')).toBe(' at the BMVA Computer Vision Summer School');
  });

  it('says no "the" before a university named for a person or a place, a company or a branded event', () => {
    expect(at('Chalmers University of Technology')).toBe(' at Chalmers University of Technology');
    expect(at('Delft University of Technology')).toBe(' at Delft University of Technology');
    expect(at('Columbia University')).toBe(' at Columbia University');
    expect(at('Acme')).toBe(' at Acme');
    expect(at('RubyKaigi 2019')).toBe(' at RubyKaigi 2019');
    expect(at('Chaos Communication Camp 2019')).toBe(' at Chaos Communication Camp 2019');
  });
});
