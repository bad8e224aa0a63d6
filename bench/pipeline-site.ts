import { execFile, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { fictionalSpeakers } from '../src/core/fictional-speakers.js';
import { sessionizeAll, startSite, type SitePage } from '../src/demo/site.js';

/**
 * The pipeline bench's conference: N generated speakers over ten Sessionize API views,
 * served by a process of its own, so its pages are not counted in the peak RSS of the
 * process under measure (a real conference's site is not in Greenroom's memory).
 */
export interface BenchSite {
  host: string;
  paths: string[];
  url(p: string): string;
  close(): Promise<void>;
}

const PAGES = 10;

export function sitePaths(): string[] {
  return Array.from({ length: PAGES }, (_, p) => `/api/v2/bench${p}/view/All`);
}

/** Starts the site process and waits for its address. */
export async function startBenchSite(total: number): Promise<BenchSite> {
  const child: ChildProcess = execFile(process.execPath, [fileURLToPath(import.meta.url), String(total)]);
  const host = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const line = /^listening (\S+)\n/m.exec(out);
      if (line) resolve(line[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`the bench site stopped (exit ${code})`)));
  });
  return {
    host,
    paths: sitePaths(),
    url: (p) => `http://${host}${p}`,
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill();
      await exited;
    },
  };
}

// Run on its own: serve the pages until killed, or until the bench that started it is gone.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const total = Number(process.argv[2] ?? 10_000);
  const per = Math.ceil(total / PAGES);
  const site: Record<string, SitePage> = {};
  for (const [p, at] of sitePaths().entries()) {
    site[at] = { contentType: 'application/json', body: sessionizeAll(fictionalSpeakers(Math.max(0, Math.min(per, total - p * per)), p * per)) };
  }
  const server = await startSite(site);
  process.stdout.write(`listening ${server.host}\n`);
  process.stdin.once('end', () => process.exit(0)).resume();
}
