import { describe, expect, it } from 'vitest';
import { enrichSpeaker } from '../../src/engine/offline/enrich.js';
import { seniorityOf } from '../../src/engine/offline/seniority.js';
import { ALL_CAPS, NO_TITLE, SENIOR_ENGINEER, STUDENT, speaker } from './fixtures.js';

describe('enrich', () => {
  it('takes LinkedIn, company site and role from the scraped record, naming each source', () => {
    const e = enrichSpeaker(SENIOR_ENGINEER);
    expect(e).toMatchObject({
      linkedinUrl: 'https://www.linkedin.com/in/priya-raman',
      companyWebsite: 'https://ledgerline.io',
      companyDomain: 'ledgerline.io',
      role: 'Staff Engineer',
      seniority: 'senior',
    });
    expect(e.sources.find((x) => x.startsWith('companyWebsite'))).toContain('https://ledgerline.io/engineering');
    expect(e.sources.find((x) => x.startsWith('role'))).toContain('title');
  });

  it('never invents a domain from the company name', () => {
    const e = enrichSpeaker(speaker({ title: 'CTO', company: 'Acme', links: ['https://twitter.com/acme', 'https://janedoe.dev'] }));
    expect(e.companyDomain).toBeNull();
    expect(e.companyWebsite).toBeNull();
  });

  it('reads the company domain from an address in the bio when it matches the employer', () => {
    const e = enrichSpeaker(speaker({ company: 'Bluefin', bio: 'Reach her at jane@bluefin.dev or on her blog.' }));
    expect(e.companyDomain).toBe('bluefin.dev');
  });

  it('finds a LinkedIn profile among the links and normalises it', () => {
    const e = enrichSpeaker(speaker({ links: ['https://de.linkedin.com/in/jdoe/?trk=x'] }));
    expect(e.linkedinUrl).toBe('https://www.linkedin.com/in/jdoe');
  });

  it('keeps no LinkedIn link the scraper would refuse as malformed', () => {
    expect(enrichSpeaker(speaker({ links: ['https://www.linkedin.com/in/jana%20dolezal'] })).linkedinUrl).toBeNull();
    expect(enrichSpeaker(speaker({ links: ['https://linkedin.com/pub/jane-doe/1/23/456'] })).linkedinUrl).toBe('https://www.linkedin.com/in/jane-doe-4560231');
  });

  it('uses a non-social link as the company site when no employer is known, but not a personal one', () => {
    expect(enrichSpeaker(speaker({ links: ['https://github.com/x', 'https://quarrydata.com/about'] })).companyDomain).toBe('quarrydata.com');
    expect(enrichSpeaker(speaker({ links: ['https://janedoe.dev'] })).companyDomain).toBeNull();
  });

  it('ignores links to the conference site itself', () => {
    const e = enrichSpeaker(speaker({ links: ['https://conf.example.org/speakers/jane'] }));
    expect(e.companyWebsite).toBeNull();
  });

  it('reports unknown seniority and no role for a speaker without a title', () => {
    expect(enrichSpeaker(NO_TITLE)).toMatchObject({ role: null, seniority: 'unknown', linkedinUrl: null });
  });

  it('classifies students and ALL-CAPS titles', () => {
    expect(enrichSpeaker(STUDENT).seniority).toBe('student');
    expect(enrichSpeaker(ALL_CAPS).seniority).toBe('director');
  });
});

describe('seniorityOf', () => {
  it.each([
    ['CEO & Co-Founder', 'c_level'],
    ['Chief Architect', 'senior'],
    ['Vice President, Platform', 'vp'],
    ['SVP Engineering', 'vp'],
    ['Head of Data', 'vp'],
    ['Director of Engineering', 'director'],
    ['Engineering Manager', 'manager'],
    ['Team Lead', 'manager'],
    ['Senior Software Engineer', 'senior'],
    ['Sr. Developer', 'senior'],
    ['Staff Engineer', 'senior'],
    ['Software Engineer', 'individual'],
    ['PhD Student', 'student'],
    ['Software Engineering Intern', 'student'],
    ['Little Fluffy Clouds', 'unknown'],
  ])('%s -> %s', (title, level) => {
    expect(seniorityOf(title)).toBe(level);
  });
});
