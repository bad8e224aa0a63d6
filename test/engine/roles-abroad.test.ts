/**
 * Job titles a page writes in its own language ("Presidente", "Chercheuse", "软件工程师") are
 * said in plain English in the first message, with the employer, and the QA gate reads them as
 * what the page says. A title with a word the map does not know is left unsaid; a student is
 * never pitched as a buyer nor said to hold a job.
 */
import { describe, expect, it } from 'vitest';
import { draftAndScore } from './qa-support.js';
import { campaign, EMPTY_ICP, speaker } from './fixtures.js';

const c = campaign({ icp: { ...EMPTY_ICP, titles: ['CTO', 'Engineering Manager'], keywords: ['observability'] } });
const first = async (title: string, company: string) => {
  const run = await draftAndScore(speaker({ name: 'Noa Keller', title, company, tagline: `${title} @ ${company}`, conferenceName: 'DevConf 2031' }), c);
  return { note: run.slots[0], hard: run.results[0].hardFails, run };
};

describe('a job title in another language', () => {
  it.each([
    ['Presidente', 'Orvalo Spa', 'president of Orvalo'],
    ['Coprésidente', 'La Ronde', 'co-president of La Ronde'],
    ['Chercheuse', 'Institut Vardel', 'a researcher at Institut Vardel'],
    ['软件工程师', 'Quillon', 'a software engineer at Quillon'],
    ['Tutor Web', 'Aprendo', 'a web tutor at Aprendo'],
    ['Starsza programistka', 'Brzask', 'a senior programmer at Brzask'],
    ['Oprichter', 'Tulpwerk', 'founder of Tulpwerk'],
    ['Engenheiro de Software', 'Caju Labs', 'a software engineer at Caju Labs'],
  ])('says "%s" at %s as "%s", and the QA gate finds it in the page', async (title, company, said) => {
    const { note, hard } = await first(title, company);
    expect(note.angle).toBe('role');
    expect(note.content).toContain(said);
    expect(hard).toEqual([]);
  });

  it('reads a bio that opens on a bare title of another language, the first of two titles when both are known', async () => {
    const run = await draftAndScore(
      speaker({ name: 'Rosa Vila', company: 'Fundació Lumen', bio: 'Comissària i historiadora de l’art. Ha treballat en diversos museus.' }),
      c,
    );
    expect(run.slots[0].content).toContain('a curator at Fundació Lumen');
    expect(run.results[0].hardFails).toEqual([]);
  });

  it('leaves a title with a word the map does not know unsaid, and names the employer alone', async () => {
    const { note } = await first('Gestor de comunitats', 'Orvalo');
    expect(note.angle).toBe('company');
    expect(note.content).not.toMatch(/\bas (?:an? )?\w/);
    expect(note.content).toContain('Orvalo');
  });

  it('says a student studies where they are, and asks who would care rather than pitching them', async () => {
    const { note, hard, run } = await first('Estudante', 'Ufra');
    expect(note.content).toContain('your time as a student at Ufra');
    expect(note.content).not.toMatch(/\b(?:job|role|work) as a student\b/);
    expect(hard).toEqual([]);
    // The second message asks whom to write to, not whether their team wants the product.
    expect(run.slots[1].content).toMatch(/\bwho\b|\bwhom\b|colleague|point me/i);
    expect(run.slots[1].content).not.toMatch(/your team/i);
  });
});
