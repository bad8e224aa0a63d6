import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs } from '../support/clients.js';
import type { TestUser } from '../support/instance.js';
import { autoStartCampaign, othersRunCampaign, refusal, speakersOf, UNKNOWN, type SpeakerSummary as Summary } from '../support/drafts.js';
import { makePipelineWorld, type PipelineWorld } from '../support/pipeline.js';

const TOOL = 'get_speaker_dossier';

const refused = refusal(TOOL, 'read');

describe('get_speaker_dossier', () => {
  let w: PipelineWorld;
  let other: TestUser;
  let firstId: string;
  let secondId: string;
  let first: Summary[];
  let second: Summary[];
  let theirs: Summary[];

  /** The same dossier read over HTTP and MCP; both must agree. */
  const dossier = async (speakerId: string) => {
    const h = await w.get(`/speakers/${speakerId}`);
    expect(h.status).toBe(200);
    expect(h.body).toMatchObject({ ok: true, tool: TOOL, kind: 'read', error: null, data: { speaker_id: speakerId } });
    expect(await w.tool(TOOL, { speaker_id: speakerId })).toEqual(h.body);
    return h.body.data;
  };

  beforeAll(async () => {
    w = await makePipelineWorld();
    firstId = await autoStartCampaign(w, 'First look', w.urls.sessionize);
    await w.scheduler.drain();
    // The same page again in a second campaign: the same people, new speaker rows.
    secondId = await autoStartCampaign(w, 'Second look', w.urls.sessionize);
    ({ other, othersSpeakers: theirs } = await othersRunCampaign(w, w.urls.sessionize));
    first = await speakersOf(w, firstId);
    second = await speakersOf(w, secondId);
  });
  afterAll(() => w.close());

  it('gives a qualified speaker bio, talks, enrichment, grounded research signals and three drafts with QA state', async () => {
    const summary = first.find((s) => s.qualified === true && s.prequalify_verdict === 'qualified') as Summary;
    expect(summary).toBeDefined();
    const d = await dossier(summary.speaker_id);
    expect(d).toMatchObject({ ...summary, campaign_id: firstId, stage: 'done', qualified: true, source_url: w.urls.sessionize });
    expect(d.bio).toContain(summary.name.split(' ')[0]);
    expect(d.talks.length).toBeGreaterThan(0);
    for (const t of d.talks) expect(t.title).toEqual(expect.any(String));
    expect(d.prequalify_reasons.length).toBeGreaterThan(0);
    expect(d.qualify_reasons.length).toBeGreaterThan(0);
    expect(Object.keys(d.enrichment).sort()).toEqual(['company_domain', 'company_website', 'enriched_at', 'linkedin_url', 'role', 'seniority', 'sources']);
    expect(d.enrichment).toMatchObject({
      linkedin_url: d.linkedin_url,
      role: expect.any(String),
      seniority: expect.any(String),
      sources: expect.any(Array),
      enriched_at: expect.any(String),
    });
    expect(d.enrichment.sources.length).toBeGreaterThan(0);

    expect(d.research.researched_at).toEqual(expect.any(String));
    expect(d.research.signals.length).toBeGreaterThan(0);
    const ownText = [
      d.name,
      d.title,
      d.company,
      d.tagline,
      d.bio,
      ...d.talks.flatMap((t: { title: string; abstract?: string }) => [t.title, t.abstract ?? '']),
    ].join('\n');
    for (const g of d.research.signals) {
      expect(g).toEqual({ kind: expect.any(String), value: expect.any(String), source_text: expect.any(String), source_url: w.urls.sessionize });
      expect(g.source_text.length).toBeGreaterThan(0);
      // Every signal cites text the speaker's own page contains.
      expect(ownText).toContain(g.source_text);
    }

    expect(d.messages.map((m: { slot: number }) => m.slot)).toEqual([1, 2, 3]);
    for (const m of d.messages) {
      expect(m).toMatchObject({
        message_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        speaker_id: summary.speaker_id,
        campaign_id: firstId,
        content: expect.any(String),
        sent: false,
        sent_at: null,
        drafted_at: expect.any(String),
        qa_score: expect.any(Number),
        qa_evaluated_at: expect.any(String),
        qa_flags: expect.any(Array),
        qa_reasons: expect.any(Array),
        hard_fail_codes: expect.any(Array),
        fix_hints: expect.any(Array),
        needs_human: expect.any(Boolean),
        needs_redo: expect.any(Boolean),
        approvable: expect.any(Boolean),
      });
      expect(m.content.length).toBeGreaterThan(0);
      for (const hint of m.fix_hints)
        expect(hint).toEqual({ code: expect.any(String), action: expect.any(String), fix: expect.any(String), hint: expect.any(String) });
      expect(m.fix_hints.map((h: { code: string }) => h.code)).toEqual(expect.arrayContaining(m.hard_fail_codes));
    }
  });

  it('gives a disqualified speaker reasons but no enrichment, research or drafts', async () => {
    const summary = first.find((s) => s.prequalify_verdict === 'disqualified') as Summary;
    expect(summary).toBeDefined();
    const d = await dossier(summary.speaker_id);
    expect(d).toMatchObject({
      prequalify_verdict: 'disqualified',
      qualified: false,
      stage: 'done',
      enrichment: null,
      research: { signals: [], researched_at: null },
      messages: [],
    });
    expect(d.prequalify_reasons.length).toBeGreaterThan(0);
    expect(d.bio).toEqual(expect.any(String));
  });

  it('gives a speaker who did not qualify enrichment but no research or drafts', async () => {
    const summary = first.find((s) => s.prequalify_verdict !== 'disqualified' && s.qualified === false) as Summary;
    expect(summary).toBeDefined();
    const d = await dossier(summary.speaker_id);
    expect(d.enrichment).toMatchObject({ enriched_at: expect.any(String) });
    expect(d).toMatchObject({ qualified: false, research: { signals: [], researched_at: null }, messages: [] });
    expect(d.qualify_reasons.length).toBeGreaterThan(0);
  });

  it('lists the same person in the user’s other campaigns, both ways, and never another user’s', async () => {
    expect(second).toHaveLength(first.length);
    for (const s of first.slice(0, 4)) {
      const twin = second.find((t) => t.name === s.name) as Summary;
      expect(twin).toBeDefined();
      expect((await dossier(s.speaker_id)).also_in_campaigns).toEqual([{ campaign_id: secondId, campaign_name: 'Second look', speaker_id: twin.speaker_id }]);
      expect((await dossier(twin.speaker_id)).also_in_campaigns).toEqual([{ campaign_id: firstId, campaign_name: 'First look', speaker_id: s.speaker_id }]);
    }
  });

  it('lists no other campaign for a person scraped only once', async () => {
    const onlyOnce = await autoStartCampaign(w, 'Day two', w.urls.extra);
    await w.scheduler.drain();
    const speakers = await speakersOf(w, onlyOnce);
    expect(speakers.length).toBeGreaterThan(0);
    expect((await dossier((speakers[0] as Summary).speaker_id)).also_in_campaigns).toEqual([]);
  });

  it('shows, per scraped field, the text of the conference page it was read from', async () => {
    const cardsCampaign = await autoStartCampaign(w, 'Cards', w.urls.cards);
    await w.scheduler.drain();
    const cards = await speakersOf(w, cardsCampaign);
    const person = w.people.find((p) => p.linkedin && cards.some((s) => s.name === `${p.first} ${p.last}`));
    const speaker = cards.find((s) => s.name === `${person?.first} ${person?.last}`) as Summary;
    const d = await dossier(speaker.speaker_id);
    // A page titled only "Speakers" names no event, so there is no event to quote.
    expect(d.evidence).toEqual({
      name: `${person?.first} ${person?.last}`,
      title: `${person?.title}, ${person?.company}`,
      company: `${person?.title}, ${person?.company}`,
      linkedin: `<a class="social" href="${person?.linkedin}">`,
      talk: `Talk: ${person?.talk.title}`,
    });
    // From an API view the quote is the source's own JSON around the value.
    const fromApi = await dossier((first[0] as Summary).speaker_id);
    expect(fromApi.evidence.name).toContain(`"fullName":"${fromApi.name}"`);
    expect(fromApi.evidence.talk).toContain(`"title":"${fromApi.talks[0].title}"`);
    for (const text of Object.values(fromApi.evidence) as string[]) expect(text.length).toBeLessThanOrEqual(300);
  });

  describe('refusals', () => {
    it('answers 401 unauthenticated without a key or with a bad key', async () => {
      const id = (first[0] as Summary).speaker_id;
      for (const key of [undefined, 'grn_not_a_real_key']) {
        const h = await w.get(`/speakers/${id}`, { key });
        expect(h.status).toBe(401);
        expect(h.body).toEqual(refused('unauthenticated'));
        expect(h.headers.get('www-authenticate')).toMatch(/^Bearer /);
      }
    });

    it('answers 403 forbidden_scope to a key without read, over HTTP and MCP', async () => {
      const id = (first[0] as Summary).speaker_id;
      const h = await w.get(`/speakers/${id}`, { key: w.user.keys.write });
      expect(h.status).toBe(403);
      expect(h.body).toEqual(refused('forbidden_scope'));
      expect(await callAs(w.instance, w.user, 'write', TOOL, { speaker_id: id })).toEqual(refused('forbidden_scope'));
    });

    it('answers 404 not_found for an unknown speaker and for another user’s speaker, both ways, over HTTP and MCP', async () => {
      const theirId = (theirs[0] as Summary).speaker_id;
      for (const id of [UNKNOWN, theirId]) {
        const h = await w.get(`/speakers/${id}`);
        expect(h.status).toBe(404);
        expect(h.body).toEqual(refused('not_found'));
        expect(await w.tool(TOOL, { speaker_id: id })).toEqual(refused('not_found'));
      }
      const ours = await w.get(`/speakers/${(first[0] as Summary).speaker_id}`, { key: other.keys.read });
      expect(ours.status).toBe(404);
      expect(ours.body).toEqual(refused('not_found'));
    });

    it('answers 400 invalid_request to a malformed speaker_id or an unknown field, over HTTP and MCP', async () => {
      const h = await w.get('/speakers/not-a-uuid');
      expect(h.status).toBe(400);
      expect(h.body).toEqual(refused('invalid_request'));
      expect(h.body.error?.message).toMatch(/speaker_id/);
      for (const speaker_id of ['not-a-uuid', 42, null, true]) expect(await w.tool(TOOL, { speaker_id })).toEqual(refused('invalid_request'));
      expect(await w.tool(TOOL, {})).toEqual(refused('invalid_request'));
      const id = (first[0] as Summary).speaker_id;
      const extra = await w.get(`/speakers/${id}`, { query: { include: 'messages' } });
      expect(extra.status).toBe(400);
      expect(extra.body).toEqual(refused('invalid_request'));
      expect(extra.body.error?.message).toContain('include');
      expect(await w.tool(TOOL, { speaker_id: id, include: 'messages' })).toEqual(refused('invalid_request'));
    });
  });
});
