import { startHeyReach, type FakeHeyReach } from '../../src/senders/loopback/heyreach.js';
import { startLemlist, type FakeLemlist } from '../../src/senders/loopback/lemlist.js';
import { startReceiver, type FakeReceiver } from '../../src/senders/loopback/webhook.js';
import { expect } from 'vitest';
import { TOOLS } from '../../tools/index.js';
import { autoStartCampaign, cleanSpeakers, draftsOf } from '../support/drafts.js';
import { makePipelineWorld, type PipelineWorld } from '../support/pipeline.js';

export const HEYREACH_KEY = 'hr_live_0123456789abcdef';
export const LEMLIST_KEY = 'lem_0123456789abcdef';
export const WEBHOOK_SECRET = 'whsec_0123456789abcdef0123';
export const HEYREACH_CAMPAIGN = 4101;
export const LEMLIST_CAMPAIGN = 'cam_A1B2C3';

/** A drafted-campaign world with the three sending tools on loopback, speaking their wire formats. */
export interface SendersWorld extends PipelineWorld {
  heyreach: FakeHeyReach;
  lemlist: FakeLemlist;
  receiver: FakeReceiver;
}

export async function makeSendersWorld(env: Record<string, string> = {}): Promise<SendersWorld> {
  const heyreach = await startHeyReach({
    apiKey: HEYREACH_KEY,
    campaigns: [
      { id: HEYREACH_CAMPAIGN, name: 'DevConf speakers' },
      { id: 4102, name: 'Paused one', status: 'PAUSED' },
    ],
  });
  const lemlist = await startLemlist({
    apiKey: LEMLIST_KEY,
    campaigns: [
      { _id: LEMLIST_CAMPAIGN, name: 'DevConf, LinkedIn then e-mail' },
      { _id: 'cam_OTHER', name: 'Another' },
    ],
  });
  const clock = { now: () => 0 };
  const receiver = await startReceiver({ secret: WEBHOOK_SECRET, nowSeconds: () => clock.now() });
  const w = await makePipelineWorld({
    GREENROOM_RATE_READ: '100000',
    GREENROOM_RATE_WRITE: '100000',
    GREENROOM_RATE_SEND: '100000',
    GREENROOM_HEYREACH_URL: heyreach.base,
    GREENROOM_LEMLIST_URL: lemlist.base,
    GREENROOM_ALLOW_HOSTS: receiver.host,
    GREENROOM_SENDER_TIMEOUT_MS: '1500',
    GREENROOM_SENDER_MAX_WAIT_MS: '3000',
    ...env,
  });
  clock.now = () => w.clock.now().getTime() / 1000;
  return {
    ...w,
    heyreach,
    lemlist,
    receiver,
    close: async () => {
      await w.close();
      await Promise.all([heyreach.close(), lemlist.close(), receiver.close()]);
    },
  };
}

/** A drafted campaign over the sessionize page (sixteen speakers), and the cards page too when asked (twenty-four); its run drained. */
export async function draftedCampaign(w: PipelineWorld, name = 'DevConf', bothPages = false): Promise<string> {
  const id = await autoStartCampaign(w, name, w.urls.sessionize);
  if (bothPages) await w.tool('add_conference_url', { campaign_id: id, url: w.urls.cards });
  await w.scheduler.drain();
  return id;
}

export async function connect(w: SendersWorld, tool: 'heyreach' | 'lemlist' | 'webhook'): Promise<string> {
  const args =
    tool === 'heyreach'
      ? { tool, name: 'HeyReach', api_key: HEYREACH_KEY }
      : tool === 'lemlist'
        ? { tool, name: 'lemlist', api_key: LEMLIST_KEY }
        : { tool, name: 'n8n', api_key: WEBHOOK_SECRET, url: w.receiver.url };
  const r = await w.tool('create_sending_connection', args);
  if (!r.ok) throw new Error(`create_sending_connection failed: ${JSON.stringify(r.error)}`);
  return r.data.connection_id;
}

export async function wire(w: SendersWorld, campaignId: string, connectionId: string, sendingCampaignId: string | number): Promise<void> {
  const r = await w.tool('update_campaign', { campaign_id: campaignId, sending_connection_id: connectionId, sending_campaign_id: String(sendingCampaignId) });
  if (!r.ok) throw new Error(`wiring failed: ${JSON.stringify(r.error)}`);
}

/** A tool's successful data parses against its own output schema without losing a field. */
export function conforms(name: string, data: unknown): void {
  const tool = TOOLS.find((t) => t.name === name);
  if (!tool) throw new Error(`no tool ${name}`);
  expect(tool.output.parse(data)).toEqual(data);
}

/** Ids of the drafted speakers whose three drafts are approvable and who have a LinkedIn URL, in campaign order. */
export async function readySpeakers(w: PipelineWorld, campaignId: string): Promise<string[]> {
  const clean = cleanSpeakers(await draftsOf(w, campaignId));
  const rows = await w.instance.db
    .selectFrom('speakers')
    .select(['id', 'linkedin_url'])
    .where('id', 'in', clean.length ? clean : ['-'])
    .execute();
  const linked = new Set(rows.filter((r) => r.linkedin_url).map((r) => r.id));
  return clean.filter((id) => linked.has(id));
}

/** The messages of a speaker, slot by slot, as stored. */
export function storedSlots(w: PipelineWorld, speakerId: string) {
  return w.instance.db.selectFrom('messages').selectAll().where('speaker_id', '=', speakerId).orderBy('slot').execute();
}
