import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * Logs go to stderr: in stdio mode stdout carries the MCP protocol and nothing else.
 * Writes are asynchronous: a line is queued and written off the event loop, and lines
 * queued while a write is under way go out together in the next one, so a server
 * under load makes one write for many request lines instead of a blocking write per
 * request. What is queued is written out synchronously when the process exits.
 */
export function createLogger(level: string): Logger {
  return pino({ level, base: undefined }, pino.destination({ fd: 2, sync: false }));
}
