import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServeChild, type ServeChild } from '../support/serve-child.js';

/** Sends the head and part of a body, then drops the connection. */
async function abortUpload(port: number, head: string, partial: string): Promise<void> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.write(head + partial);
  await new Promise((resolve) => setTimeout(resolve, 200));
  socket.destroy();
}

const logLines = (stderr: string) =>
  stderr
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { level: number; msg: string });

describe('a client that aborts its upload', () => {
  let serve: ServeChild;
  beforeAll(async () => {
    serve = await startServeChild({ GREENROOM_LOG_LEVEL: 'debug' });
  });
  afterAll(() => serve?.stop());

  it('is logged at debug as a client abort, never as a server fault', async () => {
    const headers = (path: string, framing: string) =>
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${serve.port}\r\nAuthorization: Bearer ${serve.key}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n${framing}\r\n\r\n`;
    await abortUpload(serve.port, headers('/api/public/v1/campaigns', 'Content-Length: 100000'), '{"name":"half');
    await abortUpload(serve.port, headers('/api/public/v1/campaigns', 'Transfer-Encoding: chunked'), '5\r\n{"nam\r\n');
    await abortUpload(serve.port, headers('/mcp', 'Content-Length: 100000'), '{"jsonrpc":"2.0",');
    await abortUpload(serve.port, headers('/api/public/v1/agent-signup', 'Content-Length: 10000'), '{"email":"a@exa');
    const deadline = Date.now() + 15_000;
    while (logLines(serve.stderr()).filter((l) => l.msg === 'client aborted its request').length < 4 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const lines = logLines(serve.stderr());
    expect(lines.filter((l) => l.msg === 'client aborted its request').map((l) => l.level)).toEqual([20, 20, 20, 20]);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    // The server is unharmed and still serving.
    expect((await fetch(`${serve.base}/healthz`)).status).toBe(200);
  });
});
