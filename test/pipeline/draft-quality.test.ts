/**
 * Drafts a professional would send, through the real entry points: conference pages on
 * a loopback site shaped like the real ones in ../shared/eval, a campaign created over
 * HTTP, the pipeline run by the scheduler, and the drafts read back over MCP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite } from '../../src/demo/site.js';
import { Scheduler } from '../../src/pipeline/scheduler.js';
import { makeWorld, type World } from '../support/world.js';

interface Sz {
  id: string;
  name: string;
  tagLine?: string;
  bio?: string;
  talk: string;
}

/** People whose scraped lines tripped the offline engine on the real pages. */
const PEOPLE: Sz[] = [
  {
    id: 'a',
    name: 'Stefan Kessler',
    tagLine: 'Senior Consultant IoT, Microsoft Azure MVP',
    bio: 'Stefan builds connected factories.',
    talk: 'Digital Twins for Small Plants',
  },
  {
    id: 'b',
    name: 'Martina Graf',
    tagLine: 'CEO atwork, MVP Office 365, Microsoft RD',
    bio: 'Martina runs a consultancy.',
    talk: 'Teams Governance in Practice',
  },
  {
    id: 'c',
    name: 'Kateryna Bondar',
    tagLine: 'Senior Frontend Engineer',
    bio: 'Kateryna is an engineer from Ukraine with 9+ years of experience in UI development and design.',
    talk: 'Design Systems That Last',
  },
  { id: 'd', name: 'William Hart', tagLine: 'Director, Architect, Local Tech Lead', bio: 'William leads a local tech community.', talk: 'Architecture Katas' },
  { id: 'e', name: 'piet.vanderpaelt@mil.be', tagLine: 'Software Engineer at Defensie', talk: 'Julia for Logistics' },
  { id: 'f', name: 'bigalex', tagLine: 'Software Engineer at Hackspace Kyiv', talk: 'Soldering for Everyone' },
  { id: 'g', name: 'Andreea Belu (EDRi)', tagLine: 'Policy Engineer', talk: 'Encryption and the Law' },
  // Two people at one company with the same data: they compare notes.
  { id: 'h', name: 'Murat Yener', tagLine: 'Android Engineer at Intel', bio: 'Works on Android tooling.', talk: 'Faster Android Builds' },
  { id: 'i', name: 'Xavier Hallade', tagLine: 'Android Engineer at Intel', bio: 'Works on Android tooling.', talk: 'Faster Android Builds' },
  {
    id: 'j',
    name: 'Noor Haddad',
    tagLine: 'Staff Engineer at Lumen',
    bio: 'Noor works on observability and tracing for payment systems.',
    talk: 'Observability on a Budget',
  },
];

function sessionize(people: Sz[]): string {
  return JSON.stringify({
    sessions: people.map((p) => ({ id: `s-${p.id}`, title: p.talk, description: null, speakers: [p.id] })),
    speakers: people.map((p) => ({
      id: p.id,
      fullName: p.name,
      tagLine: p.tagLine ?? '',
      bio: p.bio ?? null,
      sessions: [`s-${p.id}`],
      links: [],
      profilePicture: null,
    })),
    questions: [],
    categories: [],
    rooms: [],
  });
}

/** An HTML speaker page that names its event in a schema.org Event and in its title. */
function cards(event: string): string {
  const card = (n: string, role: string, talk: string) => `<article class="card"><h3>${n}</h3><p class="role">${role}</p><p>Talk: ${talk}</p></article>`;
  return `<!doctype html><html><head><title>Speakers | ${event}</title><script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Event', name: event })}</script></head><body><main><h1>Speakers</h1><section class="grid">${[
    card('Lena Vogt', 'Staff Engineer, Quillstack', 'Platform Teams as Products'),
    card('Omar Said', 'Principal Engineer, Fernwood', 'Kubernetes Cost Control'),
    card('Ines Duarte', 'Engineering Manager, Bold Otter', 'Incident Reviews People Read'),
  ].join('')}</section></main></body></html>`;
}

const ICP = {
  titles: ['Engineer', 'Consultant', 'CEO', 'Director', 'Manager'],
  seniority: [],
  industries: [],
  keywords: ['observability'],
  exclusions: [],
  competitors: [],
};
const NO_PROBLEM = 'We help platform teams ship faster.';

type Message = { speaker_id: string; slot: number; content: string; hard_fail_codes: string[]; approvable: boolean; message_id: string };

