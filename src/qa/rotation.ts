/**
 * Angle rotation: each follow-up should come at the speaker from a new angle.
 * A follow-up that reuses an earlier slot's angle label, or most of its
 * wording, is routed to a person (SPEC part 3 rule 5) without costing points.
 * The words that name the reader (their name, talk titles, company, title) and
 * the sender are left out of the wording compared: every slot points back at the
 * same talk, and a long title said twice is not the same angle said twice.
 */
import { FLAG } from './codes.js';
import { PerSequence, contentStemSet, jaccard } from './text.js';
import type { QaInput } from './types.js';

/** Share of distinct content words two messages may have in common before they count as one angle. */
export const ROTATION_SIMILARITY = 0.5;

const normAngle = (a: string | null | undefined): string =>
  (a ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

/** The stems of who is writing to whom: the same in every slot of a sequence, so made once for it. */
function addressStems(input: QaInput): ReadonlySet<string> {
  const { speaker, campaign } = input;
  return addressOf.get(input, () =>
    contentStemSet(
      [speaker.name, speaker.company, speaker.title, ...(speaker.talks ?? []), campaign.senderName, campaign.senderCompany].filter(Boolean).join('\n'),
    ),
  );
}

const addressOf = new PerSequence<ReadonlySet<string>>();

function ownStems(text: string, address: ReadonlySet<string>): ReadonlySet<string> {
  return new Set([...contentStemSet(text)].filter((s) => !address.has(s)));
}

export function sameAngle(input: QaInput): boolean {
  const earlier = input.otherSlots.filter((o) => o.slot < input.slot);
  const mine = normAngle(input.angle);
  if (mine && earlier.some((o) => normAngle(o.angle) === mine)) return true;
  const address = addressStems(input);
  const stems = ownStems(input.content, address);
  if (stems.size < 3) return false;
  return earlier.some((o) => jaccard(stems, ownStems(o.content, address)) >= ROTATION_SIMILARITY);
}

/** The rotation flag for this slot, or null. Slot 1 opens the sequence and has nothing to repeat. */
export function rotationFlag(input: QaInput): string | null {
  if (input.slot === 1 || !sameAngle(input)) return null;
  return input.slot === 2 ? FLAG.m2NoRotation : FLAG.m3NoRotation;
}
