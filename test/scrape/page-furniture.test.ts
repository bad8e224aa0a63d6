/**
 * What a programme puts around its talks that is no talk and no person: the slot that opens or closes
 * the day ("Welcome address", "Closing words", "Velkommen ved …"), a bracket of logistics after a
 * title ("(limited seats ~25)", "(sold out)", "(room 3)"). Each page is written here, served on
 * loopback and read through the guarded fetch and the dispatcher.
 */
import { describe, expect, it } from 'vitest';
import { extractHtml } from './loopback-pages.js';

const page = (body: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Programme</title></head><body><nav><a href="/">Home</a></nav>${body}<footer>© Harbour Conference</footer></body></html>`;

const talksByName = (out: Awaited<ReturnType<typeof extractHtml>>): Record<string, string[]> =>
  Object.fromEntries(out.speakers.map((s) => [s.name, s.talks.map((t) => t.title)]));

describe('the slot that opens or closes the day', () => {
  it('is no talk of the person giving it, in a programme table', async () => {
    const row = (time: string, title: string, who: string) => `<tr><td>${time}</td><td>${title}</td><td>${who}</td></tr>`;
    const out = await extractHtml(
      page(
        `<h1>Programme</h1><table><tr><th>Time</th><th>Session</th><th>Speaker</th></tr>${[
          row('9.15 - 9.30', 'Welcome address', 'Professor Ingrid Solberg, Dean of Arts'),
          row('9.30 - 10.30', 'Pilgrim Roads of the North Sea', 'Dr Malik Haddad, Harbour University'),
          row('10.30 - 11.00', 'Morning tea', ''),
          row('11.00 - 12.00', 'Ritual and the Market Square', 'Dr Teresa Lobo, Kelp Institute'),
          row('16.00 - 16.15', 'Closing words', 'Dr Piet Maas, Harbour University'),
        ].join('')}</table>`,
      ),
    );
    expect(talksByName(out)).toEqual({
      'Ingrid Solberg': [],
      'Malik Haddad': ['Pilgrim Roads of the North Sea'],
      'Teresa Lobo': ['Ritual and the Market Square'],
      'Piet Maas': [],
    });
  });

  it('given by someone named after it, is no talk either', async () => {
    const slot = (title: string, who: string) =>
      `<div class="session"><h2 class="title"><span>${title}</span></h2><div class="field"><label class="speaker">Speaker</label><a href="/users/${who.length}">${who}</a></div></div>`;
    const out = await extractHtml(
      page(
        `<h1>Program</h1>${[
          slot('Velkommen ved leder i foreningen, Aoife Kelly', 'aoifek'),
          slot('Caching without tears', 'wrenash'),
          slot('Migrating a monolith, one module at a time', 'colmf'),
        ].join('')}`,
      ),
    );
    expect(talksByName(out)).toEqual({
      aoifek: [],
      wrenash: ['Caching without tears'],
      colmf: ['Migrating a monolith, one module at a time'],
    });
  });
});

describe('a bracket of logistics after a title', () => {
  it('is left off the title: seats, a sold-out mark, a room; a bracket that is part of the title stays', async () => {
    const cell = (title: string, name: string) =>
      `<td><a href="https://archive.example.org/talks/#${encodeURIComponent(title)}">${title}</a> (<a href="https://archive.example.org/talks/#${encodeURIComponent(name)}">${name}</a>)</td>`;
    const out = await extractHtml(
      page(
        `<h2>Tuesday (Workshops)</h2><table><thead><tr><th>Time</th><th>Room A</th><th>Room B</th></tr></thead><tbody><tr><td>09:30</td>${cell(
          'Reversing radio firmware (limited seats ~25)',
          'Ines Okafor',
        )}${cell('Lock picking for beginners (sold out)', 'Tomas Brekke')}</tr><tr><td>13:30</td>${cell('Threat hunting with open data (room 3)', 'Amara Lindqvist')}${cell(
          'The (not so) quiet network',
          'Jonas Feldmann',
        )}</tr><tr><td>15:00</td>${cell('Fuzzing parsers in an afternoon', 'Wren Ashdown')}${cell('Writing detection rules together', 'Colm Farrelly')}</tr></tbody></table>`,
      ),
    );
    expect(talksByName(out)).toEqual({
      'Ines Okafor': ['Reversing radio firmware'],
      'Tomas Brekke': ['Lock picking for beginners'],
      'Amara Lindqvist': ['Threat hunting with open data'],
      'Jonas Feldmann': ['The (not so) quiet network'],
      'Wren Ashdown': ['Fuzzing parsers in an afternoon'],
      'Colm Farrelly': ['Writing detection rules together'],
    });
  });
});
