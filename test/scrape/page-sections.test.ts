/**
 * Sections decide roles in the page's own language: people under a heading that names
 * organisers, volunteers, staff or sponsors ("Organisationsteam", "Comité organizador",
 * "運営スタッフ") are not speakers; a heading of the rank the page gives its sections is a
 * section, not a talk. Each page is served on loopback and read through the guarded
 * fetch and the dispatcher.
 */
import { describe, expect, it } from 'vitest';
import { extractFixture, fieldsByName } from './loopback-pages.js';

const names = async (file: string) => (await extractFixture(file)).speakers.map((s) => [s.name, s.title, s.company]);

describe('staff sections in other languages', () => {
  it('German: the organising team, the helpers and the sponsors are no speakers', async () => {
    expect(await names('sections-other-languages.html')).toEqual([
      ['Anna Schmidt', 'Referatsleiterin', 'Landesamt für Digitalisierung'],
      ['Jonas Albrecht', 'Architekt', 'Nordlicht Systems GmbH'],
      ['Lotte Brenner', 'Produktmanagerin', 'Stadt Kesselfeld'],
    ]);
  });

  it('Spanish: the organising committee, the volunteers and the sponsors are no speakers', async () => {
    expect(await names('sections-other-languages-es.html')).toEqual([
      ['Lucía Romero', 'Ingeniera de datos', 'Datalia'],
      ['Diego Fuentes', 'CTO', 'Quillstone'],
      ['Carmen Ibáñez', 'Investigadora', 'Universidad de Sevilla'],
    ]);
  });

  it('Japanese: the event staff are no speakers', async () => {
    const out = await extractFixture('sections-other-languages-ja.html');
    expect(out.speakers.map((s) => s.name)).toEqual(['山田 花子', '佐藤 健', '鈴木 一郎']);
    expect(out.leftOut.map((l) => l.text)).toEqual(expect.arrayContaining(['高橋 誠', '伊藤 美咲']));
  });
});

describe('a section named like a programme', () => {
  it('is no talk when its heading has the rank of the sections of people; a bio sentence opening with the name is no talk either', async () => {
    const out = await extractFixture('sections-named-programme.html');
    expect(fieldsByName(out)).toEqual({
      'Wren Ashdown': ['Professor', 'Northmoor University', null],
      'Ines Okafor': [null, 'Brackenridge High School', null],
      'Tomas Brekke': [null, null, null],
      'Marit Quist': ['Women in Physics Programme Coordinator', null, null],
    });
  });
});

describe('cards the page hides', () => {
  it('leaves out a card hidden by its style among shown ones (a template, a person taken off the page)', async () => {
    const out = await extractFixture('cards-hidden-inline.html');
    expect(fieldsByName(out)).toEqual({
      'Wren Ashdown': ['Staff Attorney', 'Harwick Legal Aid', null],
      'Colm Farrelly': ['Founder and CEO', 'Quillstone', null],
      'Ines Okafor': ['Legal Systems Designer', 'Kelpware', null],
      'Tomas Brekke': ['Project Manager', 'Brightwater Clinic', null],
      'Amara Lindqvist': ['Backend Developer', 'Fjordpay', null],
    });
  });
});

describe('an index of people under labels, linking to the cards below', () => {
  it('leaves out the cards of people listed only under an organisers’ label, and keeps an organiser who speaks', async () => {
    const out = await extractFixture('index-organisers.html');
    expect(fieldsByName(out)).toEqual({
      'Wren Ashdown': ['Staff Attorney', 'Harwick Legal Aid', null],
      'Tomas Brekke': ['Project Manager', 'Brightwater Clinic', null],
      'Colm Farrelly': ['Founder and CEO', 'Quillstone', null],
      'Jonas Feldmann': ['Director', 'Cedar Institute', null],
      'Ines Okafor': ['Legal Systems Designer', 'Kelpware', null],
    });
  });
});
