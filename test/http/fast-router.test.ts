import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { createHttpApp } from '../../src/http/app.js';
import { makeInstance, type TestEnv } from '../support/instance.js';

describe("the app's routes", () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await makeInstance();
  });
  afterAll(() => env.close());

  // Hono tries RegExpRouter first and, when one route does not fit it (a literal segment
  // beside a parameter, as /campaigns/new beside /campaigns/:id once was), serves every
  // request of the app through its trie router instead.
  it('all fit Hono’s RegExpRouter', () => {
    const app = createHttpApp(env.instance);
    const router = new RegExpRouter<unknown>();
    const refused: string[] = [];
    for (const r of app.routes) {
      try {
        router.add(r.method, r.path, r.handler);
      } catch {
        refused.push(`${r.method} ${r.path}`);
      }
    }
    expect(refused).toEqual([]);
    expect(() => router.match('GET', '/healthz')).not.toThrow();
  });

  it('are served by RegExpRouter once the first request has come in', async () => {
    const app = createHttpApp(env.instance);
    const res = await app.request('http://127.0.0.1/healthz', { headers: { host: '127.0.0.1' } });
    expect(res.status).toBe(200);
    expect(app.router.name).toBe('SmartRouter + RegExpRouter');
  });
});
