/**
 * Lines beside a person that say what they are: an organisation's name by its kind
 * word; credentials after a name; "and" between two organisations; a link written out
 * as "Twitter: handle"; a "Keynote lecture:" or "Title:" label before the talk; a
 * department between role and institution; a platform (".Net") after the role.
 */
import { describe, expect, it } from 'vitest';
import { companyProblem } from '../../src/scrape/normalize-org.js';
import { labelledTalk } from '../../src/scrape/extractors/talk-title.js';
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

  it('gives no company for a talk\'s title joined by "para", "con", "avec", "with"; an organisation\'s kind word keeps the name', () => {
    expect(companyProblem('Python para Bricoleros')).not.toBeNull();
    expect(companyProblem('Desplegando webapps con Django en Kubernetes')).not.toBeNull();
    expect(companyProblem('Tester avec Playwright')).not.toBeNull();
    expect(companyProblem('Moving Ideas with Words')).not.toBeNull();
    expect(companyProblem('Fundación para la Innovación Abierta')).toBeNull();
    expect(companyProblem('Institut für Informatik')).toBeNull();
    expect(companyProblem('Spreaker from iHeart')).toBeNull();
  });

  it('gives no company for two organisations joined by "and"', () => {
    expect(companyProblem('Universität Lindau and Quellwerk Lab')).toBe('two organisations');
    expect(companyProblem('Brackenridge College')).toBeNull();
  });

  it('reads a "Twitter: handle" or "Google scholar: …" line as no company and no talk', async () => {
    const out = await extractFixture('label-value-lines.html');
    expect(fieldsByName(out)).toEqual({
      'Wren Ashdown': [null, null, null],
      'Colm Farrelly': [null, null, null],
      'Ines Okafor': [null, null, null],
      'Tomas Brekke': [null, null, null],
    });
    expect(companyProblem('Research Commons GitHub: ubc-library-rc')).not.toBeNull();
    expect(companyProblem('Twitter: TBeuzen')).not.toBeNull();
  });

  it('takes the title after a "Keynote lecture:" or "Title:" label as the talk, not a heading beside the card', async () => {
    const out = await extractFixture('keynote-lecture-labels.html');
    expect(fieldsByName(out)).toEqual({
      'Wren Ashdown': [null, null, 'Memory Consolidation in Small Recurrent Networks'],
      'Colm Farrelly': [null, null, 'AI vs. NI: What Natural Intelligence Still Does Better?'],
      'Ines Okafor': [null, null, 'Spiking Networks on a Laptop Budget'],
      'Tomas Brekke': [null, null, 'Interpretability'],
    });
    // A bare "Title:" over a role is the job.
    expect(labelledTalk('Title: Staff Engineer')).toBeUndefined();
    expect(labelledTalk('Keynote lecture: Sleep and Memory')).toBe('Sleep and Memory');
  });

  it('leaves the department out of the title on a "Title, Department, Institution" line', async () => {
    const out = await extractFixture('tagline-department.html');
    expect(fieldsByName(out)).toEqual({
      'Wren Ashdown': ['Professor', 'Northmoor University', null],
      'Colm Farrelly': ['Associate Professor', 'University of Lindau', null],
      'Ines Okafor': ['Ricercatrice', 'Università di Torino', null],
      // A programme is no department: it stays the role's.
      'Tomas Brekke': ['Director, Bridge to PhD Program', 'Eastfield University', null],
    });
  });

  it('reads ".Net" or ".NET & DDD" after the role as a topic, never the company', async () => {
    const out = await extractFixture('tagline-topic.html');
    expect(fieldsByName(out)).toEqual({
      'Wren Ashdown': ['Sr. Software Developer', null, 'Leveling Up Your C# Step by Step'],
      // Three descriptors and no employer ("Software Coach, Conference Author, .NET & DDD") are a slogan, no title.
      'Colm Farrelly': [null, null, 'Bounded Contexts Without the Jargon'],
      'Ines Okafor': ['Staff Engineer', 'Quillstone', 'Durable Writes Without Tears'],
      'Tomas Brekke': ['Developer Advocate', 'Kelpware', 'Feature Flags in Practice'],
    });
  });
});
