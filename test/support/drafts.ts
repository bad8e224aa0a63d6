import { expect } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Envelope } from '../../src/registry/invoke.js';
import { call, withClient } from './clients.js';
import { makeUser, type TestUser } from './instance.js';
import { makePipelineWorld, TEST_PROFILE, type PipelineWorld } from './pipeline.js';
import type { World } from './world.js';

/** A well-formed id that names no row. */
export const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** Draft text that QA fails with unresolved_placeholder and link_in_first_touch. */
export const PLANTED = 'Hi {{first_name}}, visit https://x.example.com';

/** The matcher for a tool's refusal envelope: refusal(TOOL, 'write')('not_found'). */
export const refusal = (tool: string, kind: 'read' | 'write') => (code: string) => ({
  ok: false,
  tool,
  kind,
  data: null,
  error: { code, message: expect.any(String) },
});

/** A fix hint on a draft, and an entry of the QA code vocabulary. */
export interface FixHint {
  code: string;
  action: string;
  fix: string;
  hint: string;
}

/** A draft as list_messages and get_draft_qa show it. */
export interface Draft {
  message_id: string;
  speaker_id: string;
  campaign_id: string;
  speaker_name: string;
  slot: number;
  angle: string | null;
  content: string;
  sent: boolean;
  sent_at: string | null;
  drafted_at: string;
  content_updated_at: string;
  qa_score: number | null;
  qa_evaluated_at: string | null;
  qa_flags: string[];
  qa_reasons: string[];
  hard_fail_codes: string[];
  fix_hints: FixHint[];
  needs_human: boolean;
  needs_redo: boolean;
  approvable: boolean;
  fresh: boolean;
  stale_reasons: string[];
  approved_at: string | null;
}

/** A speaker as search_speakers lists them. */
export interface SpeakerSummary {
  speaker_id: string;
  campaign_id: string;
  name: string;
  title: string | null;
  company: string | null;
  linkedin_url: string | null;
  prequalify_verdict: 'qualified' | 'unsure' | 'disqualified' | null;
  fit_score: number | null;
  qualified: boolean | null;
  stage: string;
  selected: boolean;
  reply_status: string | null;
  created_at: string;
}

/** A pipeline world with rate limits no test file reaches: the test clock stands still, so a whole file falls in one window. */
export function makeDraftsWorld(): Promise<PipelineWorld> {
  return makePipelineWorld({ GREENROOM_RATE_READ: '100000', GREENROOM_RATE_WRITE: '100000' });
}

/** Creates a campaign, as the world's user or over another user's client, and returns its id. */
export async function createCampaign(by: World | Client, name: string, url?: string): Promise<string> {
  return create(by, url ? { name, conference_url: url } : { name });
}

/** Creates a campaign over url with auto_start, so its run is queued at once, and returns its id. */
export async function autoStartCampaign(by: World | Client, name: string, url: string): Promise<string> {
  return create(by, { name, conference_url: url, auto_start: true });
}

/** Sends create_campaign over w's client or the given one, and gives back the new campaign's id. */
async function create(by: World | Client, args: Record<string, unknown>): Promise<string> {
  const r = by instanceof Client ? await call(by, 'create_campaign', args) : await by.tool('create_campaign', args);
  return r.data.campaign_id;
}

/** Gives a user the TEST_PROFILE, without which nothing of theirs is drafted. */
export async function giveTestProfile(w: World, user: TestUser): Promise<void> {
  await w.instance.db
    .updateTable('users')
    .set({ profile: JSON.stringify(TEST_PROFILE) })
    .where('id', '=', user.userId)
    .execute();
}

/** A second user, other@example.com, with the TEST_PROFILE when their campaigns must be drafted. */
export async function makeOtherUser(w: World, withProfile = false): Promise<TestUser> {
  const other = await makeUser(w.instance, 'other@example.com');
  if (withProfile) await giveTestProfile(w, other);
  return other;
}

/** Another user's campaign over the sessionize page, drafted, with its first message. */
export interface OthersDrafts {
  other: TestUser;
  othersCampaign: string;
  othersMessage: Draft;
}

/** Another user with a drafted campaign 'Theirs'; drains the scheduler, so campaigns queued before it are drafted too. */
export async function othersDraftedCampaign(w: PipelineWorld): Promise<OthersDrafts> {
  const other = await makeOtherUser(w, true);
  return withClient(w.instance, other, async (theirs) => {
    const othersCampaign = await autoStartCampaign(theirs, 'Theirs', w.urls.sessionize);
    await w.scheduler.drain();
    const othersMessage: Draft = (await call(theirs, 'list_messages', { campaign_id: othersCampaign, limit: 1 })).data.items[0];
    return { other, othersCampaign, othersMessage };
  });
}

