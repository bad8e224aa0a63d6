import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { seedReadySequences } from '../../bench/push-seed.js';
import { call, mcpClient } from '../support/clients.js';
import { makeOtherUser } from '../support/drafts.js';
import type { TestUser } from '../support/instance.js';
import { connect, HEYREACH_CAMPAIGN, HEYREACH_KEY, makeSendersWorld, wire, type SendersWorld } from '../senders/support.js';

/** The do-not-contact list and the recontact window belong to one account: another account's list and pushes hold nobody of ours. */
describe('do-not-contact and recontact, per account', () => {
  let w: SendersWorld;
  let other: TestUser;
  let theirs: Client;
  const shared = 'https://www.linkedin.com/in/acct-speaker-0';

  beforeAll(async () => {
    w = await makeSendersWorld();
    other = await makeOtherUser(w);
    theirs = await mcpClient(w.instance, other);
  });
  afterAll(async () => {
    await theirs.close();
    await w.close();
  });

  it("another account's list and its push of the same person neither suppress nor hold back ours; its entries are neither listed nor removable here", async () => {
    // They list the person and push them in a campaign of their own.
    const listed = await call(theirs, 'add_do_not_contact', { value: `${shared}/` });
    expect(listed.data).toMatchObject({ added: 1 });
    const entryId = listed.data.entries[0].entry_id as string;
    const theirCampaign = (await call(theirs, 'create_campaign', { name: 'Their conference' })).data.campaign_id as string;
    await seedReadySequences(w.instance.db, { campaignId: theirCampaign, userId: other.userId, n: 2, at: w.clock.now(), prefix: 'acct' });
    const conn = await call(theirs, 'create_sending_connection', { tool: 'heyreach', name: 'Theirs', api_key: HEYREACH_KEY });
    expect(conn.ok).toBe(true);
    expect(
      (
        await call(theirs, 'update_campaign', {
          campaign_id: theirCampaign,
          sending_connection_id: conn.data.connection_id,
          sending_campaign_id: String(HEYREACH_CAMPAIGN),
        })
      ).ok,
    ).toBe(true);
    // Their own list holds the person back from their own push.
    expect((await call(theirs, 'push_approved', { campaign_id: theirCampaign })).data).toMatchObject({ pushed: 1, skipped_by_reason: { suppressed: 1 } });
    // Pushed by them a moment ago too: the second of the same seeds.
    const ours = (await w.tool('create_campaign', { name: 'Our conference' })).data.campaign_id as string;
    const speakers = await seedReadySequences(w.instance.db, { campaignId: ours, userId: w.user.userId, n: 2, at: w.clock.now(), prefix: 'acct' });
    await wire(w, ours, await connect(w, 'heyreach'), HEYREACH_CAMPAIGN);
    const dry = await w.tool('push_approved', { campaign_id: ours, dry_run: true });
    expect(dry.data).toMatchObject({ would_push: 2, skipped_by_reason: { suppressed: 0, contacted_recently: 0 } });
    const pushed = await w.tool('push_approved', { campaign_id: ours });
    expect(pushed.data.results.map((r: { speaker_id: string; outcome: string }) => [r.speaker_id, r.outcome]).sort()).toEqual(
      speakers.map((id) => [id, expect.stringMatching(/^(pushed|duplicate)$/)]).sort(),
    );
    const dossier = await w.tool('get_speaker_dossier', { speaker_id: speakers[1] });
    expect(dossier.data.recent_contacts).toEqual([]);
    // Their entry is theirs alone.
    expect((await w.tool('list_do_not_contact', {})).data.items).toEqual([]);
    expect((await w.tool('remove_do_not_contact', { entry_id: entryId })).error?.code).toBe('not_found');
    expect((await call(theirs, 'list_do_not_contact', {})).data.items.map((e: { entry_id: string }) => e.entry_id)).toEqual([entryId]);
  });
});
