/**
 * Values a page shows beside the right one, each a whole page served on loopback and read
 * through the guarded fetch and the dispatcher: a session kind before the talk's title, a
 * flag beside the name, a role field holding "Role at Company", a short German bio read as
 * a role line, a company line with a web address appended or naming two organisations; and
 * a session card whose speakers stand side by side, each a photo and a name.
 */
import { describe, expect, it } from 'vitest';
import { extractFixture, fieldsByName } from './loopback-pages.js';

describe('a schedule table whose talk cells open with the session kind', () => {
  it('"Opening Keynote, ", "Keynote - ", "Keynote: " are no part of the talk; a kind alone is no talk', async () => {
    const out = await extractFixture('schedule-kind-prefix.html');
    expect(fieldsByName(out)).toEqual({
      'Ines Halvorsen': [null, null, 'Drawing with Grids'],
      'Tariq Osei': [null, null, 'Variable Fonts in Practice'],
      'Marit Quist': [null, null, 'Research Before Pixels'],
      'Dario Conti': [null, null, 'Selling Research Inside a Company'],
      'Sunniva Berg': [null, null, null],
    });
  });
});

describe('cards with a flag beside the name and a role field', () => {
  it('the flag is neither company nor title; the role field is split as a role line', async () => {
    const out = await extractFixture('cards-flag-role.html');
    expect(fieldsByName(out)).toEqual({
      'Ines Halvorsen': ['Performance Engineer', 'Fjordpay', 'Performance as Quality'],
      'Tariq Osei': ['Security Specialist', 'Kelpware', 'Content Security Policies That Hold'],
      'Marit Quist': ['Privacy Advocate', null, 'Finding Abuse in Large Forums'],
      'Dario Conti': ['City Data Officer', 'City of Northmoor', 'Data as the Ground of a City'],
    });
  });
});

describe('a short German bio: "X arbeitet bei Y als Z. Er spricht …"', () => {
  it('gives the employer Y or nothing, never the first sentence as the title and the second as the company', async () => {
    const out = await extractFixture('bio-de-arbeitet.html');
    expect(fieldsByName(out)).toEqual({
      'Lena Brandt': [null, 'Kelpware', null],
      'Mira Sauer': [null, null, null],
      'Paul Weber': [null, null, null],
      'Jana Ott': [null, null, null],
    });
  });
});

describe('a short German bio: "X ist Y bei Z."', () => {
  it('gives the title Y and the company Z, never "X ist Y" as the title; a longer bio gives the employer only', async () => {
    const out = await extractFixture('bio-de-ist-bei.html');
    expect(fieldsByName(out)).toEqual({
      'Jana Roth': ['Softwareentwicklerin', 'Quillstone', null],
      'Jonas Meier': ['Teamleiter', 'Kelpware GmbH', null],
      'Ines Okafor': [null, 'Fjordpay', null],
      'Tomas Brekke': [null, null, null],
    });
  });
});

describe('company lines with more than the employer', () => {
  it('an appended web address is dropped; "X / Y" and "X y Y" name no one; a sentence or a web address in the role field is no title', async () => {
    const out = await extractFixture('company-lines-mixed.html');
    expect(fieldsByName(out)).toEqual({
      'Ana Robles': ['Jefa de datos', 'Kelpware', null],
      'Luis Marín': ['Investigador', null, null],
      'Eva Santos': ['Consultora', null, null],
      'Pere Soler': [null, null, null],
      'Raúl Pardo': ['Desarrollador', 'Stroomnet', null],
      'Inés Vidal': [null, 'Larkspur Health', null],
    });
  });
});

describe('session cards that show each speaker as a photo and a name side by side', () => {
  it('every speaker of the card has its talk, the first card in page order naming them; the tags are no talk', async () => {
    const out = await extractFixture('session-card-speakers.html');
    expect(fieldsByName(out)).toEqual({
      'Ines Halvorsen': [null, null, 'Recherche plein texte sans douleur'],
      'Tariq Osei': [null, null, 'Recherche plein texte sans douleur'],
      'Marit Quist': [null, null, "Le budget d'erreurs au quotidien"],
      'Dario Conti': [null, null, "Le budget d'erreurs au quotidien"],
      'Sunniva Berg': [null, null, 'Tester son code sans se fâcher'],
    });
  });
});
