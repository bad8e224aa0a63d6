import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { speakerDossier } from '../src/core/speakers.js';
import { uuid } from '../schemas/fields.js';
import { SpeakerDossier } from '../schemas/speaker.js';

export default defineTool({
  name: 'get_speaker_dossier',
  title: 'Speaker dossier',
  description:
    'Returns everything known about one speaker: bio, talks, links, the evidence of each scraped field (the text of the conference page it was read from), enrichment, prequalify and qualify reasons, research signals with their source text, model_error (the stage a model vendor failed and why; the next start_campaign_run retries it), the drafted messages with their QA state, the same person in your other campaigns, the do-not-contact entry that matches them, their pushes in your other campaigns (recent_contacts, with whether that is inside the recontact window), and when a sending tool reported the connection accepted and the last reply. Covers intent leads too: give a lead_id as speaker_id to get its LinkedIn signals under intent.',
  kind: 'read',
  http: { method: 'GET', path: '/speakers/{speaker_id}' },
  input: z.strictObject({ speaker_id: uuid }),
  output: SpeakerDossier,
  handler: async (input, ctx) => speakerDossier(ctx, input.speaker_id),
});
