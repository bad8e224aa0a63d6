/**
 * What an offline rewrite did with each part of its instruction, checked on the text it
 * returned: applied, not applied (and why), or approximated by writing the slot afresh.
 * A rewrite never comes back changed or unchanged without saying which parts it followed.
 */
import type { RewriteInput } from '../types.js';
import { factsFrom } from './facts.js';
import { hasLink, sanitizeOutsideQuotes } from './guard.js';
import type { Edits } from './instructions.js';
import { parseMessage } from './message.js';
import { ctaFor, isQuestion, signalFor } from './rewrite.js';
import { anyEdit, instructionEdits, readRequests, type Request } from './rewrite-requests.js';
import { styleOf } from './style.js';
import { fold } from './text.js';
import { toRegister } from './tone.js';

export type NoteStatus = 'applied' | 'not_applied' | 'approximated';

export interface RewriteNote {
  /** The part of the instruction, as the user wrote it. */
  request: string;
  status: NoteStatus;
  note: string;
}

interface Finding {
  ok: boolean;
  note: string;
}

const CAN_DO =
  'the offline engine can shorten or keep under a length, make it more formal or casual, drop or replace a word, drop the question, the links or the buzzwords, mention the talk or a researched topic, and add the call to action';

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
const has = (text: string, phrase: string) => fold(text).includes(fold(phrase));
const capitalized = (text: string) => text[0]!.toUpperCase() + text.slice(1);

export function rewriteNotes(input: RewriteInput, output: string): RewriteNote[] {
  const whole = instructionEdits(input.instruction);
  const regenerated = !anyEdit(whole.edits, whole.extra) && !whole.extra.language;
  return readRequests(input.instruction).map((r) => {
    if (r.kind === 'unknown') return unknownNote(r, input, output, regenerated);
    const found = findings(r, input, output);
    return { request: r.text, status: found.every((f) => f.ok) ? 'applied' : 'not_applied', note: found.map((f) => f.note).join(' ') };
  });
}

function unknownNote(r: Request, input: RewriteInput, output: string, regenerated: boolean): RewriteNote {
  if (regenerated && output !== input.content) {
    return {
      request: r.text,
      status: 'approximated',
      note: "Not an edit the offline engine can read, so the message was written afresh from the speaker's research, leading with what the instruction names where the research has it.",
    };
  }
  const why = regenerated ? 'Writing it afresh gave the same text.' : 'This part was left out.';
  return { request: r.text, status: 'not_applied', note: `Not an edit the offline engine can read (${CAN_DO}). ${why}` };
}

function findings(r: Request, input: RewriteInput, output: string): Finding[] {
  switch (r.kind) {
    case 'language':
      return [
        {
          ok: false,
          note: `The offline engine writes English only, so the text was not put into ${capitalized(r.extra.language ?? 'that language')}. A model provider (GREENROOM_MODEL_PROVIDER) can write other languages.`,
        },
      ];
    case 'drop_question':
      return [questionFinding(input, output)];
    case 'buzzwords':
      return [
        {
          ok: true,
          note:
            sanitizeOutsideQuotes(input.content) !== input.content
              ? 'Buzzwords were swapped for plain words.'
              : 'No buzzwords were found; there was nothing to drop.',
        },
      ];
    case 'mention':
      return r.extra.mentions.map((topic) => mentionFinding(topic, input, output));
    default:
      return editFindings(r.edits, input, output);
  }
}

function questionFinding(input: RewriteInput, output: string): Finding {
  const before = parseMessage(input.content).sentences.filter(isQuestion);
  const left = parseMessage(output).sentences.filter(isQuestion);
  if (left.length === 0) return { ok: true, note: before.length ? 'The question was dropped.' : 'There was no question to drop.' };
  const cta = fold(ctaFor(input, styleOf(input.campaign).register)).replace(/[.!?]+$/, '');
  if (input.slot === 3 && left.every((q) => fold(q).includes(cta))) {
    return { ok: false, note: 'The last message keeps its question: it is the call to action, which the last message must carry.' };
  }
  return { ok: false, note: 'The question stays: without it the message would have no sentence left.' };
}

