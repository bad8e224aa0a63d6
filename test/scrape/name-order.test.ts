import { describe, expect, it } from 'vitest';
import { extractSpeakers } from '../../src/scrape/extract.js';
import { inGivenNameOrder, pageNameOrder } from '../../src/scrape/name-order.js';
import type { FetchPage, Page, ScrapedSpeaker } from '../../src/scrape/types.js';

const person = (name: string, linkedinUrl: string | null = null): ScrapedSpeaker => ({
  name,
  title: null,
  company: null,
  tagline: null,
  bio: null,
  talks: [],
  linkedinUrl,
  companyLinkedinUrl: null,
  links: [],
  photoUrl: null,
  profileUrl: null,
  evidence: {},
});
const names = (list: ScrapedSpeaker[]) => inGivenNameOrder(list).map((s) => s.name);

describe('family-first pages', () => {
  it('turns round a page of family names in capitals, and keeps their capitals out of the stored name', () => {
    const page = ['HALLADE Jean', 'BRUNEAU Marie-Claire', 'DE LA FONTAINE Odile', 'MERLOT Paul Henri'].map((n) => person(n));
    expect(pageNameOrder(page).order).toBe('family-first');
    expect(names(page)).toEqual(['Jean Hallade', 'Marie-Claire Bruneau', 'Odile de la Fontaine', 'Paul Henri Merlot']);
  });

  it('turns round "Family, Given" names', () => {
    expect(names([person('Hallade, Jean'), person('Vortmann, Ilse'), person('van Drunen, Pieter')])).toEqual([
      'Jean Hallade',
      'Ilse Vortmann',
      'Pieter van Drunen',
    ]);
  });

  it('reads plain family-first names from their LinkedIn slugs, and then turns round the two-word names without one', () => {
    const page = [
      person('Hallade Jean', 'https://www.linkedin.com/in/jean-hallade'),
      person('Szerb Anna', 'https://www.linkedin.com/in/anna-szerb-4a1b2c'),
      person('Kovari Bence', 'https://www.linkedin.com/in/bence-kovari'),
      person('Lomb Eszter'),
      person('Tarr Bela Mihaly'),
    ];
    expect(names(page)).toEqual(['Jean Hallade', 'Anna Szerb', 'Bence Kovari', 'Eszter Lomb', 'Tarr Bela Mihaly']);
  });

  it('takes an alphabetical list by its first words as family-first when a name shows it', () => {
    // One slug turned round, and the list sorted by first words (not by last): a family-first index.
    const page = [
      person('Abrell Tomas', 'https://www.linkedin.com/in/tomas-abrell'),
      person('Brandl Ute'),
      person('Croft Nia'),
      person('Dorner Kai'),
      person('Ebel Lio'),
    ];
    expect(names(page)).toEqual(['Tomas Abrell', 'Ute Brandl', 'Nia Croft', 'Kai Dorner', 'Lio Ebel']);
    // The same single sign on a list sorted by last words is a given-first page sorted by family name.
    const bySurname = [
      person('Zora Abrell', 'https://www.linkedin.com/in/abrell-zora'),
      person('Ute Brandl'),
      person('Lio Croft'),
      person('Ada Dorner'),
      person('Kai Ebel'),
    ];
    expect(names(bySurname)).toEqual(bySurname.map((s) => s.name));
  });

  it('leaves a given-first page alone, even with a family-first name or two on it', () => {
    const page = ['Jean-Michel ARMAND', 'Lucie BONNARD', 'Hugo TESSIER', 'FELD Boris'].map((n) => person(n));
    expect(pageNameOrder(page).order).toBe('given-first');
    expect(names(page)).toEqual(['Jean-Michel ARMAND', 'Lucie BONNARD', 'Hugo TESSIER', 'FELD Boris']);
    const plain = ['Jean Hallade', 'Marie Bruneau', 'Odile Fontaine'].map((n) => person(n));
    expect(pageNameOrder(plain).order).toBeNull();
    expect(names(plain)).toEqual(['Jean Hallade', 'Marie Bruneau', 'Odile Fontaine']);
  });

  it('keeps names in other scripts, names not in the page convention and non-names as written', () => {
    const page = [
      person('HALLADE Jean'),
      person('VORTMANN Ilse'),
      person('ORBAN Teo'),
      person('山田 太郎'),
      person('Petra Lindqvist'),
      person('Sun Microsystems, Inc.'),
      person('Martin Okafor, Jr.'),
      person('Rue Team'),
    ];
    expect(names(page)).toEqual([
      'Jean Hallade',
      'Ilse Vortmann',
      'Teo Orban',
      '山田 太郎',
      'Petra Lindqvist',
      'Sun Microsystems, Inc.',
      'Martin Okafor, Jr.',
      'Rue Team',
    ]);
    // Two marked names among six are not yet a convention.
    expect(pageNameOrder(page.filter((s) => s.name !== 'ORBAN Teo')).order).toBeNull();
    expect(pageNameOrder([person('山田 太郎'), person('佐藤 花子')]).order).toBeNull();
  });

  it('does not read "Name, Organisation" as a family-first comma', () => {
    const page = [person('Jane Quill, Acme Labs'), person('Rob Tenney, Northwind University')];
    expect(names(page)).toEqual(['Jane Quill, Acme Labs', 'Rob Tenney, Northwind University']);
  });
});

describe('family-first pages through the extractor', () => {
  const offline: FetchPage = async (url) => {
    throw new Error(`no fetch expected: ${url}`);
  };
  const page: Page = {
    url: 'https://conf.example/intervenants',
    status: 200,
    contentType: 'text/html',
    body: `<!doctype html><html><head><title>Journées 2031</title></head><body><h1>Intervenants</h1><div class="intervenants">
      ${[
        ['HALLADE Jean', 'Directeur technique, Brumaire'],
        ['BRUNEAU Marie', 'Chercheuse, Institut Loriot'],
        ['TESSIER Hugo', 'Développeur, Pivoine'],
      ]
        .map(([n, r]) => `<div class="intervenant"><h3>${n}</h3><p class="role">${r}</p></div>`)
        .join('')}
    </div></body></html>`,
  };

  it('stores the name given name first and keeps the page text as written in the evidence', async () => {
    const out = await extractSpeakers(page, offline);
    expect(out.speakers.map((s) => s.name)).toEqual(['Jean Hallade', 'Marie Bruneau', 'Hugo Tessier']);
    expect(out.speakers[0]?.evidence.name).toBe('HALLADE Jean');
  });
});
