/**
 * Shapes real conference pages take that the card reader must generalise to, each
 * on a small page of its own served on loopback: sessions joined from a schedule
 * to the people listed elsewhere, companies on their own line or in a bio
 * sentence, session blocks with several speakers.
 */
import { describe, expect, it } from 'vitest';
import { extractFixture, fieldsByName } from './loopback-pages.js';

describe('Sessionize embed: speaker wall plus session grid', () => {
  it('gives each speaker the first grid session listing their speaker id, and no one for service sessions', async () => {
    const out = await extractFixture('sessionize-wall-grid.html');
    expect(out.extractor).toBe('html-sessionize-embed');
    expect(fieldsByName(out)).toEqual({
      'Ines Halvorsen': ['Mobile Lead', 'Fjordpay', 'Offline-first Sync Without Tears'],
      'Tariq Osei': ['Developer Advocate', 'Kelpware', 'Shipping Accessible Apps, Together'],
      'Marit Quist': ['Independent Consultant', null, 'Shipping Accessible Apps, Together'],
    });
    expect(out.speakers.find((s) => s.name === 'Ines Halvorsen')?.talks.map((t) => t.title)).toEqual([
      'Offline-first Sync Without Tears',
      'Release Trains on a Budget',
    ]);
  });
});

describe('schedule tables', () => {
  it('reads each cell\'s speakers, several joined by "+", with the session the cell links to; break rows name nobody', async () => {
    const out = await extractFixture('schedule-table.html');
    expect(fieldsByName(out)).toEqual({
      'Rosa Delgado': [null, null, 'Cascade Layers in Practice'],
      'Kwame Mensah': [null, null, 'Auth at the Edge'],
      'Ilse Brandt': [null, null, 'Auth at the Edge'],
      'Jonas Lindqvist': [null, null, 'WebAssembly for the Rest of Us'],
      'Meera Pillai': [null, null, 'Accessibility Audits That Stick'],
      'Tobias Renner': [null, null, 'Performance Budgets Nobody Ignores'],
    });
  });
});
