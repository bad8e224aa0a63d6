import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importEdges, layerOf, runtimeCycles, sourceFiles, upwardImports } from '../bench/import-graph.js';

const root = path.resolve(import.meta.dirname, '..');
const edges = importEdges(root, sourceFiles(root));

/**
 * Imports that point up the layers (bench/import-graph.ts LAYERS) and are known. The list
 * only shrinks: a new upward import fails, and so does an entry no longer in the code,
 * so that it is taken off here.
 */
const KNOWN_UPWARD = [
  // Shared schemas reading vocabularies kept above them.
  'schemas/campaign.ts -> src/engine/settings.ts',
  'schemas/push.ts -> src/core/push/eligibility.ts',
  'schemas/push.ts -> src/senders/index.ts',
  'src/config.ts -> src/engine/settings.ts',
  'src/context.ts -> src/core/rate-limit.ts (type)',
  'src/context.ts -> src/engine/engines.ts (type)',
  // Core reaching into the pipeline and the demo.
  'src/core/compare/common.ts -> src/demo/people.ts',
  'src/core/run-view.ts -> src/pipeline/chunks.ts',
  'src/core/run-view.ts -> src/pipeline/failures.ts',
  'src/core/run-view.ts -> src/pipeline/runner.ts',
  'src/core/runs.ts -> src/pipeline/brief.ts',
  'src/core/runs.ts -> src/pipeline/chunks.ts',
  'src/core/runs.ts -> src/pipeline/fetcher.ts',
  // Engines reaching into core.
  'src/engine/loopback/compare-answer.ts -> src/core/message-qa.ts',
  'src/engine/offline/facts.ts -> src/core/qa/lexicon.ts',
  'src/engine/offline/reader.ts -> src/core/qa/topics.ts',
  'src/engine/prompts/judge.ts -> src/core/qa/codes.ts',
];

describe('the import graph of the service (src, tools, schemas, db)', () => {
  it('has no run-time import cycle', () => {
    expect(runtimeCycles(edges)).toEqual([]);
  });

  it('places every file in a layer', () => {
    for (const e of edges) for (const f of [e.from, e.to]) expect(() => layerOf(f), f).not.toThrow();
  });

  it('has no import pointing up the layers beyond the known ones, and every known one is still there', () => {
    const found = upwardImports(edges).map((e) => `${e.from} -> ${e.to}${e.runtime ? '' : ' (type)'}`);
    expect(found.filter((e) => !KNOWN_UPWARD.includes(e)), 'new imports pointing up: import downward, or pass the dependency in').toEqual([]);
    expect(KNOWN_UPWARD.filter((e) => !found.includes(e)), 'no longer in the code: take these off KNOWN_UPWARD').toEqual([]);
  });
});

describe('the import walker', () => {
  it('finds a cycle through re-exports, and none where one link is type-only or a dynamic import', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'greenroom-imports-'));
    try {
      const write = (file: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        fs.writeFileSync(path.join(dir, file), text);
      };
      write('src/a.ts', "import { b } from './b.js';\nexport const a = () => b;\n");
      write('src/b.ts', "export { c as b } from './c.js';\n");
      write('src/c.ts', "import { a } from './a.js';\nexport const c = () => a;\n");
      write('src/d.ts', "import type { E } from './e.js';\nexport type D = E;\n");
      write('src/e.ts', "import { type D } from './d.js';\nexport type E = D;\nexport const load = () => import('./f.js');\n");
      write('src/f.ts', "export { load } from './e.js';\n");
      const found = importEdges(dir, sourceFiles(dir, ['src']));
      expect(runtimeCycles(found)).toEqual([['src/a.ts', 'src/b.ts', 'src/c.ts']]);
      expect(found.filter((e) => !e.runtime)).toEqual([{ from: 'src/d.ts', to: 'src/e.ts', runtime: false }]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('calls an import upward when it goes from a lower layer to a higher one', () => {
    const down = { from: 'src/core/events.ts', to: 'db/index.ts', runtime: true };
    const up = { from: 'db/index.ts', to: 'src/core/events.ts', runtime: false };
    const sideways = { from: 'src/http/app.ts', to: 'src/web/index.ts', runtime: true };
    expect(upwardImports([down, up, sideways])).toEqual([up]);
  });
});
