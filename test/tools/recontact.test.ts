import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReadySequences } from '../../bench/push-seed.js';
import { recordLedger } from '../../src/core/credits.js';
import { openStream } from '../support/event-stream.js';
import { connect, HEYREACH_CAMPAIGN, LEMLIST_CAMPAIGN, makeSendersWorld, wire, type SendersWorld } from '../senders/support.js';

const DAY = 86_400_000;

/** No one twice: the same person (by LinkedIn profile) in two campaigns of one account is pushed once per window. */
describe('recontact window', () => {
  let w: SendersWorld;
  let heyreach: string;
  let lemlist: string;

  async function campaign(name: string, prefix: string, n: number, conn: string, target: string | number) {
    const id = (await w.tool('create_campaign', { name })).data.campaign_id as string;
    const speakers = await seedReadySequences(w.instance.db, { campaignId: id, userId: w.user.userId, n, at: w.clock.now(), prefix });
    await wire(w, id, conn, target);
    return { id, speakers };
  }

  beforeAll(async () => {
    w = await makeSendersWorld();
    heyreach = await connect(w, 'heyreach');
    lemlist = await connect(w, 'lemlist');
  });
  afterAll(() => w.close());

  it('skips people another campaign pushed within the window (contacted_recently), pushes them when named, and shows where in the dossier', async () => {
    const a = await campaign('Conf A', 'same', 3, heyreach, HEYREACH_CAMPAIGN);
    expect((await w.tool('push_approved', { campaign_id: a.id })).data).toMatchObject({ pushed: 3 });

    w.clock.advance(10 * DAY);
    // The same people (their profile URLs differ only in case and a trailing slash) in another campaign, wired to another tool.
    const b = await campaign('Conf B', 'same', 4, lemlist, LEMLIST_CAMPAIGN);
    await w.instance.db.updateTable('speakers').set({ linkedin_url: 'https://uk.linkedin.com/in/SAME-speaker-0' }).where('id', '=', b.speakers[0]!).execute();
    const dry = await w.post(`/campaigns/${b.id}/push`, { dry_run: true });
    expect(dry.body.data).toMatchObject({ would_push: 1, skipped_by_reason: { contacted_recently: 3 } });
    const r = await w.tool('push_approved', { campaign_id: b.id });
    expect(r.data).toMatchObject({ pushed: 1, skipped: 3 });
    const skipped = r.data.results.filter((x: { outcome: string }) => x.outcome === 'skipped');
    expect(skipped.map((x: { speaker_id: string; reason: string }) => [x.speaker_id, x.reason])).toEqual(
      b.speakers.slice(0, 3).map((s) => [s, 'contacted_recently']),
    );
    expect(skipped[0].detail).toMatch(/push this speaker on their own/);

    const dossier = await w.get(`/speakers/${b.speakers[0]}`);
    expect(dossier.body.data.recent_contacts).toEqual([
      {
        campaign_id: a.id,
        campaign_name: 'Conf A',
        speaker_id: a.speakers[0],
        tool: 'heyreach',
        pushed_at: new Date(w.clock.now().getTime() - 10 * DAY).toISOString(),
        within_window: true,
      },
    ]);
    // The other way round too: A's speaker shows B's push once B pushed.
    const named = await w.tool('push_approved', { campaign_id: b.id, speaker_ids: [b.speakers[1]] });
    expect(named.data).toMatchObject({ pushed: 1, skipped: 0 });
    const aDossier = await w.tool('get_speaker_dossier', { speaker_id: a.speakers[1] });
    expect(aDossier.data.recent_contacts).toMatchObject([{ campaign_id: b.id, tool: 'lemlist', within_window: true }]);
  });

  it('lets the same person go once the window has passed, and never holds back a campaign by its own pushes', async () => {
    w.clock.advance(91 * DAY);
    const c = await campaign('Conf C', 'same', 3, heyreach, HEYREACH_CAMPAIGN);
    const r = await w.tool('push_approved', { campaign_id: c.id });
    // Conf B's named push (speaker 1) was 91 days ago: outside the window, like the rest. The
    // HeyReach campaign still holds Conf A's leads, so it answers duplicate: they went to the tool.
    expect(r.data).toMatchObject({ skipped: 0, failed: 0, skipped_by_reason: { contacted_recently: 0 } });
    expect(r.data.pushed + r.data.duplicate).toBe(3);
    const d = await w.tool('get_speaker_dossier', { speaker_id: c.speakers[0] });
    expect(d.data.recent_contacts.length).toBeGreaterThan(0);
    expect(d.data.recent_contacts.every((x: { within_window: boolean }) => !x.within_window)).toBe(true);
  });

  it('a stop request in one campaign holds the person back in another (suppressed, even when named)', async () => {
    const d = await campaign('Conf D', 'stopper', 2, heyreach, HEYREACH_CAMPAIGN);
    const e = await campaign('Conf E', 'stopper', 2, lemlist, LEMLIST_CAMPAIGN);
    const r = await w.tool('set_speaker_reply_status', { speaker_id: d.speakers[0], reply_status: 'replied', do_not_contact: true });
    expect(r.ok).toBe(true);
    const push = await w.tool('push_approved', { campaign_id: e.id, speaker_ids: e.speakers });
    expect(push.data).toMatchObject({ pushed: 1, skipped_by_reason: { suppressed: 1, contacted_recently: 0 } });
    expect(push.data.results.find((x: { speaker_id: string }) => x.speaker_id === e.speakers[0])).toMatchObject({ outcome: 'skipped', reason: 'suppressed' });
    expect((await w.tool('push_approved', { campaign_id: d.id })).data).toMatchObject({
      pushed: 0,
      skipped_by_reason: { suppressed: 1, contacted_recently: 1 },
    });
    expect((await w.tool('get_speaker_dossier', { speaker_id: e.speakers[0] })).data.do_not_contact).toMatchObject({
      source: 'reply',
      value: 'https://www.linkedin.com/in/stopper-speaker-0',
    });
  });

  it('a run neither enriches nor drafts nor charges someone another campaign pushed within the window, the dry run counts them out, and the first run after the window takes them', async () => {
    // Half the page's people with a LinkedIn profile were pushed a moment ago by another campaign.
    const onPage = w.people.slice(0, 16).filter((p) => p.linkedin);
    const pushedBefore = onPage.filter((_, i) => i % 2 === 0).map((p) => p.linkedin as string);
    const earlier = await campaign('Earlier conference', 'earlier', pushedBefore.length, heyreach, HEYREACH_CAMPAIGN);
    for (const [i, url] of pushedBefore.entries())
      await w.instance.db.updateTable('speakers').set({ linkedin_url: url }).where('id', '=', earlier.speakers[i]!).execute();
    expect((await w.tool('push_approved', { campaign_id: earlier.id })).data.pushed).toBe(pushedBefore.length);

    const id = (await w.tool('create_campaign', { name: 'This conference', conference_url: w.urls.sessionize })).data.campaign_id as string;
    const dry = await w.tool('start_campaign_run', { campaign_id: id, dry_run: true });
    expect(dry.data.cost_preview.note).toMatch(
      new RegExp(`${pushedBefore.length} speaker\\(s\\) another of your campaigns pushed within the last 90 days are held back`),
    );
    const ledger = async (ids: string[], stage: 'enrich' | 'draft') =>
      (
        await w.instance.db
          .selectFrom('credit_ledger')
          .select('reference')
          .where(
            'reference',
            'in',
            ids.map((x) => `${stage}:${x}`),
          )
          .execute()
      ).length;
    const charged = async () =>
      -Number(
        (
          await w.instance.db
            .selectFrom('credit_ledger')
            .select((eb) => eb.fn.sum<number>('delta').as('n'))
            .where(
              'reference',
              'in',
              (await speakersOf(id)).flatMap((s) => [`enrich:${s.id}`, `draft:${s.id}`]),
            )
            .executeTakeFirstOrThrow()
        ).n ?? 0,
      );
    const speakersOf = (campaignId: string) => w.instance.db.selectFrom('speakers').selectAll().where('campaign_id', '=', campaignId).execute();
    const stream = openStream(w, id, ['snapshot', 'run.progress', 'run.completed']);
    await stream.until((s) => s.some((e) => e.type === 'snapshot'));
    expect((await w.tool('start_campaign_run', { campaign_id: id })).ok).toBe(true);
    await w.scheduler.drain();
    await stream.until((s) => s.some((e) => e.type === 'run.completed'));
    stream.es.close();
    // The rules engine runs here, so the dry run's estimate is what the run charged: nothing for the held.
    expect(await charged()).toBe(dry.data.cost_preview.credits);

    const wasPushed = (url: string | null) => pushedBefore.some((p) => p.toLowerCase().replace(/\/$/, '') === (url ?? '').toLowerCase().replace(/\/$/, ''));
    const rows = await speakersOf(id);
    const pushed = rows.filter((s) => wasPushed(s.linkedin_url));
    expect(pushed).toHaveLength(pushedBefore.length);
    const held = pushed.filter((s) => s.prequalify_verdict !== 'disqualified');
    const others = rows.filter((s) => !wasPushed(s.linkedin_url) && s.qualified === 1 && s.selected === 1);
    expect(held.length).toBeGreaterThan(0);
    expect(others.length).toBeGreaterThan(0);
    // They wait for a chunk, unenriched: no charge, and no model call past prequalify.
    for (const s of held) expect(s).toMatchObject({ stage: 'enrich', wave: null, enriched_at: null, drafted_at: null, suppressed_stage: null });
    const heldIds = held.map((s) => s.id);
    expect(await ledger(heldIds, 'enrich')).toBe(0);
    expect(await ledger(heldIds, 'draft')).toBe(0);
    expect(
      await w.instance.db.selectFrom('model_spend').select('stage').where('speaker_id', 'in', heldIds).where('stage', '!=', 'prequalify').execute(),
    ).toEqual([]);
    for (const s of others) expect(s.drafted_at).not.toBeNull();
    expect(
      await ledger(
        others.map((s) => s.id),
        'draft',
      ),
    ).toBe(others.length);
    // Why, on the speaker: the other campaign's push, within the window, and no messages.
    const d = await w.tool('get_speaker_dossier', { speaker_id: held[0]!.id });
    expect(d.data.recent_contacts).toMatchObject([{ campaign_id: earlier.id, campaign_name: 'Earlier conference', tool: 'heyreach', within_window: true }]);
    expect(d.data.messages).toEqual([]);
    // Counted apart: held, not waiting, in the run status and the funnel.
    const status = await w.get(`/campaigns/${id}/runs/latest`);
    expect(status.body.data.counts.held).toBe(held.length);
    expect((await w.tool('campaign_stats', { campaign_id: id })).data.held).toBe(held.length);
    // And on the live stream: each run.progress counts them as held, none of them as waiting.
    const progress = stream.seen.filter((e) => e.type === 'run.progress').map((e) => e.data as { waiting: number; held: number });
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((p) => Number.isInteger(p.held) && p.held >= 0 && p.held <= held.length)).toBe(true);
    expect(progress.at(-1)).toMatchObject({ waiting: 0, held: held.length });
    // The served description of the stream names the field.
    const doc = (await (await fetch(`${w.base}/api/public/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { operationId: string; description: string }>>;
    };
    const streamOp = Object.values(doc.paths)
      .flatMap((p) => Object.values(p))
      .find((o) => o.operationId === 'stream_campaign_events');
    expect(streamOp?.description).toMatch(/run\.progress \{stage, done, total, drafted, waiting, held, failed\}/);

    // With only them left, there is nothing to run until the window has passed, and the answer says why.
    const early = await w.tool('start_campaign_run', { campaign_id: id });
    expect(early.error).toEqual({
      code: 'tool_error',
      message: expect.stringMatching(/^Nothing to run now: \d+ speaker\(s\) another of your campaigns pushed within the last 90 days are held back/),
    });

    w.clock.advance(91 * DAY);
    expect((await w.tool('get_run_status', { campaign_id: id })).data.counts.held).toBe(0);
    const later = await w.tool('start_campaign_run', { campaign_id: id, dry_run: true });
    expect(later.data.cost_preview.note ?? '').not.toMatch(/held back/);
    expect((await w.tool('start_campaign_run', { campaign_id: id })).ok).toBe(true);
    await w.scheduler.drain();
    const after = await w.instance.db.selectFrom('speakers').select(['id', 'enriched_at', 'qualified', 'drafted_at']).where('id', 'in', heldIds).execute();
    expect(after.every((s) => s.enriched_at !== null)).toBe(true);
    const drafted = after.filter((s) => s.qualified === 1);
    expect(drafted.length).toBeGreaterThan(0);
    expect(drafted.every((s) => s.drafted_at !== null)).toBe(true);
    expect(
      await ledger(
        drafted.map((s) => s.id),
        'draft',
      ),
    ).toBe(drafted.length);
  });

  it('a run paused for credits counts the people the window holds as held, apart from those waiting for a chunk', async () => {
    const onPage = w.people.slice(0, 16).filter((p) => p.linkedin);
    const pushedBefore = onPage.filter((_, i) => i % 2 === 1).map((p) => p.linkedin as string);
    const other = await campaign('Other conference', 'other', pushedBefore.length, heyreach, HEYREACH_CAMPAIGN);
    for (const [i, url] of pushedBefore.entries())
      await w.instance.db.updateTable('speakers').set({ linkedin_url: url }).where('id', '=', other.speakers[i]!).execute();
    expect((await w.tool('push_approved', { campaign_id: other.id })).data.pushed).toBeGreaterThan(0);

    const balance = (await w.tool('get_credit_balance')).data.balance as number;
    await recordLedger(w.instance.db, w.instance, {
      userId: w.user.userId,
      delta: 5 - balance,
      kind: 'adjustment',
      reference: `test:${w.instance.ids.uuid()}`,
      description: 'test',
    });
    const id = (await w.tool('create_campaign', { name: 'Shoestring conference', conference_url: w.urls.sessionize })).data.campaign_id as string;
    expect((await w.tool('start_campaign_run', { campaign_id: id })).ok).toBe(true);
    await w.scheduler.drain();
    const run = (await w.tool('get_run_status', { campaign_id: id })).data.run;
    expect(run.status).toBe('paused');
    const waitingRows = await w.instance.db
      .selectFrom('speakers')
      .select('linkedin_url')
      .where('campaign_id', '=', id)
      .where('stage', '=', 'enrich')
      .where('wave', 'is', null)
      .execute();
    const wasPushed = (url: string | null) => pushedBefore.some((p) => p.toLowerCase().replace(/\/$/, '') === (url ?? '').toLowerCase().replace(/\/$/, ''));
    const held = waitingRows.filter((r) => wasPushed(r.linkedin_url)).length;
    expect(held).toBeGreaterThan(0);
    expect(run.pause).toMatchObject({
      held,
      waiting: waitingRows.length - held,
      message: expect.stringContaining(`${held} held back by the recontact window`),
    });
    const event = await w.instance.db
      .selectFrom('run_events')
      .select('data')
      .where('campaign_id', '=', id)
      .where('type', '=', 'run.paused')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(event.data)).toMatchObject({ held, waiting: waitingRows.length - held });
    // The run's last progress, after its chunk was drafted, said the same.
    const progress = await w.instance.db
      .selectFrom('run_events')
      .select('data')
      .where('campaign_id', '=', id)
      .where('type', '=', 'run.progress')
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(progress.data)).toMatchObject({ held, waiting: waitingRows.length - held });
  });

  it('holds with a window set by GREENROOM_RECONTACT_DAYS, and 0 turns it off', async () => {
    const off = await makeSendersWorld({ GREENROOM_RECONTACT_DAYS: '0' });
    try {
      const conn = await connect(off, 'heyreach');
      const make = async (name: string) => {
        const id = (await off.tool('create_campaign', { name })).data.campaign_id as string;
        await seedReadySequences(off.instance.db, { campaignId: id, userId: off.user.userId, n: 2, at: off.clock.now(), prefix: 'twice' });
        await wire(off, id, conn, HEYREACH_CAMPAIGN);
        return id;
      };
      const first = await make('One');
      const second = await make('Two');
      expect((await off.tool('push_approved', { campaign_id: first })).data.pushed).toBe(2);
      expect((await off.tool('push_approved', { campaign_id: second })).data).toMatchObject({
        duplicate: 2,
        skipped: 0,
        skipped_by_reason: { contacted_recently: 0 },
      });
    } finally {
      await off.close();
    }
  });
});