/** Another user's campaign that has run, with all of its speakers. */
export interface OthersSpeakers {
  other: TestUser;
  othersCampaign: string;
  othersSpeakers: SpeakerSummary[];
}

/** Another user, without a profile, whose campaign 'Theirs' over url has run; drains the scheduler, so campaigns queued before it run too. */
export async function othersRunCampaign(w: PipelineWorld, url: string): Promise<OthersSpeakers> {
  const other = await makeOtherUser(w);
  return withClient(w.instance, other, async (theirs) => {
    const othersCampaign = await autoStartCampaign(theirs, 'Theirs', url);
    await w.scheduler.drain();
    const othersSpeakers: SpeakerSummary[] = (await call(theirs, 'search_speakers', { limit: 200 })).data.items;
    return { other, othersCampaign, othersSpeakers };
  });
}

/** Every draft of a campaign, in campaign order, as list_messages lists them. */
export async function draftsOf(w: World, campaignId: string): Promise<Draft[]> {
  return (await w.tool('list_messages', { campaign_id: campaignId, limit: 200 })).data.items;
}

/** A speaker's drafts, slot by slot, as get_draft_qa shows them. */
export async function slotsOf(w: World, speakerId: string): Promise<Draft[]> {
  return (await w.tool('get_draft_qa', { speaker_id: speakerId })).data.messages;
}

/** One draft as get_draft_qa shows it now. */
export async function viewOf(w: World, m: Pick<Draft, 'message_id' | 'speaker_id'>): Promise<Draft> {
  return (await slotsOf(w, m.speaker_id)).find((x) => x.message_id === m.message_id) as Draft;
}

/** The stored row of a message. */
export function messageRow(w: World, id: string) {
  return w.instance.db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The speakers with drafts, in the order of their first draft. */
export function draftedSpeakers(drafts: Draft[]): string[] {
  return [...new Set(drafts.map((m) => m.speaker_id))];
}

/** The drafted speakers whose drafts are all approvable, in the same order. */
export function cleanSpeakers(drafts: Draft[]): string[] {
  return draftedSpeakers(drafts).filter((id) => drafts.filter((m) => m.speaker_id === id).every((m) => m.approvable));
}

/** A drafts world whose campaign ran the loopback Sessionize page to the end, and its speakers whose drafts are all approvable. */
export async function draftedWorld(): Promise<{ w: PipelineWorld; campaignId: string; clean: string[] }> {
  const w = await makeDraftsWorld();
  const campaignId = await autoStartCampaign(w, 'DevConf', w.urls.sessionize);
  await w.scheduler.drain();
  return { w, campaignId, clean: cleanSpeakers(await draftsOf(w, campaignId)) };
}

/** Every speaker of a campaign, as search_speakers lists them. */
export async function speakersOf(w: World, campaignId: string): Promise<SpeakerSummary[]> {
  return (await w.tool('search_speakers', { campaign_id: campaignId, limit: 200 })).data.items;
}

/** Query arguments as both HTTP (query string) and MCP (typed arguments) take them. */
export type Query = Record<string, string | number | boolean>;

/** Walks every page of a listing from args, reading even pages over HTTP and odd ones over MCP, checking has_more and the cursor on each. */
export async function walkPages<P extends { next_cursor: string | null; has_more: boolean }>(
  args: Query,
  read: (query: Query, overHttp: boolean) => Promise<Envelope>,
  idsOf: (page: P) => string[],
): Promise<{ seen: string[]; sizes: number[] }> {
  const seen: string[] = [];
  const sizes: number[] = [];
  let cursor: string | undefined;
  let page = 0;
  do {
    const r = await read(cursor ? { ...args, cursor } : args, page % 2 === 0);
    expect(r.ok).toBe(true);
    const data = r.data as P;
    const ids = idsOf(data);
    seen.push(...ids);
    sizes.push(ids.length);
    expect(data.has_more).toBe(data.next_cursor !== null);
    if (data.next_cursor) expect(data.next_cursor.length).toBeLessThanOrEqual(32);
    cursor = data.next_cursor ?? undefined;
    page++;
  } while (cursor);
  return { seen, sizes };
}
