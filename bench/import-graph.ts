import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import layers from './layers.json' with { type: 'json' };

/**
 * The service's import graph, read from the source: which file imports which, and whether
 * the import survives compilation (`import type` and `export type` do not; a dynamic
 * `import()` loads lazily and cannot take part in a load-order cycle).
 */
export interface Edge {
  from: string;
  to: string;
  /** False for `import type` / `export type`: gone after compilation. */
  runtime: boolean;
}

/** The folders that ship (package.json `files`); tests and benchmarks are not the service. */
export const SERVICE_ROOTS = ['src', 'tools', 'schemas', 'db'] as const;

export function sourceFiles(root: string, dirs: readonly string[] = SERVICE_ROOTS): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(rel);
    }
  };
  for (const d of dirs) walk(d);
  return out.sort();
}

/** Every static import and re-export between the given files (paths relative to root, with `/`). */
export function importEdges(root: string, files: readonly string[]): Edge[] {
  const known = new Set(files);
  const edges: Edge[] = [];
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS);
    for (const node of source.statements) {
      let specifier: ts.Expression | undefined;
      let typeOnly = false;
      if (ts.isImportDeclaration(node)) {
        specifier = node.moduleSpecifier;
        typeOnly = node.importClause?.isTypeOnly ?? false;
      } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
        specifier = node.moduleSpecifier;
        typeOnly = node.isTypeOnly;
      }
      if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier.text)).replace(/\.js$/, '.ts');
      if (known.has(target)) edges.push({ from: file, to: target, runtime: !typeOnly });
    }
  }
  return edges;
}

/** Groups of files that import each other at run time (strongly connected, two or more files, or one importing itself). */
export function runtimeCycles(edges: readonly Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) if (e.runtime) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  // Tarjan's algorithm, iterative so a deep chain cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let counter = 0;
  const nodes = [...new Set(edges.flatMap((e) => [e.from, e.to]))].sort();
  for (const start of nodes) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; i: number }> = [{ node: start, i: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const top = work[work.length - 1]!;
      const succ = next.get(top.node) ?? [];
      if (top.i < succ.length) {
        const w = succ[top.i++]!;
        if (!index.has(w)) {
          index.set(w, counter);
          low.set(w, counter++);
          stack.push(w);
          onStack.add(w);
          work.push({ node: w, i: 0 });
        } else if (onStack.has(w)) low.set(top.node, Math.min(low.get(top.node)!, index.get(w)!));
        continue;
      }
      work.pop();
      if (work.length) low.set(work[work.length - 1]!.node, Math.min(low.get(work[work.length - 1]!.node)!, low.get(top.node)!));
      if (low.get(top.node) !== index.get(top.node)) continue;
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== top.node);
      const selfLoop = group.length === 1 && (next.get(top.node) ?? []).includes(top.node);
      if (group.length > 1 || selfLoop) groups.push(group.sort());
    }
  }
  return groups;
}

/**
 * The layers of DESIGN.md ("Shape of the code") and CONVENTIONS 17, top first, kept in
 * layers.json so that eslint.config.js holds them too: a file may import from its own
 * layer and any layer below it. A path ending in `/` is a folder; the longest match
 * names a file's layer.
 */
export const LAYERS: ReadonlyArray<{ name: string; paths: readonly string[] }> = layers.layers;

/** Upward imports not yet undone, as `from -> to` (` (type)` for a type-only one), by reason; the list only shrinks. */
export const KNOWN_UPWARD: readonly string[] = Object.values(layers.knownUpward as Record<string, string[]>).flat();

/** A file's layer as an index into LAYERS (0 is the top); throws for a file no layer names. */
export function layerOf(file: string): number {
  let best = -1;
  let bestLength = -1;
  LAYERS.forEach((layer, i) => {
    for (const p of layer.paths) {
      const match = p.endsWith('/') ? file.startsWith(p) : file === p;
      if (match && p.length > bestLength) [best, bestLength] = [i, p.length];
    }
  });
  if (best < 0) throw new Error(`${file} is in no layer: add it to a layer in bench/layers.json`);
  return best;
}

/** Imports from a lower layer to a higher one, type-only ones included: a type borrowed from above ties a file to that layer too. */
export function upwardImports(edges: readonly Edge[]): Edge[] {
  return edges.filter((e) => layerOf(e.to) < layerOf(e.from));
}
