import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { setSpeakerField, speakerSummary } from '../src/core/speakers.js';
import { uuid } from '../schemas/fields.js';
import { ReplyStatus, SpeakerSummary } from '../schemas/speaker.js';

export default defineTool({
  name: 'set_speaker_reply_status',
  title: 'Set reply status',
  description: 'Records how a speaker answered: replied, booked or no_reply; null clears it.',
  kind: 'write',
  http: { method: 'POST', path: '/speakers/{speaker_id}/reply-status' },
  hints: { idempotentHint: true },
  input: z.strictObject({ speaker_id: uuid, reply_status: ReplyStatus.nullable() }),
  output: SpeakerSummary,
  handler: async (input, ctx) => speakerSummary(await setSpeakerField(ctx, input.speaker_id, { reply_status: input.reply_status })),
});
