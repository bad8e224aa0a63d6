import { afterAll, beforeAll, expect, it } from 'vitest';
import { SKIP_HINTS } from '../../src/core/push/eligibility.js';
import { TOOLS } from '../../tools/index.js';
import { connect, draftedCampaign, makeSendersWorld, readySpeakers, wire, type SendersWorld } from '../senders/support.js';

/**
 * The hints and refusals an agent passes on to a person, and the pages show: each says what
 * to do in words. The fix hint's operation stays in its own field (action), never in the
 * sentence; no sentence names an API operation, a parameter or a setting.
 */
let w: SendersWorld;
let campaignId: string;

beforeAll(async () => {
  w = await makeSendersWorld();
  campaignId = await draftedCampaign(w, 'DevConf', true);
  await wire(w, campaignId, await connect(w, 'webhook'), 'default');
}, 90_000);
afterAll(() => w?.close());

const OPERATIONS = TOOLS.map((t) => t.name);
/** Words joined by underscores (rescore_drafts, speaker_ids), a parameter set (dry_run=true), or a setting (GREENROOM_…). */
const API_NAME = /\b[a-z]+_[a-z_]+\b|\b[a-z]+(?:: |=)true\b|\bGREENROOM_[A-Z_]+/;

/** A sentence in words; a template placeholder quoted as an example ({{first_name}}) is not a name of ours. */
function inWords(text: string | undefined): void {
  expect(text).toBeTruthy();
  const said = (text ?? '').replace(/\{\{[^}]*\}\}/g, '');
  expect(said).not.toMatch(API_NAME);
  for (const op of OPERATIONS) expect(said).not.toContain(op);
}

type Hint = { code: string; action: string; hint: string };
type Qa = { message_id: string; speaker_id: string; approvable: boolean; fix_hints: Hint[] };
const qaOf = async (speakerId: string): Promise<Qa[]> => (await w.tool('get_draft_qa', { speaker_id: speakerId })).data.messages;

it('a hand edit: the hint says to check the text again, the action field carries the operation, and approving first is refused in words', async () => {
  const [speaker] = await readySpeakers(w, campaignId);
  const [ready] = await qaOf(speaker!);
  expect(ready!.approvable).toBe(true);
  for (const h of ready!.fix_hints) inWords(h.hint);

  const edited = await w.tool('update_message', {
    message_id: ready!.message_id,
    content: 'Hi, a shorter first message. Would a 15-minute call next week be useful?',
  });
  expect(edited.ok).toBe(true);
  const [after] = await qaOf(speaker!);
  const hint = after!.fix_hints.find((h) => h.code === 'edited_since_qa');
  expect(hint?.action).toBe('rescore');
  inWords(hint?.hint);

  const refused = await w.tool('approve_sequence', { speaker_id: speaker });
  expect(refused.ok).toBe(false);
  inWords(refused.error?.message);
});

it('a hard fail: approving is refused with what is wrong and what to do, in words', async () => {
  const [, speaker] = await readySpeakers(w, campaignId);
  const [first] = await qaOf(speaker!);
  await w.tool('update_message', { message_id: first!.message_id, content: 'Hi {{first_name}}, loved your talk. Would a 15-minute call next week be useful?' });
  await w.tool('rescore_drafts', { campaign_id: campaignId, message_ids: [first!.message_id] });
  const refused = await w.tool('approve_sequence', { speaker_id: speaker });
  expect(refused.ok).toBe(false);
  expect(refused.error?.message).toContain('template placeholder');
  inWords(refused.error?.message);
});

it('a push says why each sequence stayed behind in words', async () => {
  const [, , excluded, blocked] = await readySpeakers(w, campaignId);
  expect((await w.tool('set_speaker_selected', { speaker_id: excluded, selected: false })).ok).toBe(true);
  const linkedin = (await w.tool('get_speaker_dossier', { speaker_id: blocked })).data.linkedin_url as string;
  expect((await w.tool('add_do_not_contact', { value: linkedin })).ok).toBe(true);
  expect((await w.tool('update_campaign', { campaign_id: campaignId, push_requires_approval: true })).ok).toBe(true);

  const pushed = await w.tool('push_approved', { campaign_id: campaignId });
  expect(pushed.ok).toBe(true);
  const skipped = (pushed.data.results as Array<{ outcome: string; reason: string; detail: string }>).filter((r) => r.outcome === 'skipped');
  const reasons = new Set(skipped.map((r) => r.reason));
  for (const r of ['excluded', 'suppressed', 'not_scored', 'not_approved']) expect(reasons).toContain(r);
  for (const r of skipped) inWords(r.detail);
  // The reasons no push here met say it in words too.
  for (const detail of Object.values(SKIP_HINTS)) inWords(detail);
});

it('a draft written too long ago: the hint says to rewrite it, the fix field says rewrite', async () => {
  w.clock.advance(40 * 86_400_000);
  const hints = ((await w.tool('get_draft_qa', { campaign_id: campaignId, limit: 200 })).data.messages as Qa[]).flatMap((m) => m.fix_hints);
  const old = hints.find((h) => h.code === 'too_old');
  expect(old).toMatchObject({ action: 'rescore', fix: 'rewrite' });
  for (const h of hints) inWords(h.hint);
});

it('a new campaign with a conference page: the cost note says how to see the run’s cost in words', async () => {
  const created = await w.tool('create_campaign', { name: 'Later', conference_url: w.urls.extra, auto_start: true, dry_run: true });
  expect(created.ok).toBe(true);
  inWords(created.data.cost_preview?.note);
});
