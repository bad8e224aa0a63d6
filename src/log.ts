import pino, { type Logger } from 'pino';

export type { Logger };

/** Logs go to stderr: in stdio mode stdout carries the MCP protocol and nothing else. */
export function createLogger(level: string): Logger {
  return pino({ level, base: undefined }, pino.destination({ fd: 2, sync: true }));
}
