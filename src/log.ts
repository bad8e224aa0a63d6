import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * Log lines bound for stderr. The first line of an event-loop turn is written at once,
 * so a request's line is out before its answer whenever requests come one at a time;
 * the lines that follow in the same turn (a server under load answers many requests a
 * turn) wait for the turn's end and go out in one write. Writes are synchronous, the
 * last one too when the process exits, so no line is left behind in a buffer.
 */
class StderrLines {
  private readonly out = pino.destination({ fd: 2, sync: true });
  private pending: string[] = [];
  private turnStarted = false;

  constructor() {
    process.on('exit', this.flush);
  }

  write(line: string): boolean {
    if (this.turnStarted) {
      this.pending.push(line);
      return true;
    }
    this.turnStarted = true;
    setImmediate(this.flush);
    this.out.write(line);
    return true;
  }

  private readonly flush = (): void => {
    this.turnStarted = false;
    if (this.pending.length === 0) return;
    const text = this.pending.join('');
    this.pending = [];
    this.out.write(text);
  };
}

let stderr: StderrLines | undefined;

/** Logs go to stderr: in stdio mode stdout carries the MCP protocol and nothing else. */
export function createLogger(level: string): Logger {
  stderr ??= new StderrLines();
  return pino({ level, base: undefined }, stderr);
}
