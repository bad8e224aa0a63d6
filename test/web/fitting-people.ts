import { fictionalSpeakers, type Person } from '../../src/core/fictional-speakers.js';
import { speakerCards, startSite } from '../../src/demo/site.js';

/** Titles the test profile's ICP takes. */
const FITS = ['VP Engineering', 'CTO', 'Staff Engineer', 'Head of Platform', 'Director of Data', 'Principal Architect'];

/** The first `count` fictional speakers whose titles fit the test profile's ICP, each with a LinkedIn profile. */
export function fittingPeople(count: number): Person[] {
  return fictionalSpeakers(Math.max(80, count * 4))
    .filter((p) => FITS.includes(p.title))
    .slice(0, count)
    .map((p) => ({ ...p, linkedin: p.linkedin ?? `https://www.linkedin.com/in/${p.first}-${p.last}-${p.id}/`.toLowerCase().replace(/[^a-z0-9:/.-]/g, '') }));
}

/** A loopback conference page listing them as speaker cards, at /speakers. */
export function speakersSite(people: Person[]): ReturnType<typeof startSite> {
  return startSite({ '/speakers': { contentType: 'text/html; charset=utf-8', body: speakerCards(people, 'DevConf speakers') } });
}
