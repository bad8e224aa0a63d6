import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import layers from './bench/layers.json' with { type: 'json' };

/**
 * CONVENTIONS 17: folders import downward. For every folder of the service (and every file
 * whose layer differs from its folder's), `no-restricted-imports` refuses the import
 * paths of the layers above it, except the upward imports bench/layers.json still lists
 * as known. test/layers.test.ts walks the same graph and keeps that list shrinking.
 */
function layerRules(roots) {
  const layerOf = (file) => {
    let best = -1;
    let length = -1;
    layers.layers.forEach((layer, i) => {
      for (const p of layer.paths) if ((p.endsWith('/') ? file.startsWith(p) : file === p) && p.length > length) [best, length] = [i, p.length];
    });
    return best;
  };
  const known = Object.values(layers.knownUpward)
    .flat()
    .map((e) => e.replace(/ \(type\)$/, '').split(' -> '));
  const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const asImport = (file) => file.replace(/\.ts$/, '.js');
  const relative = (dir, to) => {
    const rel = path.posix.relative(dir, to);
    if (rel === '') return '.';
    return rel.startsWith('..') ? rel : `./${rel}`;
  };
  /** The patterns refusing, from a file of `layer` in `dir`, every path above that layer. */
  const patterns = (dir, layer, file) => {
    const allowed = known.filter(([from]) => from === file).map(([, to]) => to);
    const out = [];
    for (const upper of layers.layers.slice(0, Math.max(layer, 0)).flatMap((l) => l.paths)) {
      if (!upper.endsWith('/')) {
        if (!allowed.includes(upper)) out.push(`^${escape(relative(dir, asImport(upper)))}$`);
        continue;
      }
      // Paths inside an upper folder that belong lower (src/registry/define.ts) stay open, and so do the known ones.
      const inside = [...layers.layers.slice(layer).flatMap((l) => l.paths), ...allowed]
        .filter((p) => p !== upper && p.startsWith(upper))
        .map((p) => escape(asImport(p.slice(upper.length))) + (p.endsWith('/') ? '' : '$'));
      out.push(`^${escape(relative(dir, upper.slice(0, -1)))}/${inside.length ? `(?!${inside.join('|')})` : ''}`);
    }
    return out;
  };
  const message = 'Folders import downward (bench/layers.json): import from a lower layer, move the shared part down, or pass the dependency in.';
  const rule = (files, regexes) => ({
    files,
    rules: { 'no-restricted-imports': regexes.length ? ['error', { patterns: regexes.map((regex) => ({ regex, message })) }] : 'off' },
  });
  const blocks = [];
  const walk = (dir) => {
    const entries = fs.readdirSync(path.join(import.meta.dirname, dir), { withFileTypes: true });
    const folderLayer = layerOf(`${dir}/`);
    const folder = folderLayer > 0 ? patterns(dir, folderLayer, null) : [];
    if (folder.length) blocks.push(rule([`${dir}/*.ts`], folder));
    for (const e of entries) {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(rel);
      else if (e.name.endsWith('.ts')) {
        const own = patterns(dir, layerOf(rel), rel);
        if (JSON.stringify(own) !== JSON.stringify(folder)) blocks.push(rule([rel], own));
      }
    }
  };
  for (const root of roots) walk(root);
  return blocks;
}

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    // stdout carries the MCP protocol in stdio mode: nothing in the service prints with console.
    files: ['src/**/*.ts', 'tools/**/*.ts', 'db/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
  ...layerRules(['src', 'tools', 'schemas', 'db']),
  {
    // Migrations are frozen against Kysely<any>, never the app's current table types.
    files: ['test/**/*.ts', 'bench/**/*.ts', 'db/migrations/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
