import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExtractionWorker } from '../../src/scrape/extract-pool.js';
import { extractSpeakers } from '../../src/scrape/extract.js';
import type { Page } from '../../src/scrape/types.js';

// `npm test` builds first; the worker thread runs the compiled code.
const builtWorker = new URL('../../dist/src/scrape/extract-worker.js', import.meta.url);
const fixtures = path.resolve(import.meta.dirname, '../fixtures/scrape/html');
const page = (file: string, url: string, contentType = 'text/html'): Page => ({
  url,
  status: 200,
  contentType,
  body: fs.readFileSync(path.join(fixtures, file), 'utf8'),
});
const API = 'https://sessionize.com/api/v2/nl7cc2xy/view/All';

describe('extraction on a worker thread', () => {
  it('reads the same speakers as on the main thread, asking the parent for follow-up pages', async () => {
    const fetched: string[] = [];
    const fetchPage = async (url: string): Promise<Page> => {
      fetched.push(url);
      if (url !== API) throw new Error(`unexpected fetch of ${url}`);
      return page('sessionize-all-nl7cc2xy.json', url, 'application/json');
    };
    const worker = new ExtractionWorker(fetchPage, { workerUrl: builtWorker });
    expect(worker.threaded).toBe(true);
    try {
      const start = page('sessionize-embed-script.html', 'https://northlake.example/speakers/');
      const threaded = await worker.extract(start);
      expect(fetched).toEqual([API]);
      const inline = await extractSpeakers(start, fetchPage);
      expect(threaded).toEqual(inline);
      expect(threaded.speakers.map((s) => s.name)).toEqual(['Sigrid Halvorsen', 'Marcus Oyelaran']);
    } finally {
      await worker.close();
    }
  });

  it('reports a failed follow-up fetch like the inline extractor does, and keeps working', async () => {
    const failing = async (): Promise<Page> => {
      throw new Error('the page answered HTTP 503');
    };
    const worker = new ExtractionWorker(failing, { workerUrl: builtWorker });
    try {
      const start = page('sessionize-embed-script.html', 'https://northlake.example/speakers/');
      expect(await worker.extract(start)).toEqual(await extractSpeakers(start, failing));
      const second = await worker.extract(page('generic-table.html', 'https://c.example/'));
      expect(second.speakers.length).toBeGreaterThan(0);
    } finally {
      await worker.close();
    }
  });

  it('extracts on the calling thread when no compiled worker is there', async () => {
    const worker = new ExtractionWorker(async () => page('sessionize-all-nl7cc2xy.json', API, 'application/json'), {
      workerUrl: new URL('file:///nonexistent/extract-worker.js'),
    });
    expect(worker.threaded).toBe(false);
    const out = await worker.extract(page('sessionize-embed-script.html', 'https://northlake.example/speakers/'));
    expect(out.speakers).toHaveLength(2);
  });
});
