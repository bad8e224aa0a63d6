import v8 from 'node:v8';

/**
 * The pipeline's live heap is small (some 40 MB) and what it allocates dies young or at
 * the end of a chunk, yet V8 by default lets the old generation grow to about four times
 * what survived the last full collection before it collects again: at 10,000 speakers the
 * process's peak RSS was mostly that garbage (docs/benchmarks.md). Growing it by at most
 * twice keeps the peak near twice the live heap; the full collections come more often but
 * each marks a smaller heap, so they cost no more in all. Set once, for the whole process,
 * when it first runs the pipeline, unless the process was started with its own setting.
 */
const FLAG = '--heap-growing-percent';
const GROWING_PERCENT = 100;
let set = false;

export function boundHeapGrowth(): void {
  if (set) return;
  set = true;
  if ([...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((a) => a.includes(FLAG) || a.includes('heap_growing_percent'))) return;
  v8.setFlagsFromString(`${FLAG}=${GROWING_PERCENT}`);
}
