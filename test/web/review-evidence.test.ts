import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedIn } from '../auth/oauth-support.js';
import type { Doors } from '../auth/support.js';
import { makePipelineWorld, type PipelineWorld } from '../support/pipeline.js';

/** The review's facts show where each came from in words a reviewer reads, never the page's markup. */
let w: PipelineWorld;
let campaignId: string;

beforeAll(async () => {
  w = await makePipelineWorld();
  campaignId = (await w.tool('create_campaign', { name: 'Cards', conference_url: w.urls.cards })).data.campaign_id as string;
  expect((await w.tool('start_campaign_run', { campaign_id: campaignId })).ok).toBe(true);
  await w.scheduler.drain();
}, 60_000);
afterAll(() => w?.close());

it('says a LinkedIn profile was linked from the speaker’s entry, not the link element’s source', async () => {
  const drafted = [
    ...new Set(((await w.tool('list_messages', { campaign_id: campaignId, limit: 200 })).data.items as Array<{ speaker_id: string }>).map((m) => m.speaker_id)),
  ];
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
