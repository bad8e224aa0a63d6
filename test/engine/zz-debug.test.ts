import { it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { draftAndScore } from './qa-support.js';
import { generatedCampaign, generatedSpeaker } from './fixtures.js';
// @ts-ignore
import { realSpeakersForDebug, campaignForDebug } from './zz-real.js';
it('dbg', async () => {
  const people = realSpeakersForDebug();
  const runs = await Promise.all(people.map((s: any, i: number) => draftAndScore(s, campaignForDebug(i))));
  const gen = await Promise.all(Array.from({ length: 200 }, (_, i) => draftAndScore(generatedSpeaker(i), campaignForDebug(i))));
  const out: string[] = [];
  const counts: Record<string, number> = {};
  for (const run of [...runs, ...gen]) run.results.forEach((r, k) => {
    for (const c of r.hardFails) counts[c] = (counts[c] ?? 0) + 1;
    if (r.hardFails.length || r.score < 8) out.push(`${run.speaker.name} slot ${k + 1} ${r.score} ${r.hardFails.join(',')}: ${r.reasons.map((x) => x.replace(/^[^(]*\(/, '(')).join('; ')}\n${run.slots[k].content}\n`);
  });
  writeFileSync('/tmp/fails.txt', JSON.stringify(counts) + '\n' + out.join('\n'));
});
