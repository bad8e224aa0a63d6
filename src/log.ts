import pino, { type Logger } from 'pino';

export type { Logger };

/** How long after a write further lines wait, so that under load one write carries many lines. */
const BATCH_MS = 10;

/**
 * Log lines bound for stderr. A line that follows no write in the last BATCH_MS is written
 * at once, so a request's line is out before its answer whenever requests come one at a
 * time; lines that follow closer (a server under load logs a line per request) wait at
 * most BATCH_MS and go out together in one write. Writes are synchronous, the last one
 * too when the process exits, so no line is left behind in a buffer.
 */
class StderrLines {
  private readonly out = pino.destination({ fd: 2, sync: true });
  private pending: string[] = [];
  private timer: NodeJS.Timeout | undefined;
  private lastWrite = -BATCH_MS;

  constructor() {
    process.on('exit', this.flush);
  }

  write(line: string): boolean {
    if (this.timer) {
      this.pending.push(line);
      return true;
    }
    const now = performance.now();
    if (now - this.lastWrite >= BATCH_MS) {
      this.lastWrite = now;
      this.out.write(line);
      return true;
    }
    this.pending.push(line);
    this.timer = setTimeout(this.flush, BATCH_MS - (now - this.lastWrite)).unref();
    return true;
  }

  private readonly flush = (): void => {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0) return;
    const text = this.pending.join('');
    this.pending = [];
    this.lastWrite = performance.now();
    this.out.write(text);
  };
}

let stderr: StderrLines | undefined;

/** Logs go to stderr: in stdio mode stdout carries the MCP protocol and nothing else. */
export function createLogger(level: string): Logger {
  stderr ??= new StderrLines();
  return pino({ level, base: undefined }, stderr);
}
