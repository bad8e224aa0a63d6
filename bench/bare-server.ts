import http from 'node:http';
import { createHash } from 'node:crypto';
import SQLite from 'better-sqlite3';

/**
 * The baselines: bare node:http and better-sqlite3, no framework, no validation, no envelope.
 * - `three`: the same reads as get_campaign (the key by its hash, the campaign with its
 *   speaker count, its conference URLs), answering the same data as JSON.
 * - `one`: one indexed read (the campaign row by its primary key) answered as JSON: the
 *   floor any server pays for a read, against which the per-request cost is measured.
 */
const [file = '', portText = '0', reads = 'three'] = process.argv.slice(2);
const db = new SQLite(file, { readonly: true });
const keyStmt = db.prepare('select user_id from api_keys where key_hash = ? and revoked_at is null');
const campaignStmt = db.prepare(
  'select c.*, (select count(*) from speakers s where s.campaign_id = c.id) as speaker_total from campaigns c where c.id = ? and c.user_id = ?',
);
const urlsStmt = db.prepare('select * from conference_urls where campaign_id = ? order by seq');
const rowStmt = db.prepare('select * from campaigns where id = ?');

function three(req: http.IncomingMessage): Record<string, unknown> | null {
  const id = req.url?.split('/').pop() ?? '';
  const key = (req.headers.authorization ?? '').slice(7);
  const owner = keyStmt.get(createHash('sha256').update(key).digest('hex')) as { user_id: string } | undefined;
  const row = owner ? (campaignStmt.get(id, owner.user_id) as Record<string, unknown> | undefined) : undefined;
  return row ? { ...row, icp: JSON.parse(row.icp as string), conference_urls: urlsStmt.all(id) } : null;
}

function one(req: http.IncomingMessage): Record<string, unknown> | null {
  return (rowStmt.get(req.url?.split('/').pop() ?? '') as Record<string, unknown> | undefined) ?? null;
}

const answer = reads === 'one' ? one : three;
const server = http.createServer((req, res) => {
  const body = answer(req);
  res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
});
server.listen(Number(portText), '127.0.0.1', () => {
  const addr = server.address();
  process.stdout.write(`listening ${typeof addr === 'object' && addr ? addr.port : ''}\n`);
});
