import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { setSpeakerField, speakerSummary } from '../src/core/speakers.js';
import { uuid } from '../schemas/fields.js';
import { SpeakerSummary } from '../schemas/speaker.js';

export default defineTool({
  name: 'set_speaker_selected',
  title: 'Select or exclude speaker',
  description: 'Marks a speaker selected (true) or excluded (false). Excluded speakers get no drafts; selecting one again drafts it on the next run.',
  kind: 'write',
  http: { method: 'POST', path: '/speakers/{speaker_id}/selected' },
  hints: { idempotentHint: true },
  input: z.strictObject({ speaker_id: uuid, selected: z.boolean() }),
  output: SpeakerSummary,
  handler: async (input, ctx) => speakerSummary(await setSpeakerField(ctx, input.speaker_id, { selected: input.selected ? 1 : 0 })),
});
