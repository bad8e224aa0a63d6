import { startModelServer } from '../src/engine/loopback/server.js';

/**
 * The loopback model vendor in its own process for the models benchmark, so the run
 * being measured does not also pay for the vendor's side on its event loop.
 */
const server = await startModelServer({ latencyMs: Number(process.argv[2] ?? 300) });
process.stdout.write(`listening ${server.url}\n`);
const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