describe('drafts a professional would send', () => {
  let w: World;
  let site: Awaited<ReturnType<typeof startSite>>;
  let scheduler: Scheduler;

  async function campaign(pitch: string): Promise<{ id: string; messages: Message[]; speakers: Map<string, { name: string; company: string | null }> }> {
    const created = await w.post('/campaigns', { name: 'Quality', conference_url: site.url('/api/v2/quality/view/All'), pitch });
    const id = created.body.data.campaign_id as string;
    await w.tool('update_campaign', { campaign_id: id, icp: ICP });
    await w.tool('add_conference_url', { campaign_id: id, url: site.url('/speakers') });
    await w.tool('start_campaign_run', { campaign_id: id });
    await scheduler.drain();
    const messages = (await w.tool('list_messages', { campaign_id: id, limit: 200 })).data.items as Message[];
    const found = (await w.tool('search_speakers', { campaign_id: id, limit: 200 })).data.items as Array<{
      speaker_id: string;
      name: string;
      company: string | null;
    }>;
    return { id, messages, speakers: new Map(found.map((s) => [s.speaker_id, s])) };
  }

  let plain: Awaited<ReturnType<typeof campaign>>;
  beforeAll(async () => {
    site = await startSite({
      '/api/v2/quality/view/All': { contentType: 'application/json', body: sessionize(PEOPLE) },
      '/speakers': { contentType: 'text/html; charset=utf-8', body: cards('FixtureConf 2026') },
    });
    w = await makeWorld({ GREENROOM_SCRAPE_PACING_MS: '0', GREENROOM_ALLOW_HOSTS: site.host });
    scheduler = new Scheduler(w.instance, { limits: { batch: 20, chunk: 5 } });
    plain = await campaign(NO_PROBLEM);
  }, 60_000);
  afterAll(async () => {
    await scheduler.stop();
    await w.close();
    await site.close();
  });

  const textOf = (c: typeof plain, name: string) => {
    const id = [...c.speakers].find(([, s]) => s.name === name)?.[0];
    return c.messages.filter((m) => m.speaker_id === id).map((m) => m.content);
  };

  it('drafts every speaker, and every draft passes the QA gate', () => {
    expect(plain.speakers.size).toBe(PEOPLE.length + 3);
    expect(new Set(plain.messages.map((m) => m.speaker_id)).size).toBe(PEOPLE.length + 3);
    // A speaker the page names only by a handle or an address is greeted with no name: the gate sends
    // those notes to a person to find the name (bare_greeting), and nothing else.
    const bare = plain.messages.filter((m) => m.content.startsWith('Hey,'));
    expect(bare.length).toBeGreaterThan(0);
    for (const m of bare) expect(m.hard_fail_codes, m.content).toEqual(['bare_greeting']);
    expect(plain.messages.filter((m) => m.hard_fail_codes.length > 0 && !m.content.startsWith('Hey,')).map((m) => m.content)).toEqual([]);
  });

  it('never takes an award, years of experience or part of a title for the company', () => {
    const all = plain.messages.map((m) => m.content).join('\n');
    expect(all).not.toMatch(/at Microsoft (?:Azure MVP|RD)|at MVP|at 9\b|at Architect|Trainerin/);
    expect(plain.speakers.get([...plain.speakers].find(([, s]) => s.name === 'Kateryna Bondar')?.[0] as string)?.company).toBeNull();
  });

  it('leaves the company empty when unsure, in the dossier too', async () => {
    const id = [...plain.speakers].find(([, s]) => s.name === 'Kateryna Bondar')?.[0];
    const dossier = (await w.tool('get_speaker_dossier', { speaker_id: id })).data;
    const companies = dossier.research.signals.filter((g: { kind: string }) => g.kind === 'company_fact');
    expect(companies).toEqual([]);
  });

  it('names the conference the page names, on pages that name none too', () => {
    for (const name of ['Lena Vogt', 'Omar Said', 'Stefan Kessler', 'Noor Haddad']) {
      expect(
        textOf(plain, name).some((t) => t.includes('FixtureConf 2026')),
        name,
      ).toBe(true);
    }
  });

  it("asks about the task the pitch helps with, in the reader's terms, not the pitch pasted", async () => {
    const shows = await campaign('Buildlens is a CI dashboard: it shows which commit broke the build, without digging through logs.');
    const seconds = shows.messages.filter((m) => m.slot === 2);
    expect(seconds.length).toBeGreaterThan(0);
    // Every second message says the product, in more than one way across the campaign (the task, what it is, whom it is for).
    for (const m of seconds) {
      expect(m.content).toMatch(/Buildlens/);
      expect(m.content).not.toMatch(/without digging through logs/);
    }
    expect(seconds.some((m) => /which commit broke the build/.test(m.content))).toBe(true);
    // The connection note asks nothing of the kind.
    for (const m of shows.messages.filter((x) => x.slot === 1)) expect(m.content).not.toMatch(/which commit broke/);
    expect(plain.messages.filter((m) => /run into|encounter/.test(m.content)).map((m) => m.content)).toEqual([]);
  }, 60_000);

  it('keeps topic words in the case the speaker wrote them', () => {
    const noor = textOf(plain, 'Noor Haddad').join('\n');
    expect(noor).toMatch(/Observability on a Budget/);
    expect(noor).not.toMatch(/(?<![."]\s*)\bObservability\b(?! on a Budget)/);
  });

  it('gives two people at one company different texts, name aside', () => {
    const murat = textOf(plain, 'Murat Yener').map((t) => t.replace(/Murat/g, 'N'));
    const xavier = textOf(plain, 'Xavier Hallade').map((t) => t.replace(/Xavier/g, 'N'));
    expect(murat).toHaveLength(3);
    for (const t of murat) expect(xavier).not.toContain(t);
  });

  it('does not greet e-mail addresses or handles as names, and reads an organisation in parentheses as the company', () => {
    for (const name of ['piet.vanderpaelt@mil.be', 'bigalex']) {
      const first = textOf(plain, name)[0] ?? '';
      // No name guessed from an address or a handle, and no "Hey there": neither is greeted as a first name.
      expect(first, name).toMatch(/^Hey, /);
    }
    const andreea = [...plain.speakers.values()].find((s) => s.name.startsWith('Andreea'));
    expect(andreea).toMatchObject({ name: 'Andreea Belu', company: 'EDRi' });
  });

  describe('the QA gate', () => {
    async function edited(name: string, slot: number, content: string) {
      const id = [...plain.speakers].find(([, sp]) => sp.name === name)?.[0];
      const m = plain.messages.find((x) => x.speaker_id === id && x.slot === slot) as Message;
      await w.tool('update_message', { message_id: m.message_id, content });
      await w.tool('rescore_drafts', { campaign_id: plain.id, message_ids: [m.message_id] });
      const qa = (await w.tool('get_draft_qa', { speaker_id: id })).data.messages.find((x: { slot: number }) => x.slot === slot);
      return { id: m.message_id, qa };
    }

    it('fails a company that is an award or a number although the dossier holds it, with a fix hint', async () => {
      const { qa } = await edited(
        'Stefan Kessler',
        2,
        'Hey Stefan,\n\nThanks for connecting! Given your work on IoT, I thought of you. We help platform teams ship faster. Does that match what you see at Microsoft Azure MVP?\n\nCheers,\nSam Rivera',
      );
      expect(qa.hard_fail_codes).toContain('implausible_company_or_title');
      expect(qa.fix_hints).toContainEqual(
        expect.objectContaining({
          code: 'implausible_company_or_title',
          action: 'rescore',
          fix: 'rewrite',
          hint: expect.stringMatching(/Microsoft Azure MVP/),
        }),
      );
      expect(qa.qa_score).toBeLessThanOrEqual(4);
      expect(qa.approvable).toBe(false);
      const kateryna = await edited(
        'Kateryna Bondar',
        2,
        'Hey Kateryna,\n\nGood to be connected. With all your JavaScript work, this seemed worth a mention. We help platform teams ship faster. Is that something you run into at 9?\n\nCheers,\nSam Rivera',
      );
      expect(kateryna.qa.hard_fail_codes).toContain('implausible_company_or_title');
    });

    it('fails broken text, and a person sending it anyway does not make it an exemplar', async () => {
      const broken = 'Hey Martina,\n\nOne more note on Teams governance at atwork? see! short offer, Cheers,\nDana Kim\n\nOpen to a short call next week?';
      const { id, qa } = await edited('Martina Graf', 3, broken);
      expect(qa.hard_fail_codes).toEqual(['broken_text']);
      expect(qa.fix_hints[0]).toMatchObject({ code: 'broken_text', action: 'rescore', fix: 'rewrite' });
      expect(qa.qa_reasons.join(' ')).toMatch(/broken text/);
      await w.tool('mark_message_sent', { message_id: id });
      const profile = (await w.tool('get_profile')).data;
      expect(profile.exemplars).not.toContain(broken);
      const campaign = (await w.tool('get_campaign', { campaign_id: plain.id })).data;
      expect(campaign.style.exemplar_count).toBe(0);
    });

    it('lists both codes with their action and hint', async () => {
      const codes = (await w.get('/qa-codes')).body.data;
      const list = JSON.stringify(codes);
      expect(list).toContain('implausible_company_or_title');
      expect(list).toContain('broken_text');
    });
  });

  it("never counts the writer's own call to action as a line the campaign repeats, when the campaign sets none", async () => {
    const fresh = await campaign(NO_PROBLEM);
    expect((await w.tool('get_campaign', { campaign_id: fresh.id })).data.cta ?? '').toBe('');
    await w.tool('rescore_drafts', { campaign_id: fresh.id });
    const lasts = ((await w.tool('list_messages', { campaign_id: fresh.id, limit: 200 })).data.items as Message[]).filter((m) => m.slot === 3);
    expect(lasts.length).toBeGreaterThan(10);
    expect(lasts.filter((m) => m.hard_fail_codes.includes('campaign_repeated_line')).map((m) => m.content)).toEqual([]);
  }, 60_000);
});
