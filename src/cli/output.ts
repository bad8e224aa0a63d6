/** CLI commands print their results on stdout on purpose; logs stay on stderr. */
export const out = (text: string): void => {
  process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
};
export const err = (text: string): void => {
  process.stderr.write(text.endsWith('\n') ? text : `${text}\n`);
};

/** A mistake in the command line: printed with the usage, exit code 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    /** The usage to print after the message, when the mistake was in the arguments. */
    readonly usage?: string,
  ) {
    super(message);
  }
}

/** A command that could not do its work for a reason outside the program (a busy port, an unreachable page): one line, exit code 1. */
export class CommandFailed extends Error {}
