/**
 * An English bio that states the speaker's post ("is the Director of X at Y", "the president
 * of X Inc."), what they teach or lead, or what they set out to do, gives the first message
 * its hook in the bio's own words, whole: never the employer alone when the bio says more,
 * never a phrase cut where it stops reading as one, and nothing read off a sentence about
 * someone or something else.
 */
import { describe, expect, it } from 'vitest';
import { draftAndScore } from './qa-support.js';
import { campaign, EMPTY_ICP, speaker } from './fixtures.js';
import type { SpeakerInput } from '../../src/engine/types.js';

const c = campaign({ icp: { ...EMPTY_ICP, titles: ['CTO', 'Engineering Manager'], keywords: ['observability'] } });
const drafted = (over: Partial<SpeakerInput>) => draftAndScore(speaker({ conferenceName: 'DevConf 2031', ...over }), c);

describe('a post the bio states', () => {
  it('says the post with its unit and the employer the page gives, leaving the aside between them out', async () => {
    const run = await drafted({
      name: 'Jo Hale',
      company: 'Department of Transport',
      bio: 'Dr. Hale is the Director of the Bridges and Tunnels Division, Office of Road Safety, at the US Department of Transport.',
    });
    expect(run.slots[0].content).toContain('Director of the Bridges and Tunnels Division at the Department of Transport');
    expect(run.slots[0].content).not.toContain('Office of Road Safety');
    expect(run.results[0].hardFails).toEqual([]);
  });

  it('says "president of" the company a bio names, without its legal form, where it said the employer alone', async () => {
    const run = await drafted({
      name: 'Tom Ek',
      bio: 'He is a free software programmer and the president of Brightline Inc. He named the company after a street.',
    });
    expect(run.slots[0].content).toMatch(/\bas president of Brightline\b/);
    expect(run.slots[0].content).not.toMatch(/Brightline Inc|your work at Brightline/);
    expect(run.results[0].hardFails).toEqual([]);
  });

  it('never says a place the bio names past a comma by half its name, and says a foundation with its "the"', async () => {
    const cut = await drafted({
      name: 'Ben Ruiz',
      bio: 'Ben loves maps. He is a professor at the Center for Distributive, Labor and Social Studies in La Plata.',
    });
    expect(cut.slots.map((m) => m.content).join(' ')).not.toMatch(/Center for Distributive(?!, Labor)/);
    const foundation = await drafted({ name: 'Ben Ruiz', bio: 'He is the president of the Quillpress Foundation.' });
    expect(foundation.slots[0].content).toContain('as president of the Quillpress Foundation');
    const board = await drafted({ name: 'Ben Ruiz', bio: 'He is the chair of the Board.' });
    expect(board.slots[0].content).not.toContain('Board');
  });

  it('reads no post from a sentence about someone else', async () => {
    const run = await drafted({ name: 'Ria Pal', bio: 'Her sister is the president of Brightline Inc. Ria likes long walks.' });
    expect(run.slots[0].content).not.toContain('Brightline');
  });
});

describe('what the bio says they teach, lead or set out to do', () => {
  it('names what they teach, not only the school', async () => {
    const run = await drafted({
      name: 'Ada Rowe',
      company: 'Maple Charter High School',
      bio: 'Ada Rowe teaches AP Chemistry and Robotics Engineering at Maple Charter High School in Leeds.',
    });
    expect(run.slots[0].content).toContain('your work teaching AP Chemistry and Robotics Engineering');
    expect(run.results[0].hardFails).toEqual([]);
  });

  it('keeps a field they teach in, and leaves the town they teach in out', async () => {
    const run = await drafted({ name: 'Ivo Dale', bio: 'Ivo teaches courses in compiler design in Leeds.' });
    expect(run.slots[0].content).toContain('your work teaching courses in compiler design');
    expect(run.slots[0].content).not.toContain('Leeds');
  });

  it('names the team they lead', async () => {
    const run = await drafted({ name: 'Kim Yu', company: 'Acme', bio: 'Kim leads the data platform team at Acme, where she builds pipelines.' });
    expect(run.slots[0].content).toContain('your work leading the data platform team at Acme');
  });

  it("says their mission in their words over their job title, but not their company's mission", async () => {
    const run = await drafted({
      name: 'Sam Berg',
      company: 'Qualio',
      bio: 'Sam is a software engineer at Qualio. With a degree in Game Studies, he’s on a mission to bring game design ideas into business software.',
    });
    expect(run.slots[0].content).toContain('your mission to bring game design ideas into business software');
    expect(run.results[0].hardFails).toEqual([]);
    const theirs = await drafted({ name: 'Ria Pal', bio: 'Our company is on a mission to make APIs faster.' });
    expect(theirs.slots.map((m) => m.content).join(' ')).not.toContain('mission');
  });

  it('keeps a name with a dot whole and leaves out a phrase it would have to cut', async () => {
    const run = await drafted({ name: 'Eli Park', bio: 'Eli teaches .NET and Node.js at Harbor Tech College.' });
    expect(run.slots[0].content).toContain('your work teaching .NET and Node.js');
    const long = await drafted({
      name: 'Eli Park',
      bio: 'Eli is on a mission to make every small and medium sized company in the north of the country fast and also kind to its users.',
    });
    expect(long.slots[0].content).not.toContain('mission');
  });
});
