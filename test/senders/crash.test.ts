import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReadySequences } from '../../bench/push-seed.js';
import { connect, HEYREACH_CAMPAIGN, makeSendersWorld, wire, type SendersWorld } from './support.js';

const bin = path.resolve(import.meta.dirname, '../../bin/greenroom');
const LEASE_MS = 60_000;

/** Runs `greenroom serve` on the world's database and sends one push to it; the failpoint kills it after HeyReach answers. */
function pushThroughDyingServer(w: SendersWorld, campaignId: string): Promise<{ signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'serve'], {
      env: {
        PATH: process.env.PATH ?? '',
        ...w.dbEnv,
        GREENROOM_PORT: '0',
        GREENROOM_SCHEDULER: 'false',
        GREENROOM_HEYREACH_URL: w.heyreach.base,
        GREENROOM_LEASE_MS: String(LEASE_MS),
        GREENROOM_FAILPOINT: 'crash-after-push-answer',
        GREENROOM_LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let sent = false;
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      const m = /serving on (http:\/\/\S+)/.exec(stdout);
      if (!m || sent) return;
      sent = true;
      const url = `${m[1]}/api/public/v1/campaigns/${campaignId}/push`;
      // The server dies mid-request: the client sees the connection drop, which is the point.
      fetch(url, { method: 'POST', headers: { authorization: `Bearer ${w.user.keys.all}`, 'content-type': 'application/json' }, body: '{}' }).catch(
        () => undefined,
      );
    });
    child.on('error', reject);
    child.on('exit', (_code, signal) => resolve({ signal, stderr }));
  });
}

describe('a server killed between the sending tool’s answer and writing it down', () => {
  let w: SendersWorld;
  let campaignId: string;
  let speakers: string[];
  const db = () => w.instance.db;
  const leads = () => w.heyreach.campaigns[0]!.leads;

  beforeAll(async () => {
    w = await makeSendersWorld({ GREENROOM_LEASE_MS: String(LEASE_MS) });
    campaignId = (await w.tool('create_campaign', { name: 'Crash' })).data.campaign_id;
    speakers = await seedReadySequences(db(), { campaignId, userId: w.user.userId, n: 150, at: w.clock.now() });
    await wire(w, campaignId, await connect(w, 'heyreach'), HEYREACH_CAMPAIGN);
  });
  afterAll(() => w.close());

  it('leaves the pushed batch pending; the retry confirms it as duplicates, pushes the rest, and adds no lead twice', async () => {
    const died = await pushThroughDyingServer(w, campaignId);
    expect(died.signal, died.stderr).toBe('SIGKILL');

    // HeyReach took the first hundred; Greenroom wrote nothing of the answer.
    expect(leads().size).toBe(100);
    const pending = await db().selectFrom('sending_pushes').select(['state', 'attempts']).where('campaign_id', '=', campaignId).execute();
    expect(pending).toHaveLength(100);
    expect(new Set(pending.map((p) => `${p.state}/${p.attempts}`))).toEqual(new Set(['pending/1']));
    const unsent = await db().selectFrom('messages').select('id').where('campaign_id', '=', campaignId).where('sent', '=', 1).execute();
    expect(unsent).toEqual([]);

    // The dead server's lease still stands: a second pusher is turned away until it lapses.
    w.clock.set(Date.now());
    const early = await w.tool('push_approved', { campaign_id: campaignId });
    expect(early).toMatchObject({ ok: false, error: { code: 'tool_error', message: expect.stringMatching(/still running/) } });

    w.clock.set(Date.now() + LEASE_MS + 1000);
    const retry = await w.tool('push_approved', { campaign_id: campaignId });
    expect(retry.data).toMatchObject({ pushed: 50, duplicate: 100, failed: 0, requests: 2 });
    expect(leads().size).toBe(150);

    const rows = await db().selectFrom('sending_pushes').select(['speaker_id', 'state', 'outcome', 'attempts']).where('campaign_id', '=', campaignId).execute();
    expect(rows.filter((r) => r.state === 'confirmed')).toHaveLength(150);
    expect(rows.filter((r) => r.outcome === 'duplicate' && r.attempts === 2)).toHaveLength(100);
    expect(rows.filter((r) => r.outcome === 'added' && r.attempts === 1)).toHaveLength(50);
    // Pushed: locked, queued in HeyReach, sent once HeyReach reports each.
    const messages = await db().selectFrom('messages').select(['id', 'sent', 'sent_at', 'pushed_at']).where('campaign_id', '=', campaignId).execute();
    expect(messages.every((m) => m.sent === 1 && m.sent_at === null && m.pushed_at !== null)).toBe(true);
    const ids = messages.map((m) => m.id);
    const audits = await db().selectFrom('audit_log').select('target_id').where('action', '=', 'message.pushed').where('target_id', 'in', ids).execute();
    expect(audits).toHaveLength(450);
    expect(new Set(audits.map((a) => a.target_id)).size).toBe(450);
    const approved = await db().selectFrom('approved_leads').select('message_id').where('campaign_id', '=', campaignId).execute();
    expect(approved).toHaveLength(0);

    const third = await w.tool('push_approved', { campaign_id: campaignId });
    expect(third.data).toMatchObject({ pushed: 0, duplicate: 0, requests: 0, skipped_by_reason: { already_pushed: speakers.length } });
  });
});
