/** CLI commands print their results on stdout on purpose; logs stay on stderr. */
export const out = (text: string): void => {
  process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
};
export const err = (text: string): void => {
  process.stderr.write(text.endsWith('\n') ? text : `${text}\n`);
};

/** A mistake in the command line: printed with the usage, exit code 2. */
export class UsageError extends Error {}
