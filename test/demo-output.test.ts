/** `greenroom demo` as a new user runs it: the printed sequence is what would be sent. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';

const bin = path.resolve(import.meta.dirname, '../bin/greenroom');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'greenroom-demo-out-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('greenroom demo', () => {
  it('prints the drafted sequence with its line breaks, naming the conference', () => {
    const r = spawnSync(process.execPath, [bin, 'demo'], {
      env: { PATH: process.env.PATH ?? '', TMPDIR: dir, GREENROOM_LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(r.status, r.stderr).toBe(0);
    const sample = r.stdout.slice(r.stdout.indexOf('Sequence drafted for'));
    const lines = sample.split('\n');
    // Slot 2 is a letter: greeting, body and sign-off on their own lines, aligned under the first.
    const slot2 = lines.findIndex((l) => /^ {2}\[2\] \(QA \d+\/10\) Hey \w+,$/.test(l));
    expect(slot2, sample).toBeGreaterThan(0);
    expect(lines.slice(slot2, slot2 + 7)).toContainEqual(expect.stringMatching(/^ {17}Cheers,$/));
    expect(lines.slice(slot2, slot2 + 7)).toContainEqual(expect.stringMatching(/^ {17}Sam Rivera$/));
    expect(sample).toMatch(/DemoConf/);
  }, 150_000);
});
