import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReadySequences } from '../../bench/push-seed.js';
import { autoStartCampaign, UNKNOWN } from '../support/drafts.js';
import { conforms, connect, HEYREACH_CAMPAIGN, makeSendersWorld, wire, type SendersWorld } from '../senders/support.js';

/** The do-not-contact list: its tools over HTTP and MCP, the run skipping listed people, and the push leaving them out. */
describe('add_do_not_contact', () => {
  let w: SendersWorld;
  let connection: string;
  const clear = () => w.instance.db.deleteFrom('do_not_contact').execute();
  const leads = () => [...w.heyreach.campaigns[0]!.leads.values()];

  beforeAll(async () => {
    w = await makeSendersWorld();
    connection = await connect(w, 'heyreach');
  });
  afterAll(() => w.close());

  describe('adding', () => {
    it('adds one entry over HTTP, normalising it, and reads the type from the value', async () => {
      await clear();
      const r = await w.post('/do-not-contact', { value: 'https://de.linkedin.com/in/Ada-Lovelace/?trk=x', reason: 'asked by mail' });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ dry_run: false, added: 1, already_listed: 0, speakers_matched: 0 });
      expect(r.body.data.entries).toEqual([
        {
          entry_id: expect.any(String),
          type: 'linkedin',
          value: 'https://www.linkedin.com/in/ada-lovelace',
          reason: 'asked by mail',
          source: 'manual',
          created_at: w.clock.now().toISOString(),
        },
      ]);
      conforms('add_do_not_contact', r.body.data);
      const again = await w.tool('add_do_not_contact', { value: 'linkedin.com/in/ada-lovelace' });
      expect(again.data).toMatchObject({ added: 0, already_listed: 1, entries: [] });
    });
  });

  describe('runs and pushes', () => {
    it('a run skips a listed speaker before enrichment is charged; removing the entry lets the next run draft them', async () => {
      await clear();
      const person = w.people.find((p) => p.linkedin)!;
      const name = `${person.first} ${person.last}`;
      await w.tool('add_do_not_contact', { value: person.linkedin! });
      const id = await autoStartCampaign(w, 'Listed before the run', w.urls.sessionize);
      await w.scheduler.drain();
      const listed = await w.instance.db.selectFrom('speakers').selectAll().where('campaign_id', '=', id).where('name', '=', name).executeTakeFirstOrThrow();
      expect(listed).toMatchObject({ stage: 'done', suppressed_stage: 'prequalify', enriched_at: null, drafted_at: null, prequalify_verdict: null });
      const charges = await w.instance.db.selectFrom('credit_ledger').select('reference').where('reference', 'like', `%${listed.id}`).execute();
      expect(charges).toEqual([]);
      expect(await w.instance.db.selectFrom('model_spend').select('id').where('speaker_id', '=', listed.id).execute()).toEqual([]);
      const dossier = await w.tool('get_speaker_dossier', { speaker_id: listed.id });
      expect(dossier.data.do_not_contact).toMatchObject({ type: 'linkedin', source: 'manual' });
      expect(dossier.data.messages).toEqual([]);
      // Others in the campaign were drafted as usual.
      const drafted = await w.instance.db.selectFrom('speakers').select('id').where('campaign_id', '=', id).where('drafted_at', 'is not', null).execute();
      expect(drafted.length).toBeGreaterThan(0);

      // Held back at the draft stage, a speaker costs nothing in the next run's preview and is not sent back to drafting.
      const other = await w.instance.db
        .selectFrom('speakers')
        .selectAll()
        .where('campaign_id', '=', id)
        .where('drafted_at', 'is not', null)
        .executeTakeFirstOrThrow();
      const preview = async () => (await w.tool('start_campaign_run', { campaign_id: id, dry_run: true })).data.cost_preview;
      const base = await preview();
      await w.instance.db
        .updateTable('speakers')
        .set({ drafted_at: null, stage: 'done', qualified: 1, selected: 1, suppressed_stage: 'draft' })
        .where('id', '=', other.id)
        .execute();
      await w.instance.db.deleteFrom('messages').where('speaker_id', '=', other.id).execute();
      expect((await preview()).credits).toBe(base.credits);
      await w.instance.db.updateTable('speakers').set({ suppressed_stage: null }).where('id', '=', other.id).execute();
      expect((await preview()).credits).toBeGreaterThan(base.credits);

      const removed = await w.tool('remove_do_not_contact', { value: person.linkedin! });
      expect(removed.data.speakers_released).toBe(1);
      expect((await w.tool('start_campaign_run', { campaign_id: id })).ok).toBe(true);
      await w.scheduler.drain();
      const after = await w.instance.db.selectFrom('speakers').selectAll().where('id', '=', listed.id).executeTakeFirstOrThrow();
      expect(after.suppressed_stage).toBeNull();
      expect(after.prequalify_verdict).not.toBeNull();
    });

    it('an entry added after drafting holds the sequence back at push time (suppressed), a domain entry too', async () => {
      await clear();
      const id = (await w.tool('create_campaign', { name: 'Listed after drafting' })).data.campaign_id;
      const speakers = await seedReadySequences(w.instance.db, { campaignId: id, userId: w.user.userId, n: 4, at: w.clock.now(), prefix: 'dnc' });
      await w.instance.db
        .updateTable('speakers')
        .set({ links: JSON.stringify(['mailto:someone@wayne.example']) })
        .where('id', '=', speakers[2]!)
        .execute();
      await wire(w, id, connection, HEYREACH_CAMPAIGN);
      await w.tool('add_do_not_contact', { entries: [{ value: 'https://www.linkedin.com/in/DNC-speaker-0' }, { value: 'wayne.example', type: 'domain' }] });
      const dry = await w.tool('push_approved', { campaign_id: id, dry_run: true });
      expect(dry.data).toMatchObject({ would_push: 2, skipped_by_reason: { suppressed: 2 } });
      const before = leads().length;
      const r = await w.tool('push_approved', { campaign_id: id });
      expect(r.data).toMatchObject({ pushed: 2, skipped: 2 });
      const skipped = r.data.results.filter((x: { outcome: string }) => x.outcome === 'skipped');
      expect(skipped.map((x: { speaker_id: string; reason: string }) => [x.speaker_id, x.reason])).toEqual([
        [speakers[0], 'suppressed'],
        [speakers[2], 'suppressed'],
      ]);
      expect(skipped[0].detail).toMatch(/do-not-contact/);
      expect(leads().length - before).toBe(2);
      expect(leads().map((l) => l.profileUrl)).not.toContain('https://www.linkedin.com/in/dnc-speaker-0');
    });

    it('set_speaker_reply_status with do_not_contact lists the person in the same call; their sequence is then not pushed', async () => {
      await clear();
      const id = (await w.tool('create_campaign', { name: 'Asked to stop' })).data.campaign_id;
      const [speaker] = await seedReadySequences(w.instance.db, { campaignId: id, userId: w.user.userId, n: 1, at: w.clock.now(), prefix: 'stop' });
      await wire(w, id, connection, HEYREACH_CAMPAIGN);
      const h = await w.post(`/speakers/${speaker}/reply-status`, { reply_status: 'replied', do_not_contact: true });
      expect(h.status).toBe(200);
      expect(h.body.data).toMatchObject({
        reply_status: 'replied',
        do_not_contact: [{ type: 'linkedin', value: 'https://www.linkedin.com/in/stop-speaker-0', source: 'reply', reason: 'asked to stop (reply)' }],
      });
      conforms('set_speaker_reply_status', h.body.data);
      const again = await w.tool('set_speaker_reply_status', { speaker_id: speaker, reply_status: 'replied', do_not_contact: true });
      expect(again.data.do_not_contact).toHaveLength(1);
      const r = await w.tool('push_approved', { campaign_id: id });
      expect(r.data).toMatchObject({ pushed: 0, skipped_by_reason: { suppressed: 1 } });
      // Without the flag the list is not touched.
      const plain = await w.tool('set_speaker_reply_status', { speaker_id: speaker, reply_status: null });
      expect(plain.data.do_not_contact).toBeUndefined();
      expect((await w.tool('list_do_not_contact', {})).data.total).toBe(1);
    });

    it('refuses do_not_contact for a speaker with no profile and no address, changing nothing', async () => {
      await clear();
      const id = (await w.tool('create_campaign', { name: 'No profile' })).data.campaign_id;
      const [speaker] = await seedReadySequences(w.instance.db, { campaignId: id, userId: w.user.userId, n: 1, at: w.clock.now(), prefix: 'nolink' });
      await w.instance.db.updateTable('speakers').set({ linkedin_url: null }).where('id', '=', speaker!).execute();
      const r = await w.tool('set_speaker_reply_status', { speaker_id: speaker, reply_status: 'replied', do_not_contact: true });
      expect(r.error).toEqual({ code: 'tool_error', message: expect.stringMatching(/no LinkedIn profile or e-mail/) });
      expect((await w.tool('get_speaker_dossier', { speaker_id: speaker })).data.reply_status).toBeNull();
      expect((await w.tool('set_speaker_reply_status', { speaker_id: UNKNOWN, reply_status: 'replied', do_not_contact: true })).error?.code).toBe('not_found');
    });
  });
});
