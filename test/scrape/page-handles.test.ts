/**
 * A handle as a person's only name ("k3rnelpanic", "tidepool" beside "@tidepool"): kept as
 * a speaker and marked, so nothing downstream greets it as a name. A plain word in the
 * name slot with no handle evidence ("reception") is nobody. Served on loopback and read
 * through the guarded fetch and the dispatcher.
 */
import { describe, expect, it } from 'vitest';
import { extractFixture, extractHtml } from './loopback-pages.js';

describe('handle-only names', () => {
  it('keeps a handle standing in the name slot and marks it; full names stay unmarked', async () => {
    const out = await extractFixture('handle-only-names.html');
    expect(out.speakers.map((s) => [s.name, s.nameIsHandle ?? false])).toEqual([
      ['Lena Kraus', false],
      ['tidepool', true],
      ['Omar Saleh', false],
      ['k3rnelpanic', true],
      ['Ruth Ambrose', false],
    ]);
  });
});

describe('a handle written after the name', () => {
  const page = (body: string): string =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Schedule</title></head><body><h1>Schedule</h1>${body}<footer>© Harbour Security Day</footer></body></html>`;

  it('after a dash or a space, is left off the name in a "Title (Name)" agenda, and the line is no person of its own', async () => {
    const cell = (title: string, name: string) =>
      `<td><a href="https://archive.example.org/talks/#${encodeURIComponent(title)}">${title}</a> (<a href="https://archive.example.org/talks/#${encodeURIComponent(name)}">${name}</a>)</td>`;
    const out = await extractHtml(
      page(
        `<table><thead><tr><th>Time</th><th>Track 1</th><th>Track 2</th></tr></thead><tbody><tr><td>10:00</td>${cell('Not So Quiet', 'Ines Okafor - @byteshift')}${cell(
          'Fuzzing parsers in an afternoon',
          'Wren Ashdown',
        )}</tr><tr><td>11:00</td>${cell('Writing detection rules together', 'Colm Farrelly @colmf')}${cell('Threat hunting with open data', 'Amara Lindqvist')}</tr><tr><td>12:00</td>${cell(
          'Reversing radio firmware',
          'Tomas Brekke',
        )}${cell('Lock picking for beginners', 'Jonas Feldmann')}</tr></tbody></table>`,
      ),
    );
    expect(out.speakers.map((s) => [s.name, s.talks[0]?.title ?? null])).toEqual([
      ['Ines Okafor', 'Not So Quiet'],
      ['Wren Ashdown', 'Fuzzing parsers in an afternoon'],
      ['Colm Farrelly', 'Writing detection rules together'],
      ['Amara Lindqvist', 'Threat hunting with open data'],
      ['Tomas Brekke', 'Reversing radio firmware'],
      ['Jonas Feldmann', 'Lock picking for beginners'],
    ]);
  });

  it('after a dash in brackets, is left off a presenter linked to their profile in a schedule table', async () => {
    const row = (time: string, who: string, talk: string) =>
      `<tr><td>${time}</td><td>${who ? `<a href="/speakers#${who.length}"> ${who} </a>` : '-'}</td><td>${talk ? `<em>${talk}</em>` : 'BREAK'}</td></tr>`;
    const out = await extractHtml(
      page(
        `<table><thead><tr><th>Starting time</th><th>Presenter</th><th>Presentation</th></tr></thead><tbody>${[
          row('9:00 AM', 'Malik Haddad', 'Beyond the Perimeter'),
          row('10:00 AM', '', ''),
          row('10:30 AM', 'Sunniva - (NightOwlSec)', 'Sleeping Well after an Incident'),
          row('11:15 AM', 'Teresa Lobo', 'Purple Teams in Small Shops'),
        ].join('')}</tbody></table>`,
      ),
    );
    expect(out.speakers.map((s) => [s.name, s.talks[0]?.title ?? null])).toEqual([
      ['Malik Haddad', 'Beyond the Perimeter'],
      ['Sunniva', 'Sleeping Well after an Incident'],
      ['Teresa Lobo', 'Purple Teams in Small Shops'],
    ]);
  });
});
