/**
 * A handle as a person's only name ("k3rnelpanic", "tidepool" beside "@tidepool"): kept as
 * a speaker and marked, so nothing downstream greets it as a name. A plain word in the
 * name slot with no handle evidence ("reception") is nobody. Served on loopback and read
 * through the guarded fetch and the dispatcher.
 */
import { describe, expect, it } from 'vitest';
import { extractFixture } from './loopback-pages.js';

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
