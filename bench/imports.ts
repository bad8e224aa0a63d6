import path from 'node:path';
import { importEdges, KNOWN_UPWARD, layerOf, LAYERS, runtimeCycles, sourceFiles, upwardImports } from './import-graph.js';

/**
 * Prints the import figures of the service: imports between layers (runtime and type-only),
 * the imports that point up, and the run-time cycles, of this checkout or of the one named:
 * `npm run build && node dist/bench/imports.js [checkout]`.
 */
const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../..'));
const edges = importEdges(root, sourceFiles(root));
const between = new Map<string, { runtime: number; types: number }>();
for (const e of edges) {
  const [a, b] = [layerOf(e.from), layerOf(e.to)];
  if (a === b) continue;
  const key = `${LAYERS[a]!.name} -> ${LAYERS[b]!.name}`;
  const n = between.get(key) ?? { runtime: 0, types: 0 };
  if (e.runtime) n.runtime++;
  else n.types++;
  between.set(key, n);
}
const lines = [`imports between layers (runtime + type-only):`];
for (const [k, n] of [...between].sort()) lines.push(`  ${k}: ${n.runtime} + ${n.types}`);
const up = upwardImports(edges);
const named = up.map((e) => `${e.from} -> ${e.to}${e.runtime ? '' : ' (type)'}`);
const fresh = named.filter((e) => !KNOWN_UPWARD.includes(e));
lines.push(`upward imports: ${up.length} (${up.filter((e) => e.runtime).length} at run time; ${fresh.length} not listed in bench/layers.json)`);
for (const e of named) lines.push(`  ${e}${KNOWN_UPWARD.includes(e) ? '' : '  <- new'}`);
const cycles = runtimeCycles(edges);
lines.push(`run-time import cycles: ${cycles.length}`);
for (const c of cycles) lines.push(`  ${c.join(' <-> ')}`);
process.stdout.write(`${lines.join('\n')}\n`);
