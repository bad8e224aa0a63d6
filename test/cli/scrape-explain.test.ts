import http from 'node:http';
import path from 'node:path';
import type net from 'node:net';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `greenroom scrape URL --explain` run as a real process against a page served on
 * loopback: a programme with speaker cards, a lunch slot and an organisers' section.
 */
const bin = path.resolve(import.meta.dirname, '../../bin/greenroom');

const card = (time: string, name: string, role: string, talk: string, extra = '') =>
  `<li class="session"><span class="time">${time}</span><h3 class="speaker">${name}</h3><p class="role">${role}</p>${extra}<p class="talk">${talk}</p></li>`;

const PAGE = `<!doctype html><html><head><title>Quillcon 2031 — Programme</title></head><body>
<h1>Quillcon 2031</h1>
<h2>Programme</h2>
<ul class="sessions">
${card('09:00', 'Orla Penwright', 'Principal Engineer at Brambleworks', 'Typesetting the Long Tail', '<a href="https://www.linkedin.com/in/orla-penwright">LinkedIn</a>')}
${card('10:00', 'Teodor Vask', 'Head of Data, Lindenfield Labs', 'Queues Without Tears')}
<li class="session"><span class="time">12:00</span><p class="talk">Lunch</p></li>
${card('13:00', 'Ines Maribel Ocampo', 'Staff Designer at Quarrystone', 'Colour on a Budget')}
</ul>
<h2>Organizers</h2>
<ul class="sessions"><li class="session"><h3 class="speaker">Mirela Stoyan</h3><p class="role">Conference chair</p></li></ul>
</body></html>`;

let server: http.Server;
let base = '';
let host = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/programme') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    else if (req.url === '/programme.pdf') res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.7\n1 0 obj\n');
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  base = `http://${host}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

// Asynchronous: the page is served by this process, which must keep answering while the CLI runs.
async function scrape(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const env = { PATH: process.env.PATH ?? '', GREENROOM_LOG_LEVEL: 'silent', GREENROOM_ALLOW_HOSTS: host, GREENROOM_SCRAPE_PACING_MS: '0' };
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [bin, 'scrape', ...args], { env });
    return { code: 0, out: stdout, err: stderr };
  } catch (e) {
    const failed = e as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, out: failed.stdout ?? '', err: failed.stderr ?? '' };
  }
}

describe('greenroom scrape --explain', { timeout: 60_000 }, () => {
  it('prints, per person, the extractor and the page text behind each field, then who was left out and why', async () => {
    const r = await scrape(`${base}/programme`, '--explain');
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    expect(lines).toContain(`page: ${base}/programme (text/html)`);
    expect(lines).toContain('read by: html-generic');
    expect(lines).toContain('3 people:');
    const orla = lines.indexOf('1. Orla Penwright  [html-generic]');
    expect(orla).toBeGreaterThan(0);
    // Each field: its value, then on the next line the page's own words it came from.
    expect(lines.slice(orla + 1, orla + 11).map((l) => l.trim())).toEqual([
      'name      Orla Penwright',
      'from "Orla Penwright"',
      'title     Principal Engineer',
      'from "Principal Engineer at Brambleworks"',
      'company   Brambleworks',
      'from "Principal Engineer at Brambleworks"',
      'linkedin  https://www.linkedin.com/in/orla-penwright',
      'from "<a href="https://www.linkedin.com/in/orla-penwright">"',
      'talk      Typesetting the Long Tail',
      'from "Typesetting the Long Tail"',
    ]);
    const teodor = lines.indexOf('2. Teodor Vask  [html-generic]');
    expect(lines.slice(teodor + 1).map((l) => l.trim())).toEqual(
      expect.arrayContaining(['company   Lindenfield Labs', 'from "Head of Data, Lindenfield Labs"', 'linkedin  -']),
    );
    // Left out, in page order: the lunch slot is not a person, the chair is an organiser.
    const left = lines.indexOf('left out (2):');
    expect(left).toBeGreaterThan(teodor);
    expect(lines.slice(left + 1, left + 3).map((l) => l.trim())).toEqual([
      '"12:00 · Lunch": not a person: no name on the card',
      '"Mirela Stoyan": organizer section (organisers, hosts, sponsors or staff)',
    ]);
    expect(r.out).not.toMatch(/^\d+\. (Mirela Stoyan|Lunch)/m);
    expect(r.out).not.toMatch(/^warning:/m);
  });

  it('gives the same account as JSON with --json, and keeps the plain JSON without --explain', async () => {
    const explained = JSON.parse((await scrape(`${base}/programme`, '--explain', '--json')).out);
    expect(explained).toMatchObject({ extractor: 'html-generic', count: 3, event: 'Quillcon 2031', warning: null });
    expect(explained.left_out).toEqual([
      { text: '12:00 · Lunch', reason: 'not a person: no name on the card' },
      { text: 'Mirela Stoyan', reason: expect.stringMatching(/^organizer section/) },
    ]);
    expect(explained.speakers[1]).toMatchObject({ name: 'Teodor Vask', evidence: { title: 'Head of Data, Lindenfield Labs', talk: 'Queues Without Tears' } });
    const plain = JSON.parse((await scrape(`${base}/programme`)).out);
    expect(Object.keys(plain)).toEqual(['url', 'content_type', 'candidates', 'extractor', 'followed', 'count', 'speakers']);
    expect(plain.count).toBe(3);
  });

  it('says when the address is not an HTML page', async () => {
    const r = await scrape(`${base}/programme.pdf`, '--explain');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^0 people:$/m);
    expect(r.out).toMatch(new RegExp(`^warning: not an HTML page: ${base.replace(/\./g, '\\.')}/programme\\.pdf is a PDF document \\(application/pdf\\)`, 'm'));
  });
});
