import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { importEdges, KNOWN_UPWARD, layerOf, runtimeCycles, sourceFiles, upwardImports } from '../bench/import-graph.js';

const root = path.resolve(import.meta.dirname, '..');
const edges = importEdges(root, sourceFiles(root));

describe('the import graph of the service (src, tools, schemas, db)', () => {
  it('has no run-time import cycle', () => {
    expect(runtimeCycles(edges)).toEqual([]);
  });

  it('places every file in a layer', () => {
    for (const e of edges) for (const f of [e.from, e.to]) expect(() => layerOf(f), f).not.toThrow();
  });

  it('has no import pointing up the layers beyond the known ones, and every known one is still there', () => {
    const found = upwardImports(edges).map((e) => `${e.from} -> ${e.to}${e.runtime ? '' : ' (type)'}`);
    expect(
      found.filter((e) => !KNOWN_UPWARD.includes(e)),
      'new imports pointing up: import downward, or pass the dependency in',
    ).toEqual([]);
    expect(
      KNOWN_UPWARD.filter((e) => !found.includes(e)),
      'no longer in the code: take these off bench/layers.json',
    ).toEqual([]);
  });
});

describe('the lint rule that holds the layers (eslint.config.js, no-restricted-imports per folder)', () => {
  const eslint = new ESLint({ cwd: root });
  /** How many of the layer rule's refusals the line gets, written in the given file. */
  const refusals = async (file: string, line: string) => {
    const [result] = await eslint.lintText(`${line}\n`, { filePath: path.join(root, file) });
    return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').length;
  };
  const specifier = (from: string, to: string) => {
    const rel = path.posix.relative(path.posix.dirname(from), to).replace(/\.ts$/, '.js');
    return rel.startsWith('.') ? rel : `./${rel}`;
  };

  it('refuses an import up the layers, a type-only one or a re-export too, also from a file the folder does not have yet', { timeout: 60_000 }, async () => {
    expect(await refusals('src/core/brief.ts', "import { takeChunk } from '../pipeline/chunks.js';")).toBe(1);
    expect(await refusals('src/core/compare/common.ts', "import type { OutputOf } from '../../web/call.js';")).toBe(1);
    expect(await refusals('db/index.ts', "export { eventBus } from '../src/core/events.js';")).toBe(1);
    expect(await refusals('src/core/a-new-file.ts', "import { createApp } from '../http/app.js';")).toBe(1);
    expect(await refusals('src/pipeline/chunks.ts', "import { campaignBrief } from '../core/brief.js';")).toBe(0);
    // The loopback stand-ins sit above the service: a test's vendor never ships inside it.
    expect(await refusals('src/engine/index.ts', "export { startLoopbackVendor } from './loopback/server.js';")).toBe(1);
  });

  it('lets each known upward import through from its own file only', { timeout: 60_000 }, async () => {
    const files = sourceFiles(root);
    for (const entry of KNOWN_UPWARD) {
      const [from, to] = entry.replace(/ \(type\)$/, '').split(' -> ') as [string, string];
      const line = `import { x } from '${specifier(from, to)}';`;
      expect(await refusals(from, line), entry).toBe(0);
      const sibling = files.find(
        (f) =>
          f !== from &&
          path.posix.dirname(f) === path.posix.dirname(from) &&
          layerOf(f) === layerOf(from) &&
          !KNOWN_UPWARD.some((k) => k.startsWith(`${f} -> ${to}`)),
      );
      if (sibling) expect(await refusals(sibling, line), `${sibling} -> ${to}`).toBe(1);
    }
  });

  it(
    'holds the QA gate (src/qa/) below the outside world: it reads nothing of core, the context, the engines or the scrapers',
    { timeout: 60_000 },
    async () => {
      expect(await refusals('src/qa/hard.ts', "import { campaignBrief } from '../core/brief.js';")).toBe(1);
      expect(await refusals('src/qa/hard.ts', "import type { Ctx } from '../context.js';")).toBe(1);
      expect(await refusals('src/qa/hard.ts', "import { createOfflineEngine } from '../engine/offline/index.js';")).toBe(1);
      expect(await refusals('src/qa/hard.ts', "import { extractSpeakers } from '../scrape/extract.js';")).toBe(1);
      expect(await refusals('src/qa/plausible.ts', "import { companyProblem } from '../scrape/normalize-org.js';")).toBe(0);
      expect(await refusals('src/qa/hard.ts', "import { HARD } from './codes.js';")).toBe(0);
      expect(await refusals('src/engine/offline/reader.ts', "import { switchesField } from '../../qa/topics.js';")).toBe(0);
      expect(await refusals('src/engine/offline/reader.ts', "import { campaignBrief } from '../../core/brief.js';")).toBe(1);
    },
  );

  it('refuses the moves undone: core back into the pipeline, shared schemas into the push', { timeout: 60_000 }, async () => {
    expect(await refusals('src/core/run-view.ts', "import { advanceRun } from '../pipeline/runner.js';")).toBe(1);
    expect(await refusals('src/core/runs.ts', "import { takeChunk } from '../pipeline/chunks.js';")).toBe(1);
    expect(await refusals('schemas/push.ts', "import { SKIP_HINTS } from '../src/core/push/eligibility.js';")).toBe(1);
    expect(await refusals('schemas/push.ts', "import { SENDERS } from '../src/senders/index.js';")).toBe(1);
    expect(await refusals('src/config.ts', "import type { Ctx } from './context.js';")).toBe(1);
  });

  it('leaves open the files of a lower layer inside an upper folder', { timeout: 60_000 }, async () => {
    expect(await refusals('src/core/brief.ts', "import { defineTool } from '../registry/define.js';")).toBe(0);
    expect(await refusals('src/core/brief.ts', "import { invoke } from '../registry/invoke.js';")).toBe(1);
    expect(await refusals('src/registry/define.ts', "import { toJsonSchema } from './json-schema.js';")).toBe(0);
    expect(await refusals('src/registry/define.ts', "import { invoke } from './invoke.js';")).toBe(1);
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
