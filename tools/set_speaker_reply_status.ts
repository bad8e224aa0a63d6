import { z } from 'zod';
import { defineTool } from '../src/registry/define.js';
import { requireSpeaker, setSpeakerField, speakerSummary } from '../src/core/speakers.js';
import { listSpeaker } from '../src/core/do-not-contact.js';
import { promoteReplied } from '../src/core/mark-sent.js';
import { uuid } from '../schemas/fields.js';
import { ReplyStatus, SpeakerSummary } from '../schemas/speaker.js';
import { DncEntry } from '../schemas/do-not-contact.js';

export default defineTool({
  name: 'set_speaker_reply_status',
  title: 'Set reply status',
  description:
    'Records how a speaker answered: replied, booked or no_reply; null clears it. replied or booked makes the speaker\'s sent messages the newest style exemplars of your profile and the campaign (later drafts learn from sequences that got answers). With do_not_contact=true (a reply that asks to stop), the person is also put on your do-not-contact list in the same call: their LinkedIn profile and any e-mail address known, with reason "asked to stop (reply)". Their unsent drafts in every campaign are then never pushed. A speaker with neither is tool_error and nothing is changed.',
  kind: 'write',
  http: { method: 'POST', path: '/speakers/{speaker_id}/reply-status' },
  hints: { idempotentHint: true },
  input: z.strictObject({
    speaker_id: uuid,
    reply_status: ReplyStatus.nullable(),
    do_not_contact: z.boolean().optional().describe('true: also add the person to the do-not-contact list (false or absent: the list is not touched)'),
  }),
  output: SpeakerSummary.extend({
    do_not_contact: z.array(DncEntry).optional().describe('With do_not_contact=true: the entries that now list this person'),
  }),
  handler: async (input, ctx) => {
    let listed;
    if (input.do_not_contact) listed = await listSpeaker(ctx, await requireSpeaker(ctx, input.speaker_id), 'asked to stop (reply)');
    const summary = speakerSummary(await setSpeakerField(ctx, input.speaker_id, { reply_status: input.reply_status }));
    // An answered sequence is what later drafts should learn from; a stop request is not.
    if ((input.reply_status === 'replied' || input.reply_status === 'booked') && !input.do_not_contact) await promoteReplied(ctx.db, input.speaker_id);
    return listed ? { ...summary, do_not_contact: listed } : summary;
  },
});
