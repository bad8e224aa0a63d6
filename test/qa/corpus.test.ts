import { describe, expect, it } from 'vitest';
import { QA_CODES } from '../../src/qa/codes.js';
import { scoreMessage } from '../../src/qa/score.js';
import { cleanInputs, defectInputs } from './corpus/index.js';

const defects = defectInputs();
const clean = cleanInputs();

function table(rows: Array<[string, string, string]>): string {
  const w = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((c, i) => c.padEnd(w[i])).join('  ')).join('\n');
}

describe('QA corpus', () => {
  it('is big enough and plants every hard-fail code several times', () => {
    expect(defects.length).toBeGreaterThanOrEqual(60);
    expect(clean.length).toBeGreaterThanOrEqual(40);
    for (const slot of [1, 2, 3]) expect(clean.filter((c) => c.input.slot === slot).length).toBeGreaterThanOrEqual(10);
    for (const { code } of QA_CODES) {
      expect(defects.filter((d) => d.codes.includes(code)).length, code).toBeGreaterThanOrEqual(5);
    }
  });

  it('catches every planted defect and raises nothing else', () => {
    const planted = new Map<string, number>();
    const caught = new Map<string, number>();
    const failures: string[] = [];
    for (const d of defects) {
      const got = scoreMessage(d.input).hardFails;
      for (const code of d.codes) {
        planted.set(code, (planted.get(code) ?? 0) + 1);
        if (got.includes(code)) caught.set(code, (caught.get(code) ?? 0) + 1);
      }
      if ([...got].sort().join() !== [...d.codes].sort().join()) {
        failures.push(`${d.label}: want [${d.codes.join(', ')}], got [${got.join(', ')}]`);
      }
    }
    const rows: Array<[string, string, string]> = [['code', 'caught/planted', '']];
    for (const { code } of QA_CODES) {
      const p = planted.get(code) ?? 0;
      const c = caught.get(code) ?? 0;
      rows.push([code, `${c}/${p}`, c === p ? '' : 'MISSED']);
    }
    process.stdout.write(`\nPlanted defects (${defects.length} drafts)\n${table(rows)}\n`);
    expect(failures).toEqual([]);
  });

  it('hard-fails no clean draft and scores them as sendable', () => {
    const failures: string[] = [];
    const scores: number[] = [];
    for (const c of clean) {
      const r = scoreMessage(c.input);
      scores.push(r.score);
      if (r.hardFails.length > 0) failures.push(`${c.label}: ${r.hardFails.join(', ')} | ${r.reasons.join(' | ')}`);
    }
    const histogram = [...new Set(scores)].sort((a, b) => b - a).map((s) => `${s}: ${scores.filter((x) => x === s).length}`);
    process.stdout.write(`\nClean drafts (${clean.length}): no hard fail expected; scores ${histogram.join(', ')}\n`);
    expect(failures).toEqual([]);
    expect(Math.min(...scores)).toBeGreaterThanOrEqual(6);
  });

  it('routes no clean sequence to a person for repeating an angle', () => {
    const flagged = clean.map((c) => ({ label: c.label, flags: scoreMessage(c.input).flags })).filter((c) => c.flags.some((f) => f.endsWith('_no_rotation')));
    expect(flagged).toEqual([]);
  });
});
