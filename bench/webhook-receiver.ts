/**
 * The benchmark's webhook receiver, in a process of its own so it does not share the
 * worker's event loop: answers 204 to every POST and counts them (and distinct event
 * ids); GET answers the counts as JSON. Prints "listening <port>" when ready.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

let received = 0;
const ids = new Set<string>();
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    if (req.method === 'POST') {
      received++;
      ids.add((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string }).id);
      res.writeHead(204).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ received, distinct: ids.size }));
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`));
