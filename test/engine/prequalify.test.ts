import { describe, expect, it } from 'vitest';
import { prequalifySpeaker } from '../../src/engine/offline/prequalify.js';
import { ALL_CAPS, COMPETITOR, EMPTY_ICP, ICP, NO_TITLE, SENIOR_ENGINEER, STUDENT, campaign, speaker } from './fixtures.js';

const brief = campaign();

describe('prequalify', () => {
  it('qualifies a senior engineer whose title matches the ICP, naming what matched', () => {
    const r = prequalifySpeaker(SENIOR_ENGINEER, brief);
    expect(r.verdict).toBe('qualified');
    expect(r.reasons).toContain('title "Staff Engineer" matches ICP title "Staff Engineer"');
    expect(r.reasons.some((x) => x.includes('keyword "observability"'))).toBe(true);
  });

  it('disqualifies a student through the exclusion list', () => {
    const r = prequalifySpeaker(STUDENT, brief);
    expect(r.verdict).toBe('disqualified');
    expect(r.reasons[0]).toMatch(/exclusion "student"/);
  });

  it('disqualifies a student even without an exclusion when the ICP does not target students', () => {
    const r = prequalifySpeaker(STUDENT, campaign({ icp: { ...ICP, exclusions: [] } }));
    expect(r.verdict).toBe('disqualified');
    expect(r.reasons[0]).toMatch(/student/);
  });

  it('disqualifies a competitor employee, legal suffix or not', () => {
    const r = prequalifySpeaker(COMPETITOR, brief);
    expect(r.verdict).toBe('disqualified');
    expect(r.reasons[0]).toMatch(/competitor "Outreachly"/);
  });

  it('disqualifies by a competitor domain found in the links', () => {
    const s = speaker({ name: 'Kim Ode', title: 'CTO', company: 'Stealth', links: ['https://www.pitchbot.io/team'] });
    expect(prequalifySpeaker(s, brief).verdict).toBe('disqualified');
  });

  it('is unsure about a speaker with no title', () => {
    const r = prequalifySpeaker(NO_TITLE, brief);
    expect(r.verdict).toBe('unsure');
    expect(r.reasons).toContain('no title given');
  });

  it('reads an ALL-CAPS profile like any other', () => {
    const r = prequalifySpeaker(ALL_CAPS, brief);
    expect(r.verdict).toBe('qualified');
    expect(r.reasons).toContain('seniority director is in the ICP');
  });

  it('matches spelled-out and abbreviated titles alike', () => {
    for (const title of ['Chief Technology Officer', 'Vice President of Engineering', 'Sr. Staff Engineer']) {
      expect(prequalifySpeaker(speaker({ title }), brief).verdict, title).toBe('qualified');
    }
  });

  it('finds the role in a tagline or the first bio sentence when the title is missing', () => {
    const fromTagline = speaker({ tagline: 'Principal Engineer @ Bluefin' });
    expect(prequalifySpeaker(fromTagline, brief).verdict).toBe('qualified');
    const fromBio = speaker({ bio: 'Ana is a VP of Engineering at Quarry Data. She writes.' });
    expect(prequalifySpeaker(fromBio, brief).verdict).toBe('qualified');
  });

  it('keeps a seniority match without topic evidence at unsure when the ICP lists titles', () => {
    const r = prequalifySpeaker(speaker({ title: 'Director of Marketing' }), brief);
    expect(r.verdict).toBe('unsure');
  });

  it('with an empty ICP, qualifies senior or technical roles and is unsure about the rest', () => {
    const open = campaign({ icp: EMPTY_ICP });
    expect(prequalifySpeaker(speaker({ title: 'Head of Sales' }), open).verdict).toBe('qualified');
    expect(prequalifySpeaker(speaker({ title: 'Backend Developer' }), open).verdict).toBe('qualified');
    expect(prequalifySpeaker(speaker({ title: 'Community Volunteer' }), open).verdict).toBe('unsure');
    expect(prequalifySpeaker(NO_TITLE, open).verdict).toBe('unsure');
    expect(prequalifySpeaker(STUDENT, open).verdict).toBe('unsure');
  });

  it('tolerates a campaign whose ICP lists are missing', () => {
    const broken = campaign({ icp: {} as never });
    expect(prequalifySpeaker(SENIOR_ENGINEER, broken).verdict).toBe('qualified');
  });
});