function mentionFinding(topic: string, input: RewriteInput, output: string): Finding {
  const found = signalFor(topic, input.signals);
  const named = [topic, found].find((t) => t && has(output, t));
  if (named) return { ok: true, note: has(input.content, named) ? `${capitalized(named)} was already mentioned.` : `${capitalized(named)} is mentioned.` };
  if (!found) return { ok: false, note: `Nothing found about ${input.speaker.name} mentions ${topic}, and a message states only what the research found.` };
  return { ok: false, note: `${found} did not fit within the length the message must keep.` };
}

function editFindings(e: Edits, input: RewriteInput, output: string): Finding[] {
  const out: Finding[] = [];
  const before = input.content;
  if (e.maxChars !== null) {
    out.push(
      output.length <= e.maxChars
        ? {
            ok: true,
            note:
              before.length <= e.maxChars
                ? `It was already under ${e.maxChars} characters (${before.length}).`
                : `Now ${output.length} characters (limit ${e.maxChars}).`,
          }
        : {
            ok: false,
            note: `Now ${output.length} characters: under ${e.maxChars} it would lose what it must keep (the greeting, the personal line, the call to action).`,
          },
    );
  }
  if (e.maxWords !== null) {
    const n = words(output);
    out.push(
      n <= e.maxWords
        ? {
            ok: true,
            note: words(before) <= e.maxWords ? `It was already under ${e.maxWords} words (${words(before)}).` : `Now ${n} words (limit ${e.maxWords}).`,
          }
        : { ok: false, note: `Now ${n} words: under ${e.maxWords} it would lose what it must keep.` },
    );
  }
  if (e.shorten && e.maxChars === null && e.maxWords === null) {
    out.push(
      output.length < before.length
        ? { ok: true, note: `Shortened from ${before.length} to ${output.length} characters.` }
        : { ok: false, note: 'It could not be shortened without losing what it must keep (the greeting, the personal line, the call to action).' },
    );
  }
  if (e.register) {
    const word = e.register === 'formal' ? 'formal' : e.register === 'casual' ? 'casual' : 'neutral';
    out.push({
      ok: true,
      note: toRegister(before, e.register) === before ? `It already read ${word}; there was no wording to change.` : `Reworded to read more ${word}.`,
    });
  }
  if (e.removeLinks)
    out.push(
      hasLink(output) ? { ok: false, note: 'A link stays.' } : { ok: true, note: hasLink(before) ? 'The link was removed.' : 'There was no link to remove.' },
    );
  if (e.mentionTalk) {
    const talk = factsFrom(input.speaker, input.signals, input.campaign).talk;
    out.push(
      talk && has(output, talk)
        ? { ok: true, note: has(before, talk) ? 'The talk was already mentioned.' : 'The talk is mentioned.' }
        : { ok: false, note: talk ? 'The talk did not fit within the length the message must keep.' : 'No talk title was found that the message can quote.' },
    );
  }
  if (e.addCta) {
    const cta = fold(ctaFor(input, e.register ?? styleOf(input.campaign).register)).replace(/[.!?]+$/, '');
    out.push(
      fold(output).includes(cta)
        ? { ok: true, note: fold(before).includes(cta) ? 'The call to action was already in.' : 'The call to action is in.' }
        : { ok: false, note: 'The call to action did not fit within the length limit.' },
    );
  }
  for (const phrase of e.drops) {
    if (!has(output, phrase)) out.push({ ok: true, note: has(before, phrase) ? `“${phrase}” was dropped.` : `“${phrase}” was not in the text.` });
    else out.push({ ok: false, note: `“${phrase}” stays: it is part of a quoted title.` });
  }
  for (const [from, to] of e.replaces) {
    if (!has(before, from)) out.push({ ok: false, note: `“${from}” is not in the text, so there was nothing to replace.` });
    else if (has(output, from) && !(to && has(to, from))) out.push({ ok: false, note: `“${from}” stays: it is part of a quoted title.` });
    else out.push({ ok: true, note: to ? `“${from}” now reads “${to}”.` : `“${from}” was dropped.` });
  }
  return out;
}
