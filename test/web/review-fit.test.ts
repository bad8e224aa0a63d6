import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedIn } from '../auth/oauth-support.js';
import type { Doors } from '../auth/support.js';
import { makePipelineWorld, type PipelineWorld } from '../support/pipeline.js';
import { draftedCampaign, draftedSpeakers } from './drafted-campaign.js';
import { qualifySpeaker } from '../../src/engine/offline/qualify.js';
import type { CampaignBrief, Enrichment, Icp, SpeakerInput } from '../../src/engine/types.js';
import { fitWords } from '../../src/web/fit-words.js';

/**
 * Why a speaker fits, on the review page: what about the person matches which part of who
 * fits (the ICP), in words; the points the score adds up stay in the API's qualify_reasons.
 */
let w: PipelineWorld;
let campaignId: string;

beforeAll(async () => {
  w = await makePipelineWorld();
  campaignId = await draftedCampaign(w);
}, 60_000);
afterAll(() => w?.close());

it('says why each drafted speaker fits in words, while the API keeps the points', async () => {
  const drafted = await draftedSpeakers(w, campaignId);
  expect(drafted.length).toBeGreaterThan(0);
  const web = await signedIn(w as unknown as Doors, w.user.email);
  let titled = 0;
  for (const id of drafted) {
    const d = (await w.tool('get_speaker_dossier', { speaker_id: id })).data as { title: string | null; fit_score: number; qualify_reasons: string[] };
    expect(d.qualify_reasons.some((r) => /^[+-]\d+ /.test(r))).toBe(true);
    const html = await (await web.get(`/campaigns/${campaignId}/review?view=all&speaker=${id}`)).text();
    const fit = /<dt>Why they fit<\/dt><dd>(.*?)<\/dd>/s.exec(html)?.[1] ?? '';
    const said = fit.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(said).toContain(`Fits ${d.fit_score} of 100; the bar is 50.`);
    // No arithmetic and no engine words: points, verdicts, comparisons.
    expect(said).not.toMatch(/(^|\s)[+-]\d+\s|>=|prequalify|verdict|\bICP\b/);
    if (/among the job titles you target/.test(said)) titled++;
  }
  // The test profile's job titles are what these speakers were picked by.
  expect(titled).toBeGreaterThan(0);
});

it('puts every reason the rules engine gives into words: titles, seniority, topics, industries, a student, a ruled-out speaker', () => {
  const icp = (over: Partial<Icp>): Icp => ({ titles: [], seniority: [], industries: [], keywords: [], exclusions: [], competitors: [], ...over });
  const brief = (i: Icp) => ({ icp: i }) as CampaignBrief;
  const speaker = (over: Partial<SpeakerInput>): SpeakerInput =>
    ({
      name: 'Ada Byron',
      title: null,
      company: 'Acme Health',
      tagline: null,
      bio: null,
      talks: [{ title: 'Postgres at scale' }],
      linkedinUrl: 'https://www.linkedin.com/in/ada-byron/',
      companyLinkedinUrl: null,
      links: [],
      profileUrl: null,
      sourceUrl: 'https://conf.example/speakers',
      ...over,
    }) as SpeakerInput;
  const enrich = (seniority: Enrichment['seniority']) =>
    ({ linkedinUrl: null, companyWebsite: null, companyDomain: null, role: null, seniority, sources: [] }) as Enrichment;
  const cases: Array<[SpeakerInput, Enrichment, 'qualified' | 'unsure' | 'disqualified', Icp]> = [
    [
      speaker({ title: 'VP Engineering', bio: 'Postgres and observability in healthcare.' }),
      enrich('vp'),
      'qualified',
      icp({ titles: ['VP Engineering'], seniority: ['vp'], keywords: ['postgres', 'observability'], industries: ['healthcare'] }),
    ],
    [speaker({ title: 'Engineering Manager' }), enrich('manager'), 'unsure', icp({ titles: ['Engineering Director'], seniority: ['director'] })],
    [speaker({ title: 'Student of computer science' }), enrich('student'), 'unsure', icp({ titles: ['CTO'] })],
    [speaker({ title: 'Principal Engineer' }), enrich('director'), 'qualified', icp({})],
    [speaker({ title: 'Recruiter' }), enrich('unknown'), 'disqualified', icp({ exclusions: ['recruiter'] })],
  ];
  const said: string[] = [];
  for (const [s, e, verdict, i] of cases) {
    const q = qualifySpeaker(s, e, { verdict, reasons: verdict === 'disqualified' ? ['works as a recruiter'] : [] }, brief(i));
    const words = fitWords(q.reasons, s.title);
    expect(words.at(-1)).toBe(`Fits ${q.score} of 100; the bar is 50.`);
    said.push(...words);
  }
  for (const line of said) expect(line).not.toMatch(/(^|\s)[+-]\d+\s|>=|prequalify|verdict|\bICP\b|^[a-z]/);
  for (const part of [
    'job titles you target',
    'seniority (VP) is one you target',
    'topics you target',
    'industries you target',
    'A student',
    'Ruled out',
    'you named no',
  ]) {
    expect(said.join(' ')).toContain(part);
  }
});
