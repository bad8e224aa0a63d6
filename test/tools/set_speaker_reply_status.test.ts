import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs } from '../support/clients.js';
import type { TestUser } from '../support/instance.js';
import { autoStartCampaign, othersRunCampaign, refusal, speakersOf, UNKNOWN, type SpeakerSummary as Summary } from '../support/drafts.js';
import { makePipelineWorld, type PipelineWorld } from '../support/pipeline.js';

const TOOL = 'set_speaker_reply_status';

const refused = refusal(TOOL, 'write');

describe('set_speaker_reply_status', () => {
  let w: PipelineWorld;
  let campaignId: string;
  let speakers: Summary[];

  const replyStatusOf = async (speakerId: string) => (await w.tool('get_speaker_dossier', { speaker_id: speakerId })).data.reply_status;
  const withStatus = async (reply_status: string) =>
    (await w.tool('search_speakers', { campaign_id: campaignId, reply_status, limit: 200 })).data.items.map((s: Summary) => s.speaker_id).sort();

  beforeAll(async () => {
    w = await makePipelineWorld();
    campaignId = await autoStartCampaign(w, 'Replies', w.urls.sessionize);
    await w.scheduler.drain();
    speakers = await speakersOf(w, campaignId);
  });
  afterAll(() => w.close());

  describe.each(['replied', 'booked', 'no_reply'] as const)('setting %s', (status) => {
    const index = { replied: 0, booked: 1, no_reply: 2 }[status];

    it('over HTTP answers with the updated speaker and is visible in the dossier and search', async () => {
      const target = speakers[index] as Summary;
      const h = await w.post(`/speakers/${target.speaker_id}/reply-status`, { reply_status: status });
      expect(h.status).toBe(200);
      expect(h.body).toEqual({ ok: true, tool: TOOL, kind: 'write', data: { ...target, reply_status: status }, error: null });
      expect(await replyStatusOf(target.speaker_id)).toBe(status);
      expect(await withStatus(status)).toEqual([target.speaker_id]);
    });

    it('over MCP answers the same, and setting it again changes nothing', async () => {
      const target = speakers[index] as Summary;
      const m = await w.tool(TOOL, { speaker_id: target.speaker_id, reply_status: status });
      expect(m).toEqual({ ok: true, tool: TOOL, kind: 'write', data: { ...target, reply_status: status }, error: null });
      expect(await withStatus(status)).toEqual([target.speaker_id]);
    });
  });

  it('replaces one status with another', async () => {
    const target = speakers[3] as Summary;
    await w.tool(TOOL, { speaker_id: target.speaker_id, reply_status: 'replied' });
    const m = await w.tool(TOOL, { speaker_id: target.speaker_id, reply_status: 'booked' });
    expect(m.data.reply_status).toBe('booked');
    expect(await withStatus('replied')).not.toContain(target.speaker_id);
    expect(await withStatus('booked')).toContain(target.speaker_id);
  });

  it('clears the status with null, over HTTP and MCP', async () => {
    const [a, b] = speakers as [Summary, Summary];
    const h = await w.post(`/speakers/${a.speaker_id}/reply-status`, { reply_status: null });
    expect(h.status).toBe(200);
    expect(h.body).toEqual({ ok: true, tool: TOOL, kind: 'write', data: { ...a, reply_status: null }, error: null });
    expect(await replyStatusOf(a.speaker_id)).toBeNull();
    const m = await w.tool(TOOL, { speaker_id: b.speaker_id, reply_status: null });
    expect(m).toEqual({ ok: true, tool: TOOL, kind: 'write', data: { ...b, reply_status: null }, error: null });
    expect(await replyStatusOf(b.speaker_id)).toBeNull();
    expect(await withStatus('replied')).toEqual([]);
    // Clearing a speaker that has no status is fine too.
    expect((await w.tool(TOOL, { speaker_id: b.speaker_id, reply_status: null })).ok).toBe(true);
  });

  describe('refusals', () => {
    let other: TestUser;
    let theirSpeaker: string;
    let target: Summary;
    beforeAll(async () => {
      target = speakers[10] as Summary;
      await w.tool(TOOL, { speaker_id: target.speaker_id, reply_status: 'no_reply' });
      const others = await othersRunCampaign(w, w.urls.cards);
      other = others.other;
      theirSpeaker = (others.othersSpeakers[0] as Summary).speaker_id;
    });

    it('answers 401 unauthenticated without a key or with a bad key, and changes nothing', async () => {
      for (const key of [undefined, 'grn_not_a_real_key']) {
        const h = await w.post(`/speakers/${target.speaker_id}/reply-status`, { reply_status: 'booked' }, { key });
        expect(h.status).toBe(401);
        expect(h.body).toEqual(refused('unauthenticated'));
        expect(h.headers.get('www-authenticate')).toMatch(/^Bearer /);
      }
      expect(await replyStatusOf(target.speaker_id)).toBe('no_reply');
    });

    it('answers 403 forbidden_scope to a key without write, over HTTP and MCP, and changes nothing', async () => {
      const h = await w.post(`/speakers/${target.speaker_id}/reply-status`, { reply_status: 'booked' }, { key: w.user.keys.read });
      expect(h.status).toBe(403);
      expect(h.body).toEqual(refused('forbidden_scope'));
      expect(await callAs(w.instance, w.user, 'read', TOOL, { speaker_id: target.speaker_id, reply_status: 'booked' })).toEqual(refused('forbidden_scope'));
      expect(await replyStatusOf(target.speaker_id)).toBe('no_reply');
    });

    it('answers 404 not_found for an unknown speaker and for another user’s speaker, over HTTP and MCP, and changes nothing', async () => {
      for (const id of [UNKNOWN, theirSpeaker]) {
        const h = await w.post(`/speakers/${id}/reply-status`, { reply_status: 'booked' });
        expect(h.status).toBe(404);
        expect(h.body).toEqual(refused('not_found'));
        expect(await w.tool(TOOL, { speaker_id: id, reply_status: 'booked' })).toEqual(refused('not_found'));
      }
      const theirs = await w.get('/speakers', { key: other.keys.read, query: { reply_status: 'booked' } });
      expect(theirs.body.data.items).toEqual([]);
      const ours = await w.post(`/speakers/${target.speaker_id}/reply-status`, { reply_status: 'booked' }, { key: other.keys.write });
      expect(ours.status).toBe(404);
      expect(await replyStatusOf(target.speaker_id)).toBe('no_reply');
    });

    it.each([
      ['"maybe"', { reply_status: 'maybe' }],
      ['an empty string', { reply_status: '' }],
      ['another casing', { reply_status: 'Replied' }],
      ['"cleared" spelled out', { reply_status: 'cleared' }],
      ['a number', { reply_status: 1 }],
      ['a boolean', { reply_status: false }],
      ['a missing reply_status', {}],
      ['an unknown field', { reply_status: 'booked', note: 'call on Friday' }],
    ])('answers 400 invalid_request to %s, over HTTP and MCP, and changes nothing', async (_label, body) => {
      const h = await w.post(`/speakers/${target.speaker_id}/reply-status`, body);
      expect(h.status).toBe(400);
      expect(h.body).toEqual(refused('invalid_request'));
      expect(h.body.error?.message).toMatch(/reply_status|note/);
      expect(await w.tool(TOOL, { speaker_id: target.speaker_id, ...body })).toEqual(refused('invalid_request'));
      expect(await replyStatusOf(target.speaker_id)).toBe('no_reply');
    });

    it('answers 400 invalid_request to a malformed speaker_id, over HTTP and MCP', async () => {
      const h = await w.post('/speakers/not-a-uuid/reply-status', { reply_status: 'booked' });
      expect(h.status).toBe(400);
      expect(h.body).toEqual(refused('invalid_request'));
      expect(h.body.error?.message).toMatch(/speaker_id/);
      for (const speaker_id of ['not-a-uuid', 42, null]) expect(await w.tool(TOOL, { speaker_id, reply_status: 'booked' })).toEqual(refused('invalid_request'));
      expect(await w.tool(TOOL, { reply_status: 'booked' })).toEqual(refused('invalid_request'));
    });

    it('answers 400 invalid_request to a body that is not a JSON object or names another speaker than the path', async () => {
      for (const rawBody of ['{"reply_status":', '["booked"]', '"booked"']) {
        const h = await w.post(`/speakers/${target.speaker_id}/reply-status`, undefined, { rawBody });
        expect(h.status).toBe(400);
        expect(h.body).toEqual(refused('invalid_request'));
      }
      const mismatch = await w.post(`/speakers/${target.speaker_id}/reply-status`, { speaker_id: UNKNOWN, reply_status: 'booked' });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body).toEqual(refused('invalid_request'));
      expect(await replyStatusOf(target.speaker_id)).toBe('no_reply');
    });
  });
});
