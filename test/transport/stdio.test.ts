import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeInstance, makeUser, type TestEnv, type TestUser } from '../support/instance.js';
import { fictionalSpeakers } from '../../src/core/fictional-speakers.js';
import { sessionizeAll, startSite } from '../../src/demo/site.js';

const bin = path.resolve(import.meta.dirname, '../../bin/greenroom');

describe('greenroom stdio', () => {
  let env: TestEnv;
  let user: TestUser;
  beforeAll(async () => {
    env = await makeInstance();
    user = await makeUser(env.instance);
  });
  afterAll(() => env.close());

  it('speaks MCP on stdout and nothing else; logs go to stderr', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [bin, 'stdio'],
      env: { PATH: process.env.PATH ?? '', ...env.dbEnv, GREENROOM_API_KEY: user.keys.readWrite, GREENROOM_LOG_LEVEL: 'info' },
      stderr: 'pipe',
    });
    const protocolErrors: Error[] = [];
    transport.onerror = (e) => protocolErrors.push(e);
    let stderr = '';
    transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const client = new Client({ name: 'stdio-test', version: '1.0.0' });
    await client.connect(transport);
    expect(client.getServerVersion()?.name).toBe('greenroom');
    const tools = (await client.listTools()).tools.map((t) => t.name);
    expect(tools).toContain('create_campaign');
    const res = await client.callTool({ name: 'whoami', arguments: {} });
    expect(res.structuredContent).toMatchObject({ ok: true, data: { user_id: user.userId, scopes: ['read', 'write'] } });
    const created = await client.callTool({ name: 'create_campaign', arguments: { name: 'From stdio' } });
    expect(created.structuredContent).toMatchObject({ ok: true });
    await client.close();
    expect(protocolErrors).toEqual([]);
    expect(stderr).toContain('ready on stdio');
  });

  it('drives the run it started to the end, with nothing else running', async () => {
    const site = await startSite({ '/api/v2/stdio1/view/All': { contentType: 'application/json', body: sessionizeAll(fictionalSpeakers(12)) } });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [bin, 'stdio'],
      env: {
        PATH: process.env.PATH ?? '',
        ...env.dbEnv,
        GREENROOM_API_KEY: user.keys.readWrite,
        GREENROOM_ALLOW_HOSTS: site.host,
        GREENROOM_SCHEDULER_INTERVAL_MS: '100',
      },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'stdio-test', version: '1.0.0' });
    try {
      await client.connect(transport);
      const created = await client.callTool({
        name: 'create_campaign',
        arguments: { name: 'Desktop only', conference_url: site.url('/api/v2/stdio1/view/All'), auto_start: true },
      });
      const campaignId = (created.structuredContent as { data: { campaign_id: string; run_started: boolean } }).data.campaign_id;
      expect((created.structuredContent as { data: { run_started: boolean } }).data.run_started).toBe(true);
      let run: { status: string; stage: string } | undefined;
      for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 250))) {
        const status = await client.callTool({ name: 'get_run_status', arguments: { campaign_id: campaignId } });
        run = (status.structuredContent as { data: { run: { status: string; stage: string } } }).data.run;
        if (run.status !== 'queued' && run.status !== 'running') break;
      }
      expect(run).toMatchObject({ status: 'done' });
      const stats = await client.callTool({ name: 'campaign_stats', arguments: { campaign_id: campaignId } });
      expect((stats.structuredContent as { data: { funnel: { scraped: number } } }).data.funnel.scraped).toBe(12);
    } finally {
      await client.close();
      await site.close();
    }
  }, 90_000);

  it('exits with a clear message when the key is missing or wrong', async () => {
    const { spawnSync } = await import('node:child_process');
    const run = spawnSync(process.execPath, [bin, 'stdio'], {
      env: { PATH: process.env.PATH ?? '', ...env.dbEnv, GREENROOM_API_KEY: 'grn_wrong' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/GREENROOM_API_KEY is not a valid key/);
  });
});
