import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordLedger } from '../../src/core/credits.js';
import { Scheduler } from '../../src/pipeline/scheduler.js';
import { connect, makeSendersWorld, wire, type SendersWorld } from '../senders/support.js';
import { signalRows, toCsv, type SignalRow } from '../support/intent.js';

interface Lead {
  lead_id: string;
  name: string;
  linkedin_url: string;
  qualified: boolean | null;
  prequalify_verdict: string | null;
  stage: string;
  selected: boolean;
  drafted: boolean;
  also_a_speaker: boolean;
}

/**
 * A campaign of intent leads from start to push: 1,000 signal rows (some bad) in over
 * HTTP, the leads qualified by a run, a few selected and drafted, the drafts citing what
 * each person did, then approved and pushed like any speaker's sequence.
 */
describe('intent leads end to end', () => {
  let w: SendersWorld;
  let scheduler: Scheduler;
  let campaignId: string;
  let speakerCampaign: string;
  let leads: Lead[];
  let picked: Lead[];

  const allLeads = async (): Promise<Lead[]> => {
    const out: Lead[] = [];
    let cursor: string | undefined;
    do {
      const page = await w.tool('list_intent_leads', { campaign_id: campaignId, limit: 200, cursor });
      out.push(...page.data.items);
      cursor = page.data.next_cursor ?? undefined;
    } while (cursor);
    return out;
  };

  beforeAll(async () => {
    w = await makeSendersWorld();
    // Bigger steps than the shared world's: a thousand rows at ten a step is only slow.
    scheduler = new Scheduler(w.instance, { limits: { batch: 250, chunk: 50 } });
    await recordLedger(w.instance.db, w.instance, { userId: w.user.userId, delta: 2000, kind: 'grant', reference: 'intent-test', description: 'test credits' });
    speakerCampaign = (await w.tool('create_campaign', { name: 'DevConf', conference_url: w.urls.sessionize, auto_start: true })).data.campaign_id;
    await scheduler.drain();
    campaignId = (await w.tool('create_campaign', { name: 'LinkedIn intent' })).data.campaign_id;
    await w.tool('update_campaign', { campaign_id: campaignId, intent_enabled: true });
  }, 120_000);
  afterAll(async () => {
    await scheduler.stop();
    await w.close();
  });

  it('imports 1,000 rows over HTTP, naming the bad ones, and flags a lead who is also a speaker', async () => {
    const rows = signalRows(1000, 300);
    const speaker = w.people.find((p) => p.linkedin) as { linkedin: string; first: string; last: string };
    rows[999] = { ...(rows[999] as SignalRow), linkedin_url: speaker.linkedin, name: `${speaker.first} ${speaker.last}` };
    rows[500] = { ...(rows[500] as SignalRow), signal_type: 'poke' };
    rows[501] = { ...(rows[501] as SignalRow), linkedin_url: 'https://example.com/in/nobody' };
    const r = await w.post(`/campaigns/${campaignId}/intent-signals`, { csv: toCsv(rows as never) });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ rows: 1000, accepted: 998, leads_new: 301, also_speakers: 1 });
    expect(r.body.data.refused.map((x: { row: number; reason: string }) => [x.row, x.reason.split(' ')[0]])).toEqual([
      [501, 'signal_type'],
      [502, 'linkedin_url'],
    ]);
    leads = await allLeads();
    expect(leads).toHaveLength(301);
    expect(leads.filter((l) => l.also_a_speaker).map((l) => l.linkedin_url)).toEqual([speaker.linkedin.replace(/\/$/, '')]);
  });

  it('prequalifies and qualifies the leads against the ICP in a run, drafting none until some are selected', async () => {
    const started = await w.tool('start_campaign_run', { campaign_id: campaignId });
    expect(started.data).toMatchObject({ created: true });
    await scheduler.drain();
    const status = await w.tool('get_run_status', { campaign_id: campaignId });
    expect(status.data.run).toMatchObject({ status: 'done', error: null });
    expect(status.data.counts).toMatchObject({ speakers: 0, intent_leads: 301, drafts: 0 });
    leads = await allLeads();
    expect(leads.every((l) => l.stage === 'done' && l.prequalify_verdict !== null)).toBe(true);
    // Recruiters and students are ruled out by the ICP's exclusions; the fitting titles qualify.
    const recruiter = leads.find((l) => /Recruiter/.test((l as unknown as { headline: string }).headline));
    expect(recruiter).toMatchObject({ prequalify_verdict: 'disqualified', qualified: false });
    expect(leads.filter((l) => l.qualified).length).toBeGreaterThan(100);
    const stats = (await w.tool('campaign_stats', { campaign_id: campaignId })).data;
    const idle = await w.tool('start_campaign_run', { campaign_id: campaignId });
    expect(idle.error?.message).toMatch(/every speaker and intent lead is already processed; select the intent leads to draft/);
    expect(stats.funnel.scraped).toBe(0);
    expect(stats.intent_leads).toMatchObject({ imported: 301, drafted: 0, excluded: 301 });
  }, 120_000);

  it("drafts the selected, qualified leads on the next run, each sequence citing the person's own action", async () => {
    picked = leads.filter((l) => l.qualified).slice(0, 6);
    for (const l of picked) expect((await w.tool('set_intent_lead_selected', { lead_id: l.lead_id, selected: true })).data.selected).toBe(true);
    const preview = await w.post(`/campaigns/${campaignId}/runs`, { dry_run: true });
    expect(preview.body.data.cost_preview.lines).toContainEqual({ stage: 'draft', count: 6, unit_credits: 1, credits: 6 });
    await w.tool('start_campaign_run', { campaign_id: campaignId });
    await scheduler.drain();
    const stats = (await w.tool('campaign_stats', { campaign_id: campaignId })).data;
    expect(stats.intent_leads.drafted).toBe(6);
    for (const l of picked) {
      const d = (await w.get(`/speakers/${l.lead_id}`)).body.data;
      expect(d.source).toBe('intent');
      const newest = d.intent.signals[0];
      const activity = d.research.signals.find((s: { kind: string }) => s.kind === 'intent_activity');
      // The research signal is the newest action, with the post's own words as its source.
      if (newest.text) expect(newest.text).toContain(activity.source_text.slice(0, 40));
      expect(activity.source_url).toBe(newest.url);
      expect(d.messages).toHaveLength(3);
      const [first, second, third] = d.messages;
      expect(first.content).toContain(activity.value);
      // A follow-up comes back to the same action by what it was about, not by pasting the note's line again
      // (the first follow-up may carry a second fact about the person instead; then the last note names the action).
      const about = /\b(?:about|at|for) (.+)$/.exec(activity.value)?.[1] ?? activity.value;
      expect(`${second.content}\n${third.content}`).toContain(about);
      // Every claim is grounded: the action's words are in what the person did.
      for (const m of d.messages) expect(m.hard_fail_codes).not.toContain('ungrounded_claim');
    }
    // What the notes open with, taken from the posts: the ICP keyword as written, a theme by its name.
    const notes = await Promise.all(picked.map(async (l) => (await w.get(`/speakers/${l.lead_id}`)).body.data.messages[0].content as string));
    expect(notes.some((n) => n.includes('your comment on a post about Postgres'))).toBe(true);
    expect(notes.some((n) => n.includes('you reacted to a post about platform engineering'))).toBe(true);
  }, 120_000);

  it('covers the leads in get_draft_qa, by lead id and campaign-wide', async () => {
    const one = await w.tool('get_draft_qa', { speaker_id: picked[0]?.lead_id });
    expect(one.data.speakers).toEqual([expect.objectContaining({ speaker_id: picked[0]?.lead_id, source: 'intent' })]);
    const all = await w.get(`/campaigns/${campaignId}/qa`, { query: { limit: 200 } });
    expect(new Set(all.body.data.messages.map((m: { speaker_id: string }) => m.speaker_id))).toEqual(new Set(picked.map((l) => l.lead_id)));
    const buckets = all.body.data.buckets;
    expect(buckets.skipped).toBe(301 - 6);
  });

  it("approves and pushes the clean lead sequences like a speaker's", async () => {
    await wire(w, campaignId, await connect(w, 'webhook'), 'default');
    const pushed = await w.post(`/campaigns/${campaignId}/approve-and-push`, {});
    expect(pushed.status).toBe(200);
    const ready = pushed.body.data.push.pushed as number;
    expect(ready).toBeGreaterThan(0);
    expect(ready + Object.values(pushed.body.data.skipped_by_reason as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(6);
    const received = [...w.receiver.leads.values()] as Array<{ lead: { linkedin_url: string }; messages: { msg1: string } }>;
    expect(received).toHaveLength(ready);
    for (const e of received) expect(picked.map((l) => l.linkedin_url)).toContain(e.lead.linkedin_url);
    const stats = (await w.tool('campaign_stats', { campaign_id: campaignId })).data;
    expect(stats.intent_leads.sent).toBe(ready);
    expect((await w.tool('campaign_stats', { campaign_id: speakerCampaign })).data.intent_leads.imported).toBe(0);
  });
});
