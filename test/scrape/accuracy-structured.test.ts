/**
 * Accuracy of the structured-data extractors on speaker data real conference
 * sites published (see ../shared/eval/README.md). The files are read in place and
 * served through the dispatcher under URLs shaped like the live endpoints.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { extractSpeakers } from '../../src/scrape/extract.js';
import { readPretalxSpeakers } from '../../src/scrape/extractors/pretalx-api.js';
import type { ScrapedSpeaker } from '../../src/scrape/types.js';
import { pageFromFile, repoRoot, serveFiles } from './fixture-fetch.js';

// A worktree sits one level deeper than a checkout; EVAL_DIR points it at the shared folder.
const evalDir = process.env.EVAL_DIR ?? path.resolve(repoRoot, '../shared/eval/real');
const present = existsSync(evalDir);
const suite = present ? describe : describe.skip;
const title = present ? 'accuracy on real structured speaker data' : `accuracy on real structured speaker data — skipped: eval folder not found at ${evalDir}`;

const file = (name: string) => path.join(evalDir, name);
const readJson = (name: string): unknown => JSON.parse(readFileSync(file(name), 'utf8'));

async function run(url: string, name: string, routes: Record<string, string> = {}) {
  const absolute = Object.fromEntries(Object.entries(routes).map(([u, f]) => [u, file(f)]));
  return extractSpeakers(pageFromFile(url, file(name)), serveFiles(absolute).fetchPage);
}

const withLinkedIn = (speakers: ScrapedSpeaker[]) => speakers.filter((s) => s.linkedinUrl !== null).length;
const talkPairs = (speakers: ScrapedSpeaker[]) => speakers.reduce((n, s) => n + s.talks.length, 0);

suite(title, () => {
  it('sessionize All (global azure 2021) → 40 speakers, 22 with LinkedIn, talks joined via sessions[].speakers', async () => {
    const out = await run('https://sessionize.com/api/v2/evalall/view/All', 'sessionize-all-global-azure-2021.json');
    expect(out.extractor).toBe('sessionize-api');
    expect(out.speakers.length, 'speakers').toBe(40);
    expect(withLinkedIn(out.speakers), 'speakers with a LinkedIn profile').toBe(22);
    // Independent count of (speaker, session) pairs straight from the file.
    const data = readJson('sessionize-all-global-azure-2021.json') as { sessions: Array<{ title: string; speakers: string[] }> };
    const expectedPairs = data.sessions.reduce((n, s) => n + s.speakers.length, 0);
    expect(talkPairs(out.speakers), 'speaker–talk pairs').toBe(expectedPairs);
    const adrienne = out.speakers.find((s) => s.name === 'Adrienne Tacke');
    expect(adrienne?.talks.map((t) => t.title)).toEqual(
      data.sessions.filter((s) => s.speakers.includes('a378b580-baef-4c58-a9b3-589139c88159')).map((s) => s.title),
    );
  });

  it('pretalx juliacon speakers + talks → 269 speakers, talks (341 in file) joined by code', async () => {
    const talks = readJson('pretalx-talks-juliacon.json') as Array<{ code: string; speakers: Array<{ code: string }> }>;
    expect(talks.length, 'talks in the talks file').toBe(341);
    const joined = readPretalxSpeakers(readJson('pretalx-speakers-juliacon.json'), talks);
    expect(joined.length, 'speaker records').toBe(269);

    const api = 'https://pretalx.example/api/events/juliacon2023/';
    const out = await run(`${api}speakers/`, 'pretalx-speakers-juliacon.json', {
      [`${api}submissions/`]: 'pretalx-talks-juliacon.json',
    });
    expect(out.extractor).toBe('pretalx-api');
    expect(out.followed).toEqual([`${api}submissions/`]);
    expect(out.speakers.length, 'speakers after normalisation').toBe(269);
    // Every (talk, speaker) link in the talks file lands on that speaker.
    const expectedPairs = talks.reduce((n, t) => n + t.speakers.length, 0);
    expect(talkPairs(out.speakers), 'speaker–talk pairs').toBe(expectedPairs);
    expect(out.speakers.filter((s) => s.talks.length > 0).length, 'speakers with a talk').toBe(
      new Set(talks.flatMap((t) => t.speakers.map((s) => s.code))).size,
    );
  });

  it('c3voc schedule.json exported by pretalx (rc3) → 56 distinct persons', async () => {
    const out = await run('https://pretalx.example/rc3/schedule/export/schedule.json', 'c3voc-schedule-pretalx-rc3.json');
    expect(out.extractor).toBe('frab-schedule');
    expect(out.speakers.length, 'persons').toBe(56);
    expect(out.speakers.every((s) => s.talks.length > 0)).toBe(true);
  });

  it('c3voc schedule.json exported by frab (camp2019) → 90 distinct persons', async () => {
    const out = await run('https://frab.example/en/camp2019/public/schedule.json', 'c3voc-schedule-frab-camp2019.json');
    expect(out.extractor).toBe('frab-schedule');
    expect(out.speakers.length, 'persons').toBe(90);
  });

  it('hoverboard speakers.json (gdg ukraine) → 30 speakers with title and company', async () => {
    const out = await run('https://devfest.example/data/speakers.json', 'hoverboard-speakers-gdg-ukraine.json');
    expect(out.extractor).toBe('json-speakers');
    expect(out.speakers.length, 'speakers').toBe(30);
    expect(out.speakers.filter((s) => s.company).length, 'speakers with a company').toBe(30);
    // 17 LinkedIn links in the file; one is a numeric /profile/view?id= link that has no public slug.
    expect(withLinkedIn(out.speakers), 'speakers with a LinkedIn profile').toBe(16);
  });

  it('custom jsdayie speakers.json (role, links{}, talk{}) → 12 speakers, each with a talk', async () => {
    const out = await run('https://jsday.example/content/speakers.json', 'custom-speakers-jsdayie.json');
    expect(out.extractor).toBe('json-speakers');
    expect(out.speakers.length, 'speakers').toBe(12);
    expect(out.speakers.every((s) => s.talks.length === 1 && s.title)).toBe(true);
    expect(withLinkedIn(out.speakers), 'speakers with a LinkedIn profile').toBe(9);
  });

  it('zeppelin speakers.yml + sessions.yml (devfestpt 2021) → 7 speakers, name + surname, sessions joined', async () => {
    // Read by hand: ids 2–8 are people; the commented-out blocks (the empty template
    // and three earlier entries) are not data, and id 101 "Organização" is the organisers.
    const raw = parse(readFileSync(file('zeppelin-speakers-devfestpt-2021.yml'), 'utf8')) as Array<{ name: string; surname?: string }>;
    const people = raw.filter((r) => r.surname).map((r) => `${r.name} ${r.surname}`);
    expect(people.length).toBe(7);

    const out = await run('https://devfest.example/_data/speakers.yml', 'zeppelin-speakers-devfestpt-2021.yml', {
      'https://devfest.example/_data/sessions.yml': 'zeppelin-sessions-devfestpt-2021.yml',
    });
    expect(out.extractor).toBe('yaml-speakers');
    expect(
      out.speakers.map((s) => s.name),
      'speaker names',
    ).toEqual(people);
    expect(out.speakers.find((s) => s.name === 'Paul Kinlan')?.talks.map((t) => t.title)).toEqual(['The future of the web platform']);
    expect(out.speakers.filter((s) => s.talks.length > 0).length, 'speakers with a session').toBe(7);
  });
});
