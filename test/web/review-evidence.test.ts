import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedIn } from '../auth/oauth-support.js';
import type { Doors } from '../auth/support.js';
import { makePipelineWorld, type PipelineWorld } from '../support/pipeline.js';
import { draftedCampaign, draftedSpeakers } from './drafted-campaign.js';

/** The review's facts show where each came from in words a reviewer reads, never the page's markup. */
let w: PipelineWorld;
let campaignId: string;

beforeAll(async () => {
  w = await makePipelineWorld();
  campaignId = await draftedCampaign(w);
}, 60_000);
afterAll(() => w?.close());

it('says a LinkedIn profile was linked from the speaker’s entry, not the link element’s source', async () => {
  const drafted = await draftedSpeakers(w, campaignId);
  let linked: { speaker_id: string; evidence: Record<string, string> } | undefined;
  for (const id of drafted) {
    const d = (await w.tool('get_speaker_dossier', { speaker_id: id })).data;
    if (d.evidence.linkedin) linked = d;
    if (linked) break;
  }
  expect(linked?.evidence.linkedin).toMatch(/^<a /);
  const web = await signedIn(w as unknown as Doors, w.user.email);
  const html = await (await web.get(`/campaigns/${campaignId}/review?view=all&speaker=${linked!.speaker_id}`)).text();
  const facts = html.slice(html.indexOf('<aside class="dossier"'), html.indexOf('</aside>'));
  expect(facts).not.toContain('&lt;a ');
  expect(facts).toMatch(
    /<dt>LinkedIn<\/dt><dd><a href="https:\/\/www\.linkedin\.com\/in\/[^"]+"[^>]*>[^<]+<\/a><p class="evidence">Linked from the speaker’s entry on the page\.<\/p><\/dd>/,
  );
});

it('lists under Research only what the title, company and talk above do not already say', async () => {
  const drafted = await draftedSpeakers(w, campaignId);
  const web = await signedIn(w as unknown as Doors, w.user.email);
  let checked = 0;
  for (const id of drafted) {
    const d = (await w.tool('get_speaker_dossier', { speaker_id: id })).data;
    const repeats = d.research.signals.filter((s: { value: string }) => [d.title, d.company].includes(s.value));
    if (!repeats.length) continue;
    const html = await (await web.get(`/campaigns/${campaignId}/review?view=all&speaker=${id}`)).text();
    const facts = html.slice(html.indexOf('<aside class="dossier"'), html.indexOf('</aside>'));
    const research = /<dt>Research<\/dt><dd><ul class="plain">([\s\S]*?)<\/ul><\/dd>/.exec(facts)?.[1] ?? '';
    const items = [...research.matchAll(/<li>([^<]*)/g)].map((m) => m[1].trim());
    for (const r of repeats) expect(items).not.toContain(r.value);
    checked++;
  }
  expect(checked).toBeGreaterThan(0);
});
