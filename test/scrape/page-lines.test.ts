/**
 * Lines beside a person that say what they are: an organisation's name by its kind
 * word; credentials after a name; "and" between two organisations.
 */
import { describe, expect, it } from 'vitest';
import { companyProblem } from '../../src/scrape/normalize-org.js';
import { extractFixture, fieldsByName } from './loopback-pages.js';

describe('lines beside a person', () => {
  it('takes a line naming an organisation by its kind as the company, and drops credentials after a name', async () => {
    const out = await extractFixture('tagline-organisation-kind.html');
    expect(fieldsByName(out)).toEqual({
      'Wren Ashdown': ['Staff Engineer', 'Quillstone', 'Durable Writes Without Tears'],
      'Colm Farrelly': [null, 'Larchmont Data Consulting, LLC', 'Estimating the Unestimable'],
      'Ines Okafor': [null, 'Brackenridge College', 'Indexes Explained with Library Cards'],
      'Tomas Brekke': [null, null, 'Tiles, Projections and Other Lies'],
    });
  });

  it('gives no company for two organisations joined by "and"', () => {
    expect(companyProblem('Universität Lindau and Quellwerk Lab')).toBe('two organisations');
    expect(companyProblem('Brackenridge College')).toBeNull();
  });
});
