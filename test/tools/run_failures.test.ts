/**
 * A run says what went wrong with its model calls: get_run_status and run.completed carry
 * a per-stage summary, a stage whose every call failed ends the run failed, and each
 * failed call is a warn line in the log. `greenroom serve` runs as a real process against
 * a loopback model vendor speaking the OpenAI-compatible wire format.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fictionalSpeakers } from '../../src/core/fictional-speakers.js';
import { sessionizeAll, startSite } from '../../src/demo/site.js';
import { loopbackModelEnv, startModelServer, type LoopbackModelServer } from '../../src/engine/loopback/server.js';
import { startServeChild, type ServeChild } from '../support/serve-child.js';

type Line = Record<string, unknown> & { msg: string; level: number };

describe('a run reports its model failures', () => {
  const people = fictionalSpeakers(24);
  const down = new Set(people.slice(0, 8).map((p) => `${p.first} ${p.last}`));
  let server: LoopbackModelServer;
  let site: Awaited<ReturnType<typeof startSite>>;
  let serve: ServeChild;

  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${serve.base}/api/public/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${serve.key}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as { ok: boolean; data: any; error: { message: string } | null };
  };
  const lines = (): Line[] =>
    serve
      .stderr()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Line);
  const ended = async (campaignId: string) => {
    for (let i = 0; i < 600; i++) {
      const r = await api('GET', `/campaigns/${campaignId}/runs/latest`);
      if (['done', 'failed'].includes(r.data.run?.status)) return r.data.run;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`run of ${campaignId} did not end: ${serve.stderr().slice(-2000)}`);
  };

  /** The run.completed event of the campaign, replayed from the live stream (Last-Event-ID 0). */
  const completedEvent = async (campaignId: string) => {
    const ctl = new AbortController();
    const res = await fetch(`${serve.base}/api/public/v1/campaigns/${campaignId}/events`, {
      headers: { authorization: `Bearer ${serve.key}`, 'last-event-id': '0' },
      signal: ctl.signal,
    });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
        const m = /event: run\.completed\n(?:id: \d+\n)?data: (.*)\n/.exec(text);
        if (m) return JSON.parse(m[1] as string) as Record<string, unknown>;
      }
    } finally {
      ctl.abort();
    }
    throw new Error(`no run.completed in ${text}`);
  };

  beforeAll(async () => {
    server = await startModelServer();
    site = await startSite({
      '/api/v2/down/view/All': { contentType: 'application/json', body: sessionizeAll(people.slice(0, 8)) },
      '/api/v2/busy/view/All': { contentType: 'application/json', body: sessionizeAll(people.slice(16, 24)) },
    });
    // Qualify answers HTTP 500 for every speaker of the first page; the first qualify of the second page meets a 429 once, asking for a one-second wait.
    server.fail(
      { kind: 'status', status: 500, message: 'qualify backend is down' },
      { stage: 'qualify', times: 1000, when: (ask) => down.has(ask.input.speaker?.name as string) },
    );
    server.fail(
      { kind: 'status', status: 429, retryAfter: '1', message: 'slow down' },
      { stage: 'qualify', when: (ask) => !down.has(ask.input.speaker?.name as string) },
    );
    serve = await startServeChild({
      ...loopbackModelEnv(server, 'llama3.1'),
      GREENROOM_MODEL_PROVIDER: 'openai_compatible',
      GREENROOM_MODEL_ATTEMPTS: '2',
      GREENROOM_MODEL_RETRY_BASE_MS: '0',
      GREENROOM_ALLOW_HOSTS: site.host,
      GREENROOM_SCRAPE_PACING_MS: '0',
      GREENROOM_SCHEDULER: 'true',
      GREENROOM_SCHEDULER_INTERVAL_MS: '50',
    });
  }, 60_000);
  afterAll(async () => {
    await serve?.stop();
    await site?.close();
    await server?.close();
  });

  it(
    'ends a run failed when every call of a stage failed, naming the stage and the provider error, and says so in run.completed',
    { timeout: 120_000 },
    async () => {
      const created = await api('POST', '/campaigns', { name: 'Down', conference_url: site.url('/api/v2/down/view/All'), auto_start: true });
      const id = created.data.campaign_id as string;
      const run = await ended(id);
      expect(run.status).toBe('failed');
      expect(run.error).toMatch(/^every qualify model call failed \(\d+ call\(s\), \d+ speaker\(s\) failed\): .*HTTP 500.*qualify backend is down/);
      const qualify = run.failures.find((f: { stage: string }) => f.stage === 'qualify');
      expect(qualify.failed_calls).toBe(qualify.calls);
      expect(qualify.speakers_failed).toBeGreaterThan(0);
      // Two attempts each: one retry per failed speaker.
      expect(qualify.calls).toBe(2 * qualify.speakers_failed);
      expect(qualify.retried).toBe(qualify.speakers_failed);
      expect(qualify.last_error).toMatch(/HTTP 500/);
      // Nothing was researched or drafted after the stage failed.
      expect(run.stage).toBe('qualify');
      // Log lines go out in one write per 10 ms: the run's last line may follow its answer.
      await expect.poll(() => lines().some((l) => l.msg === 'run failed' && l.campaign === id)).toBe(true);
      const log = lines();
      const warned = log.filter((l) => l.msg === 'model call failed' && l.campaign === id);
      expect(warned).toHaveLength(qualify.calls);
      expect(warned.every((l) => l.level === 40 && l.stage === 'qualify' && /HTTP 500/.test(l.error as string))).toBe(true);
      expect(log.find((l) => l.msg === 'run failed' && l.campaign === id)).toMatchObject({
        level: 40,
        failures: expect.stringMatching(/^qualify: \d+ speaker\(s\) failed/),
      });
      const completed = await completedEvent(id);
      expect(completed).toEqual({ run_id: run.run_id, status: 'failed', error: run.error, failures: run.failures });
    },
  );

  it(
    'reports a 429 that was waited out and retried on a run that otherwise succeeded, with the time waited, in run status and spend',
    { timeout: 120_000 },
    async () => {
      const created = await api('POST', '/campaigns', { name: 'Busy', conference_url: site.url('/api/v2/busy/view/All'), auto_start: true });
      const id = created.data.campaign_id as string;
      const run = await ended(id);
      expect(run).toMatchObject({ status: 'done', error: null });
      expect(run.failures).toEqual([
        {
          stage: 'qualify',
          calls: expect.any(Number),
          failed_calls: 1,
          speakers_failed: 0,
          retried: 1,
          rate_limited: 1,
          rate_limit_wait_ms: expect.any(Number),
          last_error: expect.stringMatching(/429/),
        },
      ]);
      // The wait the vendor asked for (Retry-After: 1) is recorded with the attempt that followed it.
      expect(run.failures[0].rate_limit_wait_ms).toBeGreaterThanOrEqual(1000);
      const spend = (await api('GET', `/spend?campaign_id=${id}`)).data;
      expect(spend.totals.rate_limit_wait_ms).toBe(run.failures[0].rate_limit_wait_ms);
      expect(spend.lines.find((l: { provider: string }) => l.provider === 'openai_compatible').rate_limit_wait_ms).toBe(run.failures[0].rate_limit_wait_ms);
      expect(lines().filter((l) => l.msg === 'model call failed' && l.campaign === id)).toHaveLength(1);
      expect(await completedEvent(id)).toEqual({ run_id: run.run_id, status: 'done', failures: run.failures });
      await expect.poll(() => lines().some((l) => l.msg === 'run done with model failures' && l.campaign === id)).toBe(true);
      expect(lines().find((l) => l.msg === 'run done with model failures' && l.campaign === id)).toMatchObject({
        level: 40,
        failures: expect.stringMatching(/qualify: 0 speaker\(s\) failed, 1 of \d+ call\(s\) failed, 1 retried, 1 rate-limited \(\d+\.\d s waited\)/),
      });
    },
  );
});
