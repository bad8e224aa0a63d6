import fs from 'node:fs';

/**
 * The calling thread's own CPU seconds (Linux: /proc/thread-self/stat, in clock ticks of
 * 10 ms), apart from the process's other threads (extraction worker, checkpoints, V8's
 * compiler and collector threads); null where /proc is not there.
 */
export function mainThreadCpu(): number | null {
  try {
    const fields = fs.readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}
